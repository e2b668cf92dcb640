#pragma once
/// The hot loop of the copy mix: read a record from the source, write it to the destination.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "raidbench/core/clock.hpp"
#include "raidbench/run/call_clock.hpp"
#include "raidbench/run/copy_conversion.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/workload/copy.hpp"

namespace raidbench::detail {

/// Which end of a copy an io_failure is about (its `file`).
inline constexpr std::uint32_t copy_source = 0;
inline constexpr std::uint32_t copy_destination = 1;

/// A copy's sizes and where each end starts (the psync engine's offsets).
struct copy_plan {
  mix::copy policy;
  std::size_t block = 0;  ///< input record size
  std::uint64_t source_offset = 0;
  std::uint64_t destination_offset = 0;
};

inline progress_snapshot snapshot_of(const thread_stats& s, std::uint64_t elapsed_ns) {
  progress_snapshot snap;
  snap.elapsed_ns = elapsed_ns;
  for (std::size_t k = 0; k < op_kind_count; ++k) {
    snap.latency[k] = s.latency[k].live_copy();
    snap.op_counts[k] = s.live_ops(static_cast<op_kind>(k));
    snap.bytes[k] = s.live_bytes(static_cast<op_kind>(k));
  }
  snap.records = s.live_records();
  snap.thread_events = {s.live_ops(op_kind::read) + s.live_ops(op_kind::write)};
  snap.thread_flushes = {s.live_ops(op_kind::flush)};
  snap.thread_busy_ns = {s.live_busy_ns()};
  return snap;
}

/// Progress of a copy, which runs on the calling thread without a monitor (a second thread would
/// make every read and write pay for glibc's thread-cancellation bookkeeping): the loop compares
/// the time it already has with `next_ns`, and calls `report` when an interval has passed or a
/// signal interrupted a call (dd's SIGUSR1 must be answered while a read from a pipe waits). It
/// also passes on a lost read (conv=noerror) and the first partial read that more data followed.
struct inline_progress {
  const run_options* options = nullptr;
  std::uint64_t start_ns = 0;
  std::uint64_t next_ns = UINT64_MAX;  ///< UINT64_MAX: nobody asked for progress
  partial_read_watch* partial_reads = nullptr;  ///< while it is armed

  inline_progress(const run_options& o, std::uint64_t start)
      : options(&o), start_ns(start), partial_reads(o.partial_reads && o.partial_reads->armed ? o.partial_reads : nullptr) {
    if (o.on_progress) next_ns = start + interval_ns();
  }
  std::uint64_t interval_ns() const noexcept {
    return static_cast<std::uint64_t>(std::chrono::nanoseconds(options->progress_interval).count());
  }
  /// A line is owed once data moves again after a report made while a read waited: what the wait
  /// ended with is shown at once, as dd shows a record that arrives after a second.
  bool owed = false;

