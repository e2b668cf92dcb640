#pragma once
/// Rule: the array under test is degraded or rebuilding (an md array in the chain, or a controller
/// virtual drive): the figures measure a sick array.
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Fires on md arrays in the chain with missing members or a resync/recovery running, and on the
/// virtual drives that hold the device under test (`owner`) in any state but optimal or with an
/// operation running. Sick arrays of an inventory not tied to the device are evidence only; they
/// fire, as a warning, only when the device may be among them (ownership unknown). Fired, it is
/// critical when redundancy is lost (members missing, array_trouble_of's broken states) and a
/// warning for background work alone (a resync, check or rebuild on an array that is otherwise well).
RAIDBENCH_API verdict degraded_array(const storage_context& c, const inventory* inv = nullptr,
                                     const device_ownership& owner = {});

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/degraded_array.hpp"
#endif
