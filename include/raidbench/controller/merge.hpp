#pragma once
/// Merging several dumps of the same machine (AdpAllInfo + PDList + AdpBbuCmd) into one inventory.
#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Merges another dump into `into`: controllers match by serial, else adapter number, else slot
/// (or as the only controller on both sides); VDs by id; PDs by enclosure:slot, device id or serial.
/// Where both dumps tell a field, `into` keeps its value; warnings are appended.
RAIDBENCH_API void merge(inventory& into, inventory&& from);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/merge.hpp"
#endif
