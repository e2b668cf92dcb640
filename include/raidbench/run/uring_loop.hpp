#pragma once
/// The hot loop of the io_uring engine: keeps `queue_depth` I/Os in flight per thread.
#include <liburing.h>
#include <sys/uio.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/run/event_pacer.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/run/verifier.hpp"

namespace raidbench::detail {

/// One thread's ring, with the target's files and one buffer per slot registered, so the kernel
/// neither looks up a descriptor nor pins pages per I/O. Set up before the timed loop.
class uring_context {
 public:
  uring_context() = default;
  uring_context(const uring_context&) = delete;
  uring_context& operator=(const uring_context&) = delete;
  ~uring_context() {
    if (ready_) ::io_uring_queue_exit(&ring_);
  }

  // One entry more than the depth: a periodic flush is queued behind a full queue.
  expected<void> setup(const std::vector<int>& fds, std::uint32_t depth, std::size_t block) {
    if (const int r = ::io_uring_queue_init(depth + 1, &ring_, 0); r < 0) return system_failure("io_uring_queue_init", "", -r);
    ready_ = true;
    if (const int r = ::io_uring_register_files(&ring_, fds.data(), static_cast<unsigned>(fds.size())); r < 0)
      return system_failure("io_uring_register_files", "", -r);
    buffers_.reserve(depth);
    std::vector<iovec> iov;
    for (std::uint32_t i = 0; i < depth; ++i) {
      buffers_.emplace_back(block);
      iov.push_back({buffers_.back().data(), block});
    }
    // Registering buffers can fail under a low RLIMIT_MEMLOCK; plain reads and writes still work.
    fixed_buffers_ = ::io_uring_register_buffers(&ring_, iov.data(), depth) == 0;
    return {};
  }
  io_uring* ring() noexcept { return &ring_; }
  std::byte* buffer(std::size_t i) noexcept { return buffers_[i].data(); }
  std::vector<aligned_buffer>& buffers() noexcept { return buffers_; }
  bool fixed_buffers() const noexcept { return fixed_buffers_; }

