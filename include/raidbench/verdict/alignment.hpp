#pragma once
/// Rule: a partition under the test directory does not start on a physical sector or 1 MiB boundary,
/// so blocks straddle sectors (read-modify-write) or RAID stripes.
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Fires for each partition in the chain known to be misaligned.
RAIDBENCH_API verdict partition_misaligned(const storage_context& c);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/alignment.hpp"
#endif
