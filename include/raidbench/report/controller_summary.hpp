#pragma once
/// A readable summary of a controller inventory: each controller with its cache, battery, virtual
/// drives (with default and current policies) and physical drives, then the checks that fired with
/// their evidence. Fields the tool did not show are left out, never printed as a guess.
#include <string>
#include <vector>

#include "raidbench/verdict/inventory_checks.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// The summary text, every line ending in '\n': source, controllers, then "checks:" with evidence.
RAIDBENCH_API std::string format_controller_summary(const inventory& inv, const std::vector<finding>& findings);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/controller_summary.hpp"
#endif
