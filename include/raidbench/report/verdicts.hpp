#pragma once
/// The verdicts as text: those that fired with their evidence, then one line for each that did not.
#include <string>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// "verdicts: N fired of M", the fired ones first with their evidence, then one line per quiet rule.
RAIDBENCH_API std::string format_verdicts(const std::vector<verdict>& verdicts);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/verdicts.hpp"
#endif
