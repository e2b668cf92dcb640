#pragma once
/// The hot loop of the synchronous engines, instantiated per kernel (kernel.hpp).
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "raidbench/run/call_clock.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/run/verifier.hpp"

namespace raidbench::detail {

/// Issues I/Os until a limit, a stop request or the end of input. With timing::per_call the clock is
/// read once per I/O boundary: one I/O's end is the next one's start, so a latency includes the few
/// nanoseconds of choosing the next offset. With timing::totals it is read every 64 calls, for the
/// time limit, and at the end. Allocates nothing, locks nothing, calls nothing virtual; a verifying
/// loop (run/verifier.hpp) claims, fills and checks each block around its I/O.
template <timing::kind Timing, class Access, op_choice Choice, bool Periodic, class Io, class Verifier = no_verifier>
void sync_loop(thread_job& job, const Io& io, std::byte* buffer, const Access& access, op_chooser<Choice> chooser,
               flush_plan<Periodic> flush, Verifier&& verifier = {}) {
  const std::size_t block = job.layout.block;
  position_source<Access> positions(access, job.layout, job.first_block, job.end_block, job.one_pass);
  thread_stats& stats = *job.stats;
  std::uint64_t ops = 0, bytes = 0, counted_since_flush = 0;
  bool dirty = false;  // a write since the last periodic flush
  call_clock<Timing> clock;
  position where{};
  while (ops < job.max_ops && bytes < job.max_bytes && clock.t < job.deadline_ns && !job.told_to_stop()) {
    clock.tick(ops);
    if (!positions.next(job.rng, where)) break;
    const op_kind kind = chooser.next(job.rng);
    std::uint32_t generation = 0;
    if (!claim_block(job, positions, verifier, where, generation)) break;
    if (!clock.admit(job, kind, where.file, where.offset, block)) {
      verifier.abandon(where, generation);
      break;
    }
    if (kind == op_kind::write) verifier.before_write(buffer, where, generation);
    const long done = kind == op_kind::read ? io.read(where.file, where.offset, buffer, block)
                                            : io.write(where.file, where.offset, buffer, block);
    if (done < 0) {
      job.failure = {kind == op_kind::read ? "read" : "write", where.file, errno};
      verifier.abandon(where, generation);
      break;
    }
    // On a file, fewer bytes than the block (after the engine retried the rest) is a failure: the file
    // ended early. errno 0 says so to the runner.
    if constexpr (!Io::stream)
      if (static_cast<std::size_t>(done) != block) [[unlikely]] {
        job.failure = {kind == op_kind::read ? "read" : "write", where.file, 0};
        verifier.abandon(where, generation);
        break;
      }
    if constexpr (std::decay_t<Verifier>::active)
      if (!(kind == op_kind::read ? verifier.after_read(buffer, where, generation) : verifier.after_write(where, generation))) {
        job.failure_detail = verifier.problem();
        break;
      }
    clock.finished(stats, kind, static_cast<std::uint64_t>(done));
    ++ops;
    bytes += static_cast<std::uint64_t>(done);
    if (done == 0) break;  // end of input (a stream, or a file shorter than it said)
    if constexpr (Periodic) {
      dirty |= kind == op_kind::write;
      if ((kind == op_kind::write || flush.count_reads) && ++counted_since_flush == flush.every) {
        counted_since_flush = 0;
        bool admitted = true;
        const std::uint32_t first = flush.all_files ? 0 : where.file;
        const std::uint32_t last = flush.all_files ? job.layout.files : where.file + 1;
        for (std::uint32_t f = first; dirty && f < last; ++f) {
          if (flush.flushes_are_ops && ops >= job.max_ops) break;  // the budget ends inside the round
          if (!(admitted = clock.admit(job, op_kind::flush, f, 0, 0))) break;
          if (io.flush(f, flush.call) != 0) {
            job.failure = {to_string(flush.call).data(), f, errno};
            break;
          }
          clock.finished(stats, op_kind::flush, 0);
          if (flush.flushes_are_ops) ++ops;
          if (!verifier.flushed(f, f + 1)) {
            job.failure_detail = verifier.problem();
            break;
          }
        }
        dirty = false;
        if (job.failure || !job.failure_detail.empty() || !admitted) break;
      }
    }
  }
  if (flush.at_end && !job.failure && job.failure_detail.empty() && stats.ops_of(op_kind::write) != 0) {
    // Inside the timed window, as sysbench's --file-fsync-end and dd's conv=fsync.
    for (std::uint32_t f = 0; f < job.layout.files; ++f) {
      if (io.flush(f, flush.call) != 0) {
        job.failure = {to_string(flush.call).data(), f, errno};
        break;
      }
      clock.finished(stats, op_kind::flush, 0);
      ++stats.closing_flushes;
    }
    if (!job.failure && !verifier.flushed(0, job.layout.files)) job.failure_detail = verifier.problem();
  }
  stats.elapsed_ns = clock.end() - job.start_ns;
}

}  // namespace raidbench::detail
