#pragma once
/// The clock of a hot loop: the last call boundary, and what a finished call does with it.
#include <cstdint>

#include "raidbench/core/clock.hpp"
#include "raidbench/stats/op_kind.hpp"
#include "raidbench/run/event_pacer.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/stats/thread_stats.hpp"
#include "raidbench/workload/timing.hpp"

namespace raidbench::detail {

/// With timing::per_call a finished call is timed from the previous boundary into its kind's
/// histogram: one clock read per boundary. With timing::totals it is only counted, and `tick` reads
/// the clock every 64 calls, so time limits and progress still work. With timing::gated each call
/// is timed as with per_call, from the moment it passes its gate (`admit`); in a paced run also from
/// the time the schedule gave it, its response latency.
template <timing::kind Timing>
struct call_clock {
  static constexpr bool EachCall = Timing != timing::kind::totals;

  std::uint64_t t = now_ns();  ///< the last call boundary (per_call), or the last reading (totals)
  std::uint64_t scheduled = 0;  ///< timing::gated with a rate: when the call was scheduled to start

  void finished(thread_stats& stats, op_kind kind, std::uint64_t n_bytes) noexcept {
    if constexpr (EachCall) {
      const std::uint64_t end = now_ns();
      stats.record(kind, end - t, n_bytes);
      if constexpr (Timing == timing::kind::gated)
        if (stats.response) stats.record_response(kind, end - scheduled);
      t = end;
    } else {
      stats.count(kind, n_bytes);
    }
  }
  /// Once per iteration, with the loop's count of calls or records.
  void tick(std::uint64_t calls) noexcept {
    if constexpr (!EachCall)
      if ((calls & 63) == 0) t = now_ns();
  }
  /// Before each request: with timing::gated, its turn (a paced run) and its observer, and its time
  /// starts after them. False: the run ends instead (its time is up, a stop, the pace was lost), and
  /// its end is now, not the last call's.
  bool admit([[maybe_unused]] thread_job& job, [[maybe_unused]] op_kind op, [[maybe_unused]] std::uint32_t file,
             [[maybe_unused]] std::uint64_t offset, [[maybe_unused]] std::uint64_t size) {
    if constexpr (Timing == timing::kind::gated) {
      const bool turn = !job.pacer || job.pacer->take(job, scheduled);
      if (turn && job.observe) (*job.observe)(timing::request{op, file, offset, size, job.index});
      t = now_ns();  // refused too: the wait belongs to no call, and the run ends now
      return turn;
    }
    return true;
  }
  /// After time that belongs to no call (a failed read and its report): the next call starts now.
  void restart() noexcept { t = now_ns(); }
  /// When the loop is over: the time it ended.
  std::uint64_t end() noexcept {
    if constexpr (!EachCall) t = now_ns();
    return t;
  }
};

}  // namespace raidbench::detail
