#pragma once
/// A readable summary of a controller inventory: each controller with its cache, battery, virtual
/// drives (with default and current policies) and physical drives. Fields the tool did not show are
/// left out, never printed as a guess. What it means is the verdicts' (report/verdicts.hpp).
#include <string>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// The summary text, every line ending in '\n': source, controllers, and how many parts of the input
/// could not be read.
RAIDBENCH_API std::string format_controller_summary(const inventory& inv);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/controller_summary.hpp"
#endif
