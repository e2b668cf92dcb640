#pragma once
/// The hot loop of the synchronous engines, instantiated per access × mix × flush × engine.
#include <cstddef>
#include <cstdint>

#include "raidbench/core/clock.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/thread_job.hpp"

namespace raidbench::detail {

/// Issues I/Os until a limit, a stop request or the end of input. The clock is read once per I/O
/// boundary: one I/O's end is the next one's start, so a latency includes the few nanoseconds of
/// choosing the next offset. Allocates nothing, locks nothing, calls nothing virtual.
template <class Access, op_choice Choice, class Sync, class Io>
void sync_loop(thread_job& job, const Io& io, std::byte* buffer, op_chooser<Choice> chooser,
               flush_plan<Sync> flush) {
  const std::size_t block = job.layout.block;
  position_source<Access> positions(job.layout, job.first_block, job.end_block, job.one_pass);
  thread_stats& stats = *job.stats;
  std::uint64_t ops = 0, bytes = 0, counted_since_flush = 0;
  bool dirty = false;  // a write since the last periodic flush
  std::uint64_t t = now_ns();
  position where{};
  while (ops < job.max_ops && bytes < job.max_bytes && t < job.deadline_ns && !job.told_to_stop()) {
    if (!positions.next(job.rng, where)) break;
    const op_kind kind = chooser.next(job.rng);
    const long done = kind == op_kind::read ? io.read(where.file, where.offset, buffer, block)
                                            : io.write(where.file, where.offset, buffer, block);
    const std::uint64_t end = now_ns();
    if (done < 0) {
      job.failure = {kind == op_kind::read ? "read" : "write", where.file, errno};
      break;
    }
    stats.record(kind, end - t, static_cast<std::uint64_t>(done));
    t = end;
    ++ops;
    bytes += static_cast<std::uint64_t>(done);
    if (done == 0) break;  // end of input (a stream, or a file shorter than it said)
    if constexpr (flush_plan<Sync>::periodic) {
      dirty |= kind == op_kind::write;
      if ((kind == op_kind::write || flush.count_reads) && ++counted_since_flush == flush.every) {
        counted_since_flush = 0;
        const std::uint32_t first = flush.all_files ? 0 : where.file;
        const std::uint32_t last = flush.all_files ? job.layout.files : where.file + 1;
        for (std::uint32_t f = first; dirty && f < last; ++f) {
          if (io.template flush<flush_plan<Sync>::call>(f) != 0) {
            job.failure = {to_string(flush_plan<Sync>::call).data(), f, errno};
            break;
          }
          const std::uint64_t flushed = now_ns();
          stats.record(op_kind::flush, flushed - t, 0);
          t = flushed;
        }
        dirty = false;
        if (job.failure) break;
      }
    }
  }
  if (flush.at_end && !job.failure && stats.histogram(op_kind::write).count() != 0) {
    // Inside the timed window, as sysbench's --file-fsync-end and dd's conv=fsync.
    for (std::uint32_t f = 0; f < job.layout.files; ++f) {
      if (io.template flush<flush_plan<Sync>::call>(f) != 0) {
        job.failure = {to_string(flush_plan<Sync>::call).data(), f, errno};
        break;
      }
      const std::uint64_t flushed = now_ns();
      stats.record(op_kind::flush, flushed - t, 0);
      ++stats.closing_flushes;
      t = flushed;
    }
  }
  stats.elapsed_ns = t - job.start_ns;
}

}  // namespace raidbench::detail
