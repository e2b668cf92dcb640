#pragma once
// The tool overhead rule's definitions (see core/linkage.hpp): included by tool_overhead.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/tool_overhead.hpp"
#include "raidbench/verdict/page_cache_reads.hpp"

namespace raidbench {

RAIDBENCH_API std::optional<tool_cpu_use> tool_cpu_use_of(const result& r) {
  const auto& threads = r.stats.thread_cpu_time;
  if (threads.empty() || r.stats.elapsed_ns == 0) return std::nullopt;
  tool_cpu_use u;
  for (std::size_t i = 0; i < threads.size(); ++i) {
    u.all += threads[i];
    if (i == 0 || threads[i].total_ns() + threads[i].runqueue_ns > u.busiest.total_ns() + u.busiest.runqueue_ns) {
      u.busiest_thread = static_cast<unsigned>(i);
      u.busiest = threads[i];
    }
  }
  const auto elapsed = static_cast<double>(r.stats.elapsed_ns);
  u.busiest_core_fraction = static_cast<double>(u.busiest.total_ns()) / elapsed;
  u.busiest_wait_fraction = static_cast<double>(u.busiest.runqueue_ns) / elapsed;
  u.requests = r.stats.events() + r.stats.of(op_kind::flush).ops;
  return u;
}

namespace detail::tool_overhead_rule {

inline verdict judge_test(const named_result& t, const tool_cpu_use& use, const facts& f) {
  verdict v{"", t.name, false, severity::warning, "", {}};
  const double elapsed = static_cast<double>(t.result.stats.elapsed_ns);
  const double percent = 100 * use.busiest_core_fraction, waiting = 100 * use.busiest_wait_fraction;
  v.evidence.push_back(fmt::format("thread {} of {}: {:.1f} % of a core (user {:.1f} %, system {:.1f} %){} over {:.2f} s",
                                   use.busiest_thread + 1, t.result.stats.thread_cpu_time.size(), percent,
                                   100 * static_cast<double>(use.busiest.user_ns) / elapsed,
                                   100 * static_cast<double>(use.busiest.system_ns) / elapsed,
                                   use.busiest.runqueue_ns ? fmt::format(", waiting for a CPU {:.1f} % of the run,", waiting) : "",
                                   elapsed / 1e9));
  v.evidence.push_back(fmt::format("CPU per request: {:.0f} ns user + {:.0f} ns system over {} requests",
                                   use.user_ns_per_request(), use.system_ns_per_request(), use.requests));
  const bool on_cpu = use.busiest_core_fraction >= tool_bound_core_fraction;
  if (!on_cpu && use.busiest_core_fraction + use.busiest_wait_fraction < tool_bound_core_fraction) {
    v.message = fmt::format("the busiest thread used {:.0f} % of a core{}, under the {:.0f} % that would make the tool the limit",
                            percent, use.busiest.runqueue_ns ? fmt::format(" and waited {:.0f} % of the run for one", waiting) : "",
                            100 * tool_bound_core_fraction);
    return v;
  }
  if (page_cache_explains(t, f)) {
    v.message = "the page cache served these reads (page_cache_reads): the kernel's copy is the limit, and that verdict says so";
    return v;
  }
  v.fired = true;
  if (on_cpu) v.message = fmt::format("the tool, not the storage, may be the limit: {:.0f} % of a core per thread", percent);
  else
    v.message = fmt::format("the CPU, not the storage, may be the limit: {:.0f} % of a core per thread, and {:.0f} % of the run "
                            "waiting for a CPU that other work held",
                            percent, waiting);
  return v;
}

}  // namespace detail::tool_overhead_rule

RAIDBENCH_API void rule_traits<rule::tool_overhead>::judge(const facts& f, std::vector<verdict>& out) {
  // A result without its threads' CPU time (an older one, an import) holds nothing to judge.
  for (const auto& t : f.results)
    if (const auto use = tool_cpu_use_of(t.result); use && use->requests > 0)
      out.push_back(detail::tool_overhead_rule::judge_test(t, *use, f));
}

}  // namespace raidbench
