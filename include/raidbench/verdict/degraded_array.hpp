#pragma once
/// Rule: the array under test is degraded or rebuilding (an md array in the chain, or a controller
/// virtual drive): the figures measure a sick array.
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Fires on md arrays with missing members or a resync/recovery running, and on controller
/// virtual drives in any state but optimal.
RAIDBENCH_API verdict degraded_array(const storage_context& c, const inventory* inv = nullptr);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/degraded_array.hpp"
#endif
