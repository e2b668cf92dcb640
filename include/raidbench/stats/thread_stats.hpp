#pragma once
/// What one thread measured in a run: per-kind latency histograms and byte counts.
#include <array>
#include <atomic>
#include <cstdint>

#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/op_kind.hpp"
#include "raidbench/stats/record_counts.hpp"

namespace raidbench {

/// One thread's measurements, written only by that thread; cache-line aligned so threads never
/// share a line. A monitor thread may read it mid-run through `live_*` (relaxed atomics, no lock).
struct alignas(64) thread_stats {
  std::array<latency_histogram, op_kind_count> latency{};
  std::array<std::uint64_t, op_kind_count> bytes{};
  std::uint64_t busy_ns = 0;     ///< time spent inside timed operations
  std::uint64_t elapsed_ns = 0;  ///< wall time of this thread's run
  std::uint64_t closing_flushes = 0;  ///< flushes after the last I/O (sync at_end), among the flush kind's
  record_counts records{};       ///< full and partial records (copy workloads only)

  void record(op_kind kind, std::uint64_t latency_ns, std::uint64_t n_bytes) noexcept {
    const auto k = static_cast<std::size_t>(kind);
    latency[k].record(latency_ns);
    std::atomic_ref<std::uint64_t>(bytes[k]).store(bytes[k] + n_bytes, std::memory_order_relaxed);
    busy_ns += latency_ns;
  }
  const latency_histogram& histogram(op_kind kind) const noexcept {
    return latency[static_cast<std::size_t>(kind)];
  }
  /// Reads and writes done (flushes are not events, as in sysbench).
  std::uint64_t events() const noexcept {
    return histogram(op_kind::read).count() + histogram(op_kind::write).count();
  }
  /// Counts one input (`in`) or output record, full or partial; readable live like the bytes.
  void count_record(bool in, bool full) noexcept {
    std::uint64_t& n = in ? (full ? records.full_in : records.partial_in) : (full ? records.full_out : records.partial_out);
    std::atomic_ref<std::uint64_t>(n).store(n + 1, std::memory_order_relaxed);
  }
  record_counts live_records() const noexcept {
    auto load = [](const std::uint64_t& n) {
      return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(n)).load(std::memory_order_relaxed);
    };
    return {load(records.full_in), load(records.partial_in), load(records.full_out), load(records.partial_out)};
  }
  std::uint64_t live_bytes(op_kind kind) const noexcept {
    auto& b = const_cast<std::uint64_t&>(bytes[static_cast<std::size_t>(kind)]);
    return std::atomic_ref<std::uint64_t>(b).load(std::memory_order_relaxed);
  }
};

}  // namespace raidbench
