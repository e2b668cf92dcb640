#pragma once
// The sysbench report's shared definitions (see core/linkage.hpp): included by sysbench.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/sysbench.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/run_statistics.hpp"

namespace raidbench::report {

namespace detail {
// A value with four decimals, trailing zeros and point dropped: sysbench's "1.1429", "8", "16".
inline std::string sysbench_short(double v) {
  std::string s = fmt::format("{:.4f}", v);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

inline double ms(double ns) { return ns / 1e6; }

// Bytes as a value below 1024 and the power of 1024 it is in (0 to 6), as both sysbench versions scale sizes.
struct scaled_size {
  double value;
  int power;
};
inline scaled_size in_powers_of_1024(std::uint64_t bytes) noexcept {
  scaled_size s{static_cast<double>(bytes), 0};
  for (; s.value >= 1024 && s.power < 6; ++s.power) s.value /= 1024;
  return s;
}
}  // namespace detail

RAIDBENCH_API std::string sysbench_size(std::uint64_t bytes) {
  static constexpr const char* prefixes[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  const auto [v, power] = detail::in_powers_of_1024(bytes);
  return detail::sysbench_short(v) + prefixes[power];
}

RAIDBENCH_API std::string sysbench04_size(std::uint64_t bytes) {
  static constexpr const char* units[] = {"b", "Kb", "Mb", "Gb", "Tb", "Pb", "Eb"};
  const auto [v, power] = detail::in_powers_of_1024(bytes);
  return fmt::format("{:.5g}{}", v, units[power]);  // sb_print_value_size(): "%.5g" and the unit
}

RAIDBENCH_API std::string sysbench_general_report(const sysbench_summary& s) {
  const latency_histogram& h = *s.latency;
  std::string out = "General statistics:\n";
  out += fmt::format("    total time:                          {:.4f}s\n", s.seconds);
  out += fmt::format("    total number of events:              {}\n\n", s.events);
  out += "Latency (ms):\n";
  out += fmt::format("         min:{:40.2f}\n", detail::ms(static_cast<double>(h.min_ns())));
  out += fmt::format("         avg:{:40.2f}\n", detail::ms(h.mean_ns()));
  out += fmt::format("         max:{:40.2f}\n", detail::ms(static_cast<double>(h.max_ns())));
  if (s.percentile > 0)
    out += fmt::format("        {:3}th percentile:{:28.2f}\n", s.percentile, detail::ms(h.percentile_ns(s.percentile)));
  else
    out += "         percentile stats:               disabled\n";
  // sysbench's sum is of its threads' execution times: the latencies' sum, except where they overlap
  // (async I/O), where it is the threads' wall time.
  double busy_seconds = 0;
  for (double t : s.thread_seconds) busy_seconds += t;
  out += fmt::format("         sum:{:40.2f}\n\n", busy_seconds * 1e3);
  const spread events = spread_of(s.thread_events);
  const spread busy = spread_of(s.thread_seconds);
  out += "Threads fairness:\n";
  out += fmt::format("    events (avg/stddev):           {:.4f}/{:3.2f}\n", events.avg, events.stddev);
  out += fmt::format("    execution time (avg/stddev):   {:.4f}/{:3.2f}\n\n", busy.avg, busy.stddev);
  return out;
}

RAIDBENCH_API std::string sysbench_interval_prefix(double elapsed_seconds) {
  return fmt::format("[ {:.0f}s ] ", elapsed_seconds);
}

RAIDBENCH_API std::string sysbench_histogram(const latency_histogram& h) {
  constexpr int bins = 1024;
  const double low = std::log(0.001), high = std::log(100000.0);
  const double per_bin = (bins - 1) / (high - low);
  std::vector<std::uint64_t> counts(bins, 0);
  h.for_each_bucket([&](std::uint64_t lowest, std::uint64_t highest, std::uint64_t n) {
    const double mid_ms = (static_cast<double>(lowest) + static_cast<double>(highest)) / 2e6;
    const double at = (std::log(std::max(mid_ms, 0.001)) - low) * per_bin;
    counts[static_cast<std::size_t>(std::clamp(std::ceil(at), 0.0, bins - 1.0))] += n;
  });
  counts[bins - 1] += h.overflow_count();
  std::uint64_t fullest = 0;
  for (auto n : counts) fullest = std::max(fullest, n);
  std::string out = "Latency histogram (values are in milliseconds)\n"
                    "       value  ------------- distribution ------------- count\n";
  for (int i = 0; i < bins; ++i) {
    if (counts[i] == 0) continue;
    const auto stars = static_cast<std::size_t>(std::lround(40.0 * static_cast<double>(counts[i]) / static_cast<double>(fullest)));
    out += fmt::format("{:12.3f} |{:<40} {}\n", std::exp(i / per_bin + low), std::string(stars, '*'), counts[i]);
  }
  out += " \n";
  return out;
}

}  // namespace raidbench::report