  void report(const thread_stats& s, std::uint64_t now) {
    owed = false;
    if (!options->on_progress) return;
    options->on_progress(snapshot_of(s, now - start_ns));
    while (next_ns <= now) next_ns += interval_ns();
  }
  /// A report made while a read waits (a signal or the progress timer interrupted it).
  void report_waiting(const thread_stats& s, std::uint64_t now) {
    report(s, now);
    owed = options->on_progress != nullptr;
  }
  void read_error(const thread_stats& s, int errnum, std::uint64_t now) {
    if (options->on_read_error) options->on_read_error(errnum, snapshot_of(s, now - start_ns));
  }
  /// Each read's result `r` for `asked` bytes, while partial_reads is armed.
  void read_returned(long r, std::size_t asked) {
    if (const std::uint64_t revealed = partial_reads->returned(r, asked)) {
      partial_reads = nullptr;
      if (options->on_partial_read) options->on_partial_read(revealed);
    }
  }
};

/// Copies records until the end of input, a record limit, a stop request or an error. With
/// timing::per_call every read(2) and write(2) call is timed on its own (the clock is read once per
/// call boundary); with timing::totals calls are counted and the clock read every 64 records. A
/// write that moves fewer bytes is continued, as dd does, and a record counts once. A failed read
/// ends the copy unless mix::copy::continue_after_read_error. `staging` holds output blocks when
/// they differ from input records. With `Converts`, mix::copy::conversion rewrites the data between
/// reading and writing (into output blocks: it needs `output_block`) and conv=sparse seeks over
/// blocks of zeros. Allocates nothing, locks nothing.
template <timing::kind Timing, bool Periodic, bool Converts, class SourceIo, class DestinationIo>
void copy_loop(thread_job& job, const copy_plan& plan, const SourceIo& source, const DestinationIo& destination,
               std::byte* record, std::byte* staging, flush_plan<Periodic> flush, inline_progress& progress) {
  const mix::copy& p = plan.policy;
  const std::size_t in_block = plan.block;
  const std::size_t out_block = p.output_block;
  const std::uint64_t record_limit =
      p.records == UINT64_MAX ? UINT64_MAX : p.records + (p.tail_bytes != 0 ? 1 : 0);
  thread_stats& stats = *job.stats;
  std::uint64_t in_offset = plan.source_offset, out_offset = plan.destination_offset;
  std::uint64_t records = 0, bytes_read = 0, writes_since_flush = 0;
  std::size_t staged = 0;
  std::size_t last_short_record = 0;  // the last partial record's size, 0 after a full one
  call_clock<Timing> clock;
  [[maybe_unused]] copy_converter converter(p.conversion);
  [[maybe_unused]] bool sparse = Converts && p.conversion.sparse;
  [[maybe_unused]] bool last_was_seek = false;
  // dd pads a short record with spaces when it blocks or unblocks lines, with zeros otherwise.
  const int pad_byte = Converts && p.conversion.records != copy_conversion::reblock::none ? ' ' : 0;

  auto write_all = [&](const std::byte* data, std::size_t n) -> bool {
    std::size_t done = 0;
    while (done < n) {
      const long w = destination.write(0, out_offset, data + done, n - done);
      if (w <= 0) {
        if (w < 0 && errno == EINTR) {
          progress.report(stats, now_ns());
          if (job.told_to_stop()) return false;
          continue;
        }
        // As GNU dd: O_DIRECT refuses a last partial block (EINVAL), which is written without it.
        if (w < 0 && errno == EINVAL && (n - done) % 512 != 0) {
          const int fd = destination.descriptor(0);
          const int flags = ::fcntl(fd, F_GETFL);
          if (flags >= 0 && (flags & O_DIRECT) && ::fcntl(fd, F_SETFL, flags & ~O_DIRECT) == 0) continue;
          errno = EINVAL;
        }
        job.failure = {"write", copy_destination, w == 0 ? ENOSPC : errno};  // write(2) of 0 bytes: no room
        return false;
      }
      clock.finished(stats, op_kind::write, static_cast<std::uint64_t>(w));
      done += static_cast<std::size_t>(w);
      out_offset += static_cast<std::uint64_t>(w);
      if constexpr (Periodic) {
        if (++writes_since_flush == flush.every) {
          writes_since_flush = 0;
          if (destination.flush(0, flush.call) != 0) {
            job.failure = {to_string(flush.call).data(), copy_destination, errno};
            return false;
          }
          clock.finished(stats, op_kind::flush, 0);
        }
      }
    }
    return true;
  };

  // Seeks over `n` bytes of output instead of writing them; false when the output cannot seek
  // (a pipe: the zeros are written) or on an error (job.failure).
  [[maybe_unused]] auto skip_output = [&](std::size_t n) -> bool {
    if constexpr (DestinationIo::stream) {
      if (::lseek(destination.descriptor(0), static_cast<off_t>(n), SEEK_CUR) < 0) {
        if (errno != ESPIPE) job.failure = {"lseek", copy_destination, errno};
        return false;
      }
    }
    return true;
  };
  // One block of output: written, or with conv=sparse sought over when it is all zeros.
  auto output = [&](const std::byte* data, std::size_t n) -> bool {
    if constexpr (Converts) {
      if (sparse && n != 0 && data[0] == std::byte{0} && std::memcmp(data, data + 1, n - 1) == 0) {
        if (skip_output(n)) {
          clock.finished(stats, op_kind::write, n);  // dd counts the bytes sought over as copied
          out_offset += n;
          last_was_seek = true;
          return true;
        }
        if (job.failure) return false;
        sparse = false;  // an output that cannot seek gets its zeros written
      }
      last_was_seek = false;
    }
    return write_all(data, n);
  };
  // Appends to the output block being filled, writing each block once full.
  auto stage = [&](const std::byte* from, std::size_t n) -> bool {
    while (n != 0) {
      const std::size_t take = std::min(n, out_block - staged);
      std::memcpy(staging + staged, from, take);
      staged += take;
      from += take;
      n -= take;
      if (staged == out_block) {
        if (!output(staging, out_block)) return false;
        stats.count_record(false, true);
        staged = 0;
      }
    }
    return true;
  };

  while (records < record_limit && records < job.max_ops && bytes_read < job.max_bytes &&
         clock.t < job.deadline_ns && !job.told_to_stop()) {
    clock.tick(records);
    if (clock.t >= progress.next_ns) progress.report(stats, clock.t);
    else if (progress.owed) [[unlikely]] progress.report(stats, now_ns());
    const std::size_t want = records < p.records ? in_block : static_cast<std::size_t>(p.tail_bytes);
    const std::uint64_t record_start = in_offset;
    std::size_t got = 0, padded_from = SIZE_MAX;  // padded_from: where a lost record's zeros begin
    int lost_errno = 0;  // a failed read that the copy goes on after (continue_after_read_error)
    do {
      long r;
      int read_errno = 0;
      while ((r = source.read(0, in_offset, record + got, want - got)) < 0 && (read_errno = errno) == EINTR) {
        progress.report_waiting(stats, now_ns());
        if (job.told_to_stop()) break;
      }
      if (progress.partial_reads) [[unlikely]]
        progress.read_returned(r, want - got);
      if (r < 0) {
        if (read_errno == EINTR) break;  // told to stop
        if (p.continue_after_read_error) lost_errno = read_errno;
        else job.failure = {"read", copy_source, read_errno};
        break;
      }
      clock.finished(stats, op_kind::read, static_cast<std::uint64_t>(r));
      if (r == 0) break;  // end of input
      got += static_cast<std::size_t>(r);
      in_offset += static_cast<std::uint64_t>(r);
    } while (p.fill_blocks && got < want);
    if (job.failure) break;
    if (lost_errno != 0) [[unlikely]] {
      // As dd: the input moves on past the bad part, a block less the last short record (dd's
      // reckoning for a read that failed after a short one); the record is dropped unless padded.
      const std::uint64_t next = record_start + (in_block - last_short_record);
      if (source.advance(0, static_cast<std::int64_t>(next - in_offset)) != 0) {
        job.failure = {"lseek", copy_source, errno};
        break;
      }
      in_offset = next;
      progress.read_error(stats, lost_errno, now_ns());
      clock.restart();
      if (!p.pad_short_reads || last_short_record != 0) continue;
      // With pad_short_reads the lost record is written, a partial record as in dd: what it read
      // before the error (fill_blocks), then zeros, as dd's buffer zeroed before each read holds.
      padded_from = got;
      got = 0;
    } else if (got == 0) {
      break;
    }
    ++records;
    bytes_read += got;
    // A record is full when it holds a whole input block; a count_bytes tail never does.
    const bool full = got == in_block;
    last_short_record = full ? 0 : got;
    stats.count_record(true, full);
    std::size_t n = got;
    if (!full && p.pad_short_reads) {
      const std::size_t data = padded_from == SIZE_MAX ? got : padded_from;
      std::memset(record + data, pad_byte, in_block - data);
      n = in_block;
    }
    if constexpr (Converts) {
      if (p.conversion.rewrites()) {
        const bool converted = converter.convert(record, n, stage);
        stats.set_truncated(converter.truncated());
        if (!converted) break;
        continue;
      }
    }
    if (out_block == 0) {
      if (!output(record, n)) break;
      stats.count_record(false, n == in_block);
      continue;
    }
    if (!stage(record, n)) break;
  }
  if constexpr (Converts) {
    if (!job.failure && converter.finish(stage)) stats.set_truncated(converter.truncated());
  }
  if (staged != 0 && !job.failure && output(staging, staged)) stats.count_record(false, false);
  if constexpr (Converts) {
    // As dd: output that ends in a seek is extended to where it ends, if the file is shorter.
    if (last_was_seek && !job.failure) {
      const int fd = destination.descriptor(0);
      const off_t end = DestinationIo::stream ? ::lseek(fd, 0, SEEK_CUR) : static_cast<off_t>(out_offset);
      struct stat st {};
      if (end < 0 || ::fstat(fd, &st) != 0) job.failure = {"lseek", copy_destination, errno};
      else if (S_ISREG(st.st_mode) && st.st_size < end && ::ftruncate(fd, end) != 0)
        job.failure = {"ftruncate", copy_destination, errno};
    }
  }
  if (flush.at_end && !job.failure) {
    // Inside the timed window, as dd's conv=fsync and conv=fdatasync.
    if (destination.flush(0, flush.call) != 0) {
      job.failure = {to_string(flush.call).data(), copy_destination, errno};
    } else {
      clock.finished(stats, op_kind::flush, 0);
    }
  }
  stats.elapsed_ns = clock.end() - job.start_ns;
}

}  // namespace raidbench::detail
