#pragma once
/// Rule: the PCIe link of a controller above the disks runs slower or narrower than it can
/// (a card in a short slot, a riser, a link that trained down).
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Fires when a disk's PCI function reports a current link below its maximum.
RAIDBENCH_API verdict pcie_link_below_max(const storage_context& c);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/pcie_link_rule.hpp"
#endif
