#pragma once
// The result summary's definitions (see core/linkage.hpp): included by summary.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/report/summary.hpp"
#include "raidbench/verdict/tool_overhead.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/stats/latency_histogram.hpp"

namespace raidbench {

namespace detail {
inline std::string format_us(double ns) { return fmt::format("{:.1f}", ns / 1000.0); }

// "       latency µs: min … max …", one histogram's line.
inline std::string latency_line(std::string_view label, const latency_histogram& h) {
  return fmt::format("       {}: min {} avg {} p50 {} p90 {} p95 {} p99 {} p99.9 {} max {}\n", label,
                     format_us(static_cast<double>(h.min_ns())), format_us(h.mean_ns()), format_us(h.percentile_ns(50)),
                     format_us(h.percentile_ns(90)), format_us(h.percentile_ns(95)), format_us(h.percentile_ns(99)),
                     format_us(h.percentile_ns(99.9)), format_us(static_cast<double>(h.max_ns())));
}
}  // namespace detail

RAIDBENCH_API std::string format_summary(const result& r, std::uint64_t ram_bytes) {
  const auto& w = r.workload;
  const auto& s = r.stats;
  std::string out = fmt::format("workload: {} {}{} of {}, engine {}{}, open flags {}, sync {}{}, {} thread{}\n", w.access,
                                w.mix, w.mix == "read_percent" || w.mix == "read_write"
                                           ? fmt::format(" ({:.0f}% reads)", w.read_fraction * 100) : "",
                                format_iec(w.block_size), w.engine,
                                w.engine == "io_uring" ? fmt::format(" (queue depth {})", w.queue_depth) : "",
                                to_string(w.open_flags), w.sync, w.sync_every ? fmt::format(" every {} writes", w.sync_every) : "",
                                w.threads, w.threads == 1 ? "" : "s");
  out += fmt::format("target:   {} {} ({}{})\n", w.target, w.path, format_iec(w.total_size),
                     w.files > 1 ? fmt::format(" in {} files", w.files) : "");
  const double seconds = s.seconds();
  for (auto kind : {op_kind::read, op_kind::write, op_kind::flush}) {
    const auto& k = s.of(kind);
    if (k.ops == 0) continue;
    const auto& h = k.latency;
    out += fmt::format("{:<6} {:>10} ops  {:>10.1f} ops/s", fmt::format("{}:", to_string(kind)), k.ops,
                       seconds > 0 ? static_cast<double>(k.ops) / seconds : 0.0);
    if (kind != op_kind::flush)
      out += fmt::format("  {:>9.2f} MiB/s", seconds > 0 ? static_cast<double>(k.bytes) / seconds / 1048576.0 : 0.0);
    out += '\n';
    const auto* response = s.response_of(kind);
    out += detail::latency_line(response ? "service µs" : "latency µs", h);
    if (response) out += detail::latency_line("response µs", *response);
  }
  out += fmt::format("elapsed:  {:.3f} s, {} events ({:.1f}/s){}\n", seconds, s.events(),
                     seconds > 0 ? static_cast<double>(s.events()) / seconds : 0.0,
                     s.interrupted ? ", interrupted: a partial result" : "");
  if (const auto cpu = tool_cpu_use_of(r))
    out += fmt::format("cpu:      busiest thread {:.1f} % of a core{}; per request {:.0f} ns user + {:.0f} ns system\n",
                       100 * cpu->busiest_core_fraction,
                       cpu->busiest.runqueue_ns ? fmt::format(" (and {:.1f} % waiting for one)", 100 * cpu->busiest_wait_fraction) : "",
                       cpu->user_ns_per_request(), cpu->system_ns_per_request());
  if (!s.response.empty())
    out += fmt::format("paced:    {} requests/s, {} arrivals; service latency counts from each request's submission (as "
                       "fio's clat and lat and sysbench's latency do), response latency from its scheduled start: a "
                       "stall shows in the response latency of every request it delayed\n",
                       w.rate, w.rate_process);
  if (ram_bytes && page_cache_may_serve_reads(r, ram_bytes))
    out += fmt::format("note:     the target ({}) is smaller than RAM ({}) and O_DIRECT is off: reads may have been "
                       "served by the page cache, not the device\n",
                       format_iec(w.total_size), format_iec(ram_bytes));
  return out;
}

}  // namespace raidbench
