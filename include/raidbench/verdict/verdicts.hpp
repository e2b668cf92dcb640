#pragma once
/// Every verdict rule over a context, an optional inventory and a suite's results, in one list:
/// storage-wide rules first, then each test's.
#include <optional>
#include <span>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/alignment.hpp"
#include "raidbench/verdict/controller_cache.hpp"
#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/verdict/flush_rate.hpp"
#include "raidbench/verdict/page_cache.hpp"
#include "raidbench/verdict/pcie_link_rule.hpp"

namespace raidbench {

/// All verdicts; page-cache verdicts for tests that read, flush verdicts for tests that commit
/// periodically (a single closing flush says nothing about the media).
/// `owner` ties the inventory to the device under test (tie_to_device).
RAIDBENCH_API std::vector<verdict> evaluate_verdicts(const storage_context& c, const inventory* inv,
                                                     const device_ownership& owner, std::span<const named_result> results);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/verdicts.hpp"
#endif
