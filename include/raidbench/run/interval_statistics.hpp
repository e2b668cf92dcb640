#pragma once
/// The statistics of part of a run: between two progress snapshots, or from a snapshot to the
/// run's end (sysbench's --report-checkpoints reports, which reset the counters at each checkpoint).
/// Counts and bytes are exact; an interval's histogram holds exactly its operations, so its
/// percentiles are as true as the whole run's, but its min and max are the bounds of the lowest and
/// highest bucket used (latency_histogram::since).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "raidbench/run/progress.hpp"
#include "raidbench/stats/run_statistics.hpp"

namespace raidbench {

namespace detail {
inline std::vector<std::uint64_t> minus(const std::vector<std::uint64_t>& now, const std::vector<std::uint64_t>& before) {
  std::vector<std::uint64_t> out(now);
  for (std::size_t i = 0; i < std::min(out.size(), before.size()); ++i) out[i] -= std::min(out[i], before[i]);
  return out;
}
}  // namespace detail

/// What happened between `before` and `now`, two snapshots of the same run.
inline run_statistics statistics_between(const progress_snapshot& now, const progress_snapshot& before) {
  run_statistics out;
  for (std::size_t k = 0; k < op_kind_count; ++k) {
    out.kinds[k].ops = now.op_counts[k] - before.op_counts[k];
    out.kinds[k].bytes = now.bytes[k] - before.bytes[k];
    out.kinds[k].latency = now.latency[k].since(before.latency[k]);
  }
  out.elapsed_ns = now.elapsed_ns - before.elapsed_ns;
  out.thread_events = detail::minus(now.thread_events, before.thread_events);
  out.thread_busy_ns = detail::minus(now.thread_busy_ns, before.thread_busy_ns);
  out.thread_flushes = detail::minus(now.thread_flushes, before.thread_flushes);
  return out;
}

/// What happened in the run `total` after its snapshot `before`.
inline run_statistics statistics_since(const run_statistics& total, const progress_snapshot& before) {
  run_statistics out = total;
  for (std::size_t k = 0; k < op_kind_count; ++k) {
    out.kinds[k].ops -= std::min(out.kinds[k].ops, before.op_counts[k]);
    out.kinds[k].bytes -= std::min(out.kinds[k].bytes, before.bytes[k]);
    out.kinds[k].latency = total.kinds[k].latency.since(before.latency[k]);
  }
  out.elapsed_ns = total.elapsed_ns - std::min(total.elapsed_ns, before.elapsed_ns);
  out.thread_events = detail::minus(total.thread_events, before.thread_events);
  out.thread_busy_ns = detail::minus(total.thread_busy_ns, before.thread_busy_ns);
  out.thread_flushes = detail::minus(total.thread_flushes, before.thread_flushes);
  return out;
}

}  // namespace raidbench
