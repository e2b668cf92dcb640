#pragma once
// judge over the shipped rules, defined (see core/linkage.hpp): included by builtin_rules.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <vector>

#include "raidbench/verdict/builtin_rules.hpp"

namespace raidbench {

RAIDBENCH_API std::vector<verdict> judge(const facts& f) { return judge(f, shipped_rules); }

}  // namespace raidbench
