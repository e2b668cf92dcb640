#pragma once
/// Every rule raidbench ships, as one list: the one judgement every tool reports.
#include <span>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/array_busy.hpp"
#include "raidbench/verdict/battery_unhealthy.hpp"
#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/verdict/drive_cache_enabled.hpp"
#include "raidbench/verdict/drive_failed.hpp"
#include "raidbench/verdict/drive_predictive_failure.hpp"
#include "raidbench/verdict/flush_faster_than_media.hpp"
#include "raidbench/verdict/page_cache_reads.hpp"
#include "raidbench/verdict/partition_misaligned.hpp"
#include "raidbench/verdict/pcie_link_below_max.hpp"
#include "raidbench/verdict/policy_differs_from_default.hpp"
#include "raidbench/verdict/rate_above_ceiling.hpp"
#include "raidbench/verdict/rule_list.hpp"
#include "raidbench/verdict/tool_overhead.hpp"
#include "raidbench/verdict/write_back_without_battery.hpp"

namespace raidbench {

/// The shipped rules: storage-wide ones first, then the controller's, then each test's. Add yours:
/// `builtin_rules + rules<my_rule>`.
inline constexpr auto builtin_rules =
    rules<rule::partition_misaligned, rule::pcie_link_below_max, rule::degraded_array, rule::array_busy,
          rule::battery_unhealthy, rule::write_back_without_battery, rule::policy_differs_from_default,
          rule::drive_failed, rule::drive_predictive_failure, rule::drive_cache_enabled, rule::page_cache_reads,
          rule::rate_above_ceiling, rule::flush_faster_than_media, rule::tool_overhead>;

/// The shipped rules' table, for the pipeline (session/pipeline.hpp).
inline constexpr std::span<const rule_entry> shipped_rules{table_v<decltype(builtin_rules)>};

/// Every verdict of the shipped rules over `f`.
RAIDBENCH_API std::vector<verdict> judge(const facts& f);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/builtin_rules.hpp"
#endif
