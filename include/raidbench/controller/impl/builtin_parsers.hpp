#pragma once
// parse_any over the shipped parsers, defined (see core/linkage.hpp): included by builtin_parsers.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <string_view>

#include "raidbench/controller/builtin_parsers.hpp"

namespace raidbench {

RAIDBENCH_API expected<inventory> parse_any(std::string_view text) { return parse_any(text, shipped_parsers); }

}  // namespace raidbench
