#pragma once
/// A look at a run in progress, taken every interval by the monitor thread (by a copy's own loop).
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "raidbench/run/partial_read_watch.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/op_kind.hpp"
#include "raidbench/stats/record_counts.hpp"

namespace raidbench {

/// Totals since the start, merged over threads; successive snapshots differ by one interval
/// (latency_histogram::since gives that interval's latencies).
struct progress_snapshot {
  std::uint64_t elapsed_ns = 0;
  std::array<latency_histogram, op_kind_count> latency{};
  std::array<std::uint64_t, op_kind_count> op_counts{};
  std::array<std::uint64_t, op_kind_count> bytes{};
  record_counts records{};  ///< copy workloads only
  // Per thread, in thread order: reads and writes, flushes, time inside operations.
  std::vector<std::uint64_t> thread_events, thread_flushes, thread_busy_ns;

  std::uint64_t ops(op_kind kind) const noexcept { return op_counts[static_cast<std::size_t>(kind)]; }
  std::uint64_t bytes_of(op_kind kind) const noexcept { return bytes[static_cast<std::size_t>(kind)]; }
};

/// How a run reports progress and where it looks for a stop request.
struct run_options {
  std::function<void(const progress_snapshot&)> on_progress;  ///< called from the calling thread
  std::chrono::milliseconds progress_interval{1000};
  const std::atomic<bool>* stop_flag = nullptr;  ///< default: raidbench::stop_request()
  /// Only the checks a run makes before it touches its target (sizes, alignment, queue depth, the
  /// buffers' memory): a plan of many runs (a sweep) checks every one before the first starts. The
  /// result is empty.
  bool check_only = false;
  /// Copy workloads: receives the totals when the run ends, also when it fails (dd prints them then).
  progress_snapshot* final_snapshot = nullptr;
  /// Copy workloads with mix::copy::continue_after_read_error: called after each failed read, with
  /// its errno and the totals so far, before the copy goes on (dd's conv=noerror reports each one).
  std::function<void(int errnum, const progress_snapshot&)> on_read_error;
  /// Copy workloads: when set, the copy feeds every read to it while it is armed, and passes what it
  /// reveals to on_partial_read (dd warns then). The caller may feed it its own reads first (skip=).
  partial_read_watch* partial_reads = nullptr;
  std::function<void(std::uint64_t bytes)> on_partial_read;
};

}  // namespace raidbench
