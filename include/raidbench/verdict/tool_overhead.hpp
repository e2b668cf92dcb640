#pragma once
/// Rule `tool_overhead`: a worker thread was busy on the CPU nearly all the run, so the tool (its
/// loop, or the kernel's work on its behalf), not the storage, may be what limits the figure; or it
/// was on a CPU or waiting for one (other work held it) nearly all the run, so the CPU may be. One
/// verdict per test with requests whose threads' CPU time was measured; a warning. A figure the page
/// cache explains (page_cache_reads) is left to that rule: there the kernel's copy is the limit, and
/// it says so.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/stats/thread_cpu.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// The share of a core a worker thread must use (or use and wait for) for the rule to fire.
inline constexpr double tool_bound_core_fraction = 0.9;

/// What a result's worker threads cost in CPU: the busiest thread's share of a core, and the CPU
/// time per request (reads, writes and flushes) over all threads.
struct tool_cpu_use {
  unsigned busiest_thread = 0;       ///< from 0: the thread that spent most of the run on a CPU or waiting for one
  double busiest_core_fraction = 0;  ///< its CPU time over the run's wall time
  double busiest_wait_fraction = 0;  ///< its wait for a CPU over the run's wall time
  thread_cpu busiest;                ///< its CPU time
  thread_cpu all;                    ///< every thread's CPU time together
  std::uint64_t requests = 0;        ///< reads, writes and flushes
  double user_ns_per_request() const noexcept { return requests ? static_cast<double>(all.user_ns) / static_cast<double>(requests) : 0; }
  double system_ns_per_request() const noexcept { return requests ? static_cast<double>(all.system_ns) / static_cast<double>(requests) : 0; }
};

/// The CPU use of a result; nullopt when its threads' CPU time was not measured or it took no time.
RAIDBENCH_API std::optional<tool_cpu_use> tool_cpu_use_of(const result& r);

namespace rule {
struct tool_overhead {};
}  // namespace rule

template <>
struct rule_traits<rule::tool_overhead> {
  static constexpr std::string_view name = "tool_overhead";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/tool_overhead.hpp"
#endif
