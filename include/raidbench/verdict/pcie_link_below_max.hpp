#pragma once
/// Rule `pcie_link_below_max`: the PCIe link of a controller above the disks runs slower or narrower than it can (a card in
/// a short slot, a riser, a link that trained down). Storage-wide, a warning.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct pcie_link_below_max {};
}  // namespace rule

template <>
struct rule_traits<rule::pcie_link_below_max> {
  static constexpr std::string_view name = "pcie_link_below_max";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/pcie_link_below_max.hpp"
#endif
