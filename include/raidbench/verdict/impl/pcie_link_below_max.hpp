#pragma once
// The PCIe link rule's definition (see core/linkage.hpp): included by pcie_link_below_max.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/pcie_link_below_max.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API void rule_traits<rule::pcie_link_below_max>::judge(const facts& f, std::vector<verdict>& out) {
  if (!f.context) return;
  std::vector<std::string> evidence;
  bool known = false;
  for (const block_node* d : bottom_devices(f.context->devices)) {
    if (!d->pci) continue;
    const auto below = link_below_max(*d->pci);
    if (!below) continue;
    known = true;
    if (*below)
      evidence.push_back(fmt::format("{} above {}: link {} x{}, maximum {} x{}", d->pci->address, d->name,
                                     *d->pci->current_speed, *d->pci->current_width, *d->pci->max_speed,
                                     *d->pci->max_width));
  }
  out.push_back(verdict_on_evidence(severity::warning, std::move(evidence),
                                    "a PCIe link runs below its maximum: the controller's bandwidth is capped",
                                    known ? "PCIe links run at their maximum"
                                          : "PCIe link unknown (no link files, or no PCIe device above the disks)"));
}

}  // namespace raidbench
