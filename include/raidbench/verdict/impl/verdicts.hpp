#pragma once
// The verdict list's definitions (see core/linkage.hpp): included by verdicts.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <optional>
#include <span>
#include <vector>

#include "raidbench/verdict/verdicts.hpp"
#include "raidbench/verdict/alignment.hpp"
#include "raidbench/verdict/controller_cache.hpp"
#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/verdict/flush_rate.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/page_cache.hpp"
#include "raidbench/verdict/pcie_link_rule.hpp"

namespace raidbench {

namespace detail {
// The read rate of an O_DIRECT test over the same files with the same access, to compare a buffered one with.
inline std::optional<double> direct_twin_rate(const named_result& t, std::span<const named_result> all) {
  for (const auto& o : all)
    if (&o != &t && uses_direct_io(o.result) && o.result.stats.of(op_kind::read).ops > 0 &&
        o.result.workload.path == t.result.workload.path && o.result.workload.access == t.result.workload.access &&
        o.result.workload.total_size == t.result.workload.total_size)
      return read_bytes_per_second(o.result);
  return std::nullopt;
}
}  // namespace detail

RAIDBENCH_API std::vector<verdict> evaluate_verdicts(const storage_context& c, const inventory* inv,
                                                     const device_ownership& owner, std::span<const named_result> results) {
  std::vector<verdict> out{partition_misaligned(c), pcie_link_below_max(c), degraded_array(c, inv, owner),
                           write_back_without_battery(inv, owner), policy_differs_from_default(inv, owner)};
  for (const auto& t : results) {
    if (t.result.stats.of(op_kind::read).ops > 0) out.push_back(page_cache_reads(t, c, detail::direct_twin_rate(t, results)));
    if (commits_per_second(t.result) > 0 && (t.result.workload.sync_every > 0 || t.result.stats.of(op_kind::flush).ops == 0))
      out.push_back(flush_faster_than_media(t, c, inv, owner));
  }
  return out;
}

}  // namespace raidbench
