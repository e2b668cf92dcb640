#pragma once
/// What one thread measured in a run: per-kind latency histograms and byte counts.
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/op_kind.hpp"
#include "raidbench/stats/record_counts.hpp"
#include "raidbench/stats/thread_cpu.hpp"

namespace raidbench {

/// One thread's measurements, written only by that thread; cache-line aligned so threads never
/// share a line. A monitor thread may read it mid-run through `live_*` (relaxed atomics, no lock).
struct alignas(64) thread_stats {
  std::array<latency_histogram, op_kind_count> latency{};
  std::array<std::uint64_t, op_kind_count> ops{};  ///< timed or not (timing::totals leaves the histograms empty)
  std::array<std::uint64_t, op_kind_count> bytes{};
  /// Time spent inside timed operations; with a queue engine, whose operations overlap, the thread's
  /// wall time in its loop (sysbench's async "execution time"), not the sum of their latencies.
  std::uint64_t busy_ns = 0;
  std::uint64_t elapsed_ns = 0;  ///< wall time of this thread's run
  std::uint64_t closing_flushes = 0;  ///< flushes after the last I/O (sync at_end), among the flush kind's
  record_counts records{};       ///< full and partial records (copy workloads only)
  thread_cpu cpu{};              ///< CPU time the thread used from the start to its end (set-up excluded)
  /// A paced run's response latencies (from each request's scheduled start), per kind; null unpaced.
  std::unique_ptr<std::array<latency_histogram, op_kind_count>> response;

  /// One timed operation.
  void record(op_kind kind, std::uint64_t latency_ns, std::uint64_t n_bytes) noexcept {
    latency[static_cast<std::size_t>(kind)].record(latency_ns);
    std::atomic_ref<std::uint64_t>(busy_ns).store(busy_ns + latency_ns, std::memory_order_relaxed);
    count(kind, n_bytes);
  }
  /// One timed operation of a queue engine, overlapping others: its latency counts, and the busy time
  /// comes from set_busy.
  void record_in_flight(op_kind kind, std::uint64_t latency_ns, std::uint64_t n_bytes) noexcept {
    latency[static_cast<std::size_t>(kind)].record(latency_ns);
    count(kind, n_bytes);
  }
  /// The thread's busy time so far, for a queue engine: its wall time in the loop.
  void set_busy(std::uint64_t ns) noexcept { std::atomic_ref<std::uint64_t>(busy_ns).store(ns, std::memory_order_relaxed); }
  /// The response latency of one operation of a paced run (`response` allocated).
  void record_response(op_kind kind, std::uint64_t latency_ns) noexcept { (*response)[static_cast<std::size_t>(kind)].record(latency_ns); }
  /// One operation that was not timed (timing::totals).
  void count(op_kind kind, std::uint64_t n_bytes) noexcept {
    const auto k = static_cast<std::size_t>(kind);
    std::atomic_ref<std::uint64_t>(ops[k]).store(ops[k] + 1, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(bytes[k]).store(bytes[k] + n_bytes, std::memory_order_relaxed);
  }
  const latency_histogram& histogram(op_kind kind) const noexcept {
    return latency[static_cast<std::size_t>(kind)];
  }
  /// Reads and writes done (flushes are not events, as in sysbench).
  std::uint64_t events() const noexcept { return ops_of(op_kind::read) + ops_of(op_kind::write); }
  std::uint64_t ops_of(op_kind kind) const noexcept { return ops[static_cast<std::size_t>(kind)]; }
  /// Counts one input (`in`) or output record, full or partial; readable live like the bytes.
  void count_record(bool in, bool full) noexcept {
    std::uint64_t& n = in ? (full ? records.full_in : records.partial_in) : (full ? records.full_out : records.partial_out);
    std::atomic_ref<std::uint64_t>(n).store(n + 1, std::memory_order_relaxed);
  }
  /// The lines conv=block has cut so far.
  void set_truncated(std::uint64_t n) noexcept {
    std::atomic_ref<std::uint64_t>(records.truncated).store(n, std::memory_order_relaxed);
  }
  record_counts live_records() const noexcept {
    return {live(records.full_in), live(records.partial_in), live(records.full_out), live(records.partial_out),
            live(records.truncated)};
  }
  std::uint64_t live_bytes(op_kind kind) const noexcept { return live(bytes[static_cast<std::size_t>(kind)]); }
  std::uint64_t live_ops(op_kind kind) const noexcept { return live(ops[static_cast<std::size_t>(kind)]); }
  std::uint64_t live_busy_ns() const noexcept { return live(busy_ns); }

 private:
  static std::uint64_t live(const std::uint64_t& n) noexcept {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(n)).load(std::memory_order_relaxed);
  }
};

}  // namespace raidbench
