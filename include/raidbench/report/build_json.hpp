#pragma once
/// The "build" object every JSON report carries: which raidbench measured it and how it was built.
#include <nlohmann/json.hpp>

#include "raidbench/core/version.hpp"

namespace raidbench {

/// {"version": "0.1.0", "build_type": "optimised", "compiler": "clang 14.0.6"}, of the including tool.
inline nlohmann::json build_json() { return {{"version", version}, {"build_type", build_type()}, {"compiler", compiler()}}; }

}  // namespace raidbench
