#pragma once
/// What one worker thread is given: its share of the target, its limits, its statistics.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "raidbench/core/random.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/stats/thread_stats.hpp"
#include "raidbench/workload/timing.hpp"

namespace raidbench::detail {

class event_pacer;

/// An I/O that failed: which call, on which file, with which errno. Plain data, so the hot loop
/// reports it without allocating; the runner turns it into a message.
struct io_failure {
  const char* call = nullptr;  ///< nullptr: no failure
  std::uint32_t file = 0;
  int errnum = 0;
  explicit operator bool() const noexcept { return call != nullptr; }
};

/// One thread's share of a run.
struct thread_job {
  block_layout layout;
  std::string failure_detail;  ///< the whole message of a failure that is no failed call (a block that fails its check)
  std::uint64_t first_block = 0, end_block = 0;  ///< the sequential share
  bool one_pass = false;
  std::uint64_t max_ops = UINT64_MAX;     ///< reads and writes this thread may issue
  std::uint64_t max_bytes = UINT64_MAX;
  std::uint64_t start_ns = 0;             ///< the synchronised start every thread's time counts from
  std::uint64_t deadline_ns = UINT64_MAX;
  std::uint32_t queue_depth = 1;
  const std::atomic<bool>* stop = nullptr;   ///< a signal asked to stop
  const std::atomic<bool>* abort = nullptr;  ///< another thread failed
  random_generator rng;
  thread_stats* stats = nullptr;
  io_failure failure;
  unsigned index = 0;  ///< the thread's number, from 0
  // timing::gated: the run's arrival process (none without a rate) and observer (none when not set)
  event_pacer* pacer = nullptr;
  const std::function<void(const timing::request&)>* observe = nullptr;

  bool told_to_stop() const noexcept {
    return stop->load(std::memory_order_relaxed) || abort->load(std::memory_order_relaxed);
  }
};

}  // namespace raidbench::detail
