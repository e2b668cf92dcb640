#pragma once
// The page cache rule's definition (see core/linkage.hpp): included by page_cache_reads.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/verdict/page_cache_reads.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace detail::page_cache_rule {

// The read rate of an O_DIRECT test over the same files with the same access, to compare a buffered one with.
inline std::optional<double> direct_twin_rate(const named_result& t, std::span<const named_result> all) {
  for (const auto& o : all)
    if (&o != &t && uses_direct_io(o.result) && o.result.stats.of(op_kind::read).ops > 0 &&
        o.result.workload.path == t.result.workload.path && o.result.workload.access == t.result.workload.access &&
        o.result.workload.total_size == t.result.workload.total_size)
      return read_bytes_per_second(o.result);
  return std::nullopt;
}

inline verdict judge_test(const named_result& t, const storage_context& c, std::optional<double> direct_bytes_per_second) {
  verdict v{"", t.name, false, severity::warning, "", {}};
  auto not_fired = [&](std::string why) {
    v.message = std::move(why);
    return v;
  };
  const result& r = t.result;
  const double bps = read_bytes_per_second(r);
  if (r.stats.of(op_kind::read).ops == 0) return not_fired("no reads");
  if (uses_direct_io(r)) return not_fired("reads used O_DIRECT: the page cache was bypassed");
  if (c.filesystem.type == "tmpfs") {
    v.fired = true;
    v.message = "the files live in tmpfs: every read is served from memory";
    v.evidence.push_back("filesystem type = tmpfs");
    return v;
  }
  if (!c.ram_bytes) return not_fired("RAM size unknown: cannot tell whether the data fits in the page cache");
  const std::uint64_t set = r.workload.total_size;
  if (!page_cache_may_serve_reads(r, c.ram_bytes)) {
    return not_fired(fmt::format("the data ({}) is larger than RAM ({}): the page cache cannot hold it",
                                 format_iec(set), format_iec(*c.ram_bytes)));
  }
  v.evidence.push_back(fmt::format("data {} < RAM {}, opened without O_DIRECT", format_iec(set), format_iec(*c.ram_bytes)));
  v.evidence.push_back(fmt::format("measured {:.1f} MB/s ({:.0f} reads/s of {} B)", bps / 1e6, reads_per_second(r),
                                   r.workload.block_size));
  const auto ceiling = ceiling_for(c, r.workload, v.evidence);
  bool above = false;
  std::vector<std::string> borderline;  // above a bound, but within its margin
  if (ceiling) {
    const auto check = check_against(*ceiling, bps);
    if (check.above()) above = true;
    else if (check.borderline())
      borderline.push_back(fmt::format("{:.2f}x the device's ceiling of {:.1f} MB/s, within the {:.2f}x margin", check.over,
                                       ceiling->bytes_per_second / 1e6, borderline_factor));
  }
  if (direct_bytes_per_second && *direct_bytes_per_second > 0) {
    const double ratio = bps / *direct_bytes_per_second;
    v.evidence.push_back(fmt::format("the same reads with O_DIRECT: {:.1f} MB/s ({:.1f}x slower)",
                                     *direct_bytes_per_second / 1e6, ratio));
    if (ratio > cached_over_direct_factor) above = true;
    else if (ratio > borderline_factor)
      borderline.push_back(fmt::format("{:.2f}x the O_DIRECT rate, under the {:.1f}x that shows a cache", ratio,
                                       cached_over_direct_factor));
  }
  const auto& latency = r.stats.of(op_kind::read).latency;
  const double median = latency.percentile_ns(50);
  if (latency.count() > 0 && median < static_cast<double>(fastest_device_read_ns)) {
    v.evidence.push_back(fmt::format("median read latency {:.1f} µs: no block device answers in under {:.0f} µs",
                                     median / 1e3, static_cast<double>(fastest_device_read_ns) / 1e3));
    above = true;
  }
  if (!above && !ceiling && !direct_bytes_per_second)
    return not_fired("the device's ceiling is unknown and no O_DIRECT run to compare: cannot tell");
  v.fired = above;
  if (above) v.message = "the page cache served these reads: the figure measures memory, not the storage";
  else if (!borderline.empty())
    v.message = fmt::format("possibly the page cache: {}; not conclusive (read-ahead, a drive's cache or the "
                            "measurement's error can explain it)", fmt::join(borderline, "; "));
  else v.message = "the read rate is within what the device can deliver";
  return v;
}

}  // namespace detail::page_cache_rule

RAIDBENCH_API bool page_cache_explains(const named_result& t, const facts& f) {
  return f.context && t.result.stats.of(op_kind::read).ops > 0 && reached_storage(t.result) &&
         detail::page_cache_rule::judge_test(t, *f.context, detail::page_cache_rule::direct_twin_rate(t, f.results)).fired;
}

RAIDBENCH_API void rule_traits<rule::page_cache_reads>::judge(const facts& f, std::vector<verdict>& out) {
  if (!f.context) return;
  for (const auto& t : f.results)
    if (t.result.stats.of(op_kind::read).ops > 0 && reached_storage(t.result))
      out.push_back(detail::page_cache_rule::judge_test(t, *f.context, detail::page_cache_rule::direct_twin_rate(t, f.results)));
}

}  // namespace raidbench