 private:
  io_uring ring_{};
  bool ready_ = false;
  bool fixed_buffers_ = false;
  std::vector<aligned_buffer> buffers_;
};

/// Fills the ring, waits for at least one completion, records every completion, refills.
/// The clock is read once after each wait: it ends the reaped I/Os and starts the next batch.
/// With timing::gated an I/O is submitted alone once it has its turn; while none has, the loop
/// reaps what is in flight and waits for a turn only when nothing is, so no completion is timed
/// late; a periodic flush waits for the I/Os before it to complete, then for its own turn.
/// A verifying loop (run/verifier.hpp) claims and fills each block as it queues it and checks or
/// records it as it completes.
template <timing::kind Timing, class Access, op_choice Choice, bool Periodic, class Verifier = no_verifier>
void uring_loop(thread_job& job, uring_context& ctx, const Access& access, op_chooser<Choice> chooser,
                flush_plan<Periodic> flush, Verifier&& verifier = {}) {
  constexpr std::uint64_t flush_slot = UINT64_MAX;
  const unsigned block = static_cast<unsigned>(job.layout.block);
  const std::uint32_t depth = job.queue_depth;
  position_source<Access> positions(access, job.layout, job.first_block, job.end_block, job.one_pass);
  thread_stats& stats = *job.stats;
  io_uring* ring = ctx.ring();

  struct slot_state {
    op_kind kind;
    std::uint32_t file;
    std::uint64_t started;
    std::uint64_t offset;      // for a verifier
    std::uint32_t generation;  // the block's, as claimed
    std::uint64_t scheduled;   // a paced run: when the schedule gave it its turn
  };
  std::vector<slot_state> slots(depth);  // before the timed loop
  std::vector<std::uint32_t> free_slots;
  free_slots.reserve(depth);
  for (std::uint32_t i = depth; i > 0; --i) free_slots.push_back(i - 1);
  std::uint64_t flush_started = 0, flush_scheduled = 0;
  std::uint64_t scheduled = 0;  // a paced run: the scheduled start of the request being issued
  bool flush_in_flight = false;
  std::uint32_t flush_file = 0, flush_end = 0;  // the files a periodic flush still has to cover
  bool dirty = false;
  // A drained flush: it starts once every earlier I/O has completed, as a sync write would.
  auto queue_flush = [&](std::uint32_t file) {
    if constexpr (Timing == timing::kind::gated)
      if (job.observe) (*job.observe)(timing::request{op_kind::flush, file, 0, 0, job.index});
    io_uring_sqe* fsqe = ::io_uring_get_sqe(ring);
    ::io_uring_prep_fsync(fsqe, static_cast<int>(file),
                          flush.call == sync::call::fdatasync ? IORING_FSYNC_DATASYNC : 0);
    fsqe->flags |= IOSQE_FIXED_FILE | IOSQE_IO_DRAIN;
    ::io_uring_sqe_set_data64(fsqe, flush_slot);
    flush_in_flight = true;
  };

  std::uint64_t issued = 0, issued_bytes = 0, counted_since_flush = 0;
  std::uint32_t in_flight = 0;
  bool input_done = false;
  bool flush_due = false;  // timing::gated: a flush round waits until nothing is in flight
  std::uint64_t t = now_ns();
  const std::uint64_t loop_start = t;  // the busy time is the wall time from here (thread_stats::busy_ns)
  position where{};
  // Starts a periodic flush of `file`. With timing::gated only once it has its turn (false: the run
  // ends instead) and with nothing else in flight, so the wait times no I/O.
  auto start_flush = [&](std::uint32_t file) {
    if constexpr (Timing == timing::kind::gated) {
      const bool turn = !job.pacer || job.pacer->take(job, flush_scheduled);
      t = now_ns();
      if (!turn) return false;
    }
    queue_flush(file);
    if constexpr (Timing == timing::kind::gated) {
      flush_started = now_ns();  // after its observer
      (void)::io_uring_submit(ring);
    } else {
      flush_started = t;
    }
    if (flush.flushes_are_ops) ++issued;
    return true;
  };

  for (;;) {
    // Refill, unless a limit is reached or a flush must drain the queue first.
    while (!free_slots.empty() && !input_done && !flush_in_flight && !flush_due) {
      if (issued >= job.max_ops || issued_bytes >= job.max_bytes || t >= job.deadline_ns || job.told_to_stop()) {
        input_done = true;
        break;
      }
      if constexpr (Timing == timing::kind::gated) {
        if (job.pacer && !job.pacer->try_take(scheduled)) {
          if (in_flight > 0) break;
          const bool turn = job.pacer->take(job, scheduled);
          t = now_ns();
          if (!turn) {
            input_done = true;
            break;
          }
        }
      }
      std::uint32_t generation = 0;
      if (!positions.next(job.rng, where) || !claim_block(job, positions, verifier, where, generation)) {
        input_done = true;
        break;
      }
      const std::uint32_t s = free_slots.back();
      free_slots.pop_back();
      const op_kind kind = chooser.next(job.rng);
      if constexpr (Timing == timing::kind::gated) {
        if (job.observe) (*job.observe)(timing::request{kind, where.file, where.offset, block, job.index});
        t = now_ns();  // its time starts after its turn and its observer
      }
      io_uring_sqe* sqe = ::io_uring_get_sqe(ring);
      std::byte* buf = ctx.buffer(s);
      if (kind == op_kind::write) verifier.before_write(buf, where, generation);
      if (kind == op_kind::read) {
        if (ctx.fixed_buffers()) ::io_uring_prep_read_fixed(sqe, static_cast<int>(where.file), buf, block, where.offset, static_cast<int>(s));
        else ::io_uring_prep_read(sqe, static_cast<int>(where.file), buf, block, where.offset);
      } else {
        if (ctx.fixed_buffers()) ::io_uring_prep_write_fixed(sqe, static_cast<int>(where.file), buf, block, where.offset, static_cast<int>(s));
        else ::io_uring_prep_write(sqe, static_cast<int>(where.file), buf, block, where.offset);
      }
      sqe->flags |= IOSQE_FIXED_FILE;
      ::io_uring_sqe_set_data64(sqe, s);
      slots[s] = {kind, where.file, t, where.offset, generation, scheduled};
      if constexpr (Timing == timing::kind::gated) (void)::io_uring_submit(ring);  // alone: a later turn times nothing of it
      ++in_flight;
      ++issued;
      issued_bytes += block;
      if constexpr (Periodic) {
        dirty |= kind == op_kind::write;
        if ((kind == op_kind::write || flush.count_reads) && ++counted_since_flush == flush.every) {
          counted_since_flush = 0;
          if (dirty && !(flush.flushes_are_ops && issued >= job.max_ops)) {
            dirty = false;
            flush_file = flush.all_files ? 0 : where.file;
            flush_end = flush.all_files ? job.layout.files : where.file + 1;
            if (Timing == timing::kind::gated && in_flight > 0) flush_due = true;
            else if (!start_flush(flush_file)) input_done = true;
            break;
          }
        }
      }
    }
    if (flush_due && in_flight == 0) {
      flush_due = false;
      if (job.failure || !start_flush(flush_file)) input_done = true;
    }
    if (in_flight == 0 && !flush_in_flight) break;
    if (const int r = ::io_uring_submit_and_wait(ring, 1); r < 0 && r != -EINTR) {
      job.failure = {"io_uring_submit", 0, -r};
      break;
    }
    t = now_ns();
    stats.set_busy(t - loop_start);
    unsigned head;
    unsigned seen = 0;
    io_uring_cqe* cqe;
    io_uring_for_each_cqe(ring, head, cqe) {
      ++seen;
      const std::uint64_t s = ::io_uring_cqe_get_data64(cqe);
      if (s == flush_slot) {
        flush_in_flight = false;
        if (cqe->res < 0 && !job.failure) job.failure = {to_string(flush.call).data(), flush_file, -cqe->res};
        stats.record_in_flight(op_kind::flush, t - flush_started, 0);
        if constexpr (Timing == timing::kind::gated)
          if (stats.response) stats.record_response(op_kind::flush, t - flush_scheduled);
        if (cqe->res >= 0 && !verifier.flushed(flush_file, flush_file + 1) && job.failure_detail.empty()) {
          job.failure_detail = verifier.problem();
          input_done = true;
        }
        if (++flush_file < flush_end && !job.failure && !(flush.flushes_are_ops && issued >= job.max_ops) &&
            !start_flush(flush_file))
          input_done = true;
        continue;
      }
      const slot_state& st = slots[s];
      free_slots.push_back(static_cast<std::uint32_t>(s));
      --in_flight;
      const position done_at{st.file, st.offset};
      // An error, or fewer bytes than the block (errno 0: a short transfer), fails the run.
      if (cqe->res < 0 || static_cast<unsigned>(cqe->res) != block) [[unlikely]] {
        if (!job.failure) job.failure = {st.kind == op_kind::read ? "read" : "write", st.file, cqe->res < 0 ? -cqe->res : 0};
        verifier.abandon(done_at, st.generation);
        input_done = true;
        continue;
      }
      stats.record_in_flight(st.kind, t - st.started, static_cast<std::uint64_t>(cqe->res));
      if constexpr (Timing == timing::kind::gated)  // only a paced run has a response time
        if (stats.response) stats.record_response(st.kind, t - st.scheduled);
      if constexpr (std::decay_t<Verifier>::active)
        if (!(st.kind == op_kind::read ? verifier.after_read(ctx.buffer(s), done_at, st.generation)
                                       : verifier.after_write(done_at, st.generation)) &&
            job.failure_detail.empty()) {
          job.failure_detail = verifier.problem();
          input_done = true;
        }
    }
    ::io_uring_cq_advance(ring, seen);
  }
  if (flush.at_end && !job.failure && job.failure_detail.empty() && stats.ops_of(op_kind::write) != 0) {
    for (std::uint32_t f = 0; f < job.layout.files; ++f) {
      io_uring_sqe* sqe = ::io_uring_get_sqe(ring);
      ::io_uring_prep_fsync(sqe, static_cast<int>(f),
                            flush.call == sync::call::fdatasync ? IORING_FSYNC_DATASYNC : 0);
      sqe->flags |= IOSQE_FIXED_FILE;
      io_uring_cqe* cqe = nullptr;
      const int r = ::io_uring_submit_and_wait(ring, 1);
      if (r >= 0) ::io_uring_wait_cqe(ring, &cqe);
      const int res = r < 0 ? r : cqe->res;
      if (cqe) ::io_uring_cqe_seen(ring, cqe);
      if (res < 0) {
        job.failure = {to_string(flush.call).data(), f, -res};
        break;
      }
      const std::uint64_t flushed = now_ns();
      stats.record_in_flight(op_kind::flush, flushed - t, 0);
      ++stats.closing_flushes;
      t = flushed;
    }
    if (!job.failure && !verifier.flushed(0, job.layout.files)) job.failure_detail = verifier.problem();
  }
  stats.set_busy(t - loop_start);
  stats.elapsed_ns = t - job.start_ns;
}

}  // namespace raidbench::detail
