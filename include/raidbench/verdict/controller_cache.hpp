#pragma once
/// Rules over the controller inventory: write-back without a healthy battery, and current cache
/// policies that differ from the configured defaults. Both judge the controllers and virtual drives
/// that hold the device under test; when the inventory is not tied to it, they judge all of it but
/// say so, and never reassure about the device under test.
#include <optional>
#include <string>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Fires when a cache writes back while its battery or capacitor is known not to protect it.
RAIDBENCH_API verdict write_back_without_battery(const inventory* inv, const device_ownership& owner);

/// Fires when a virtual drive's (or controller's) current cache policy differs from its default:
/// a bad battery or a learn cycle changed it, and the figures measure the fallback.
RAIDBENCH_API verdict policy_differs_from_default(const inventory* inv, const device_ownership& owner);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/controller_cache.hpp"
#endif
