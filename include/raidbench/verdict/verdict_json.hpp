#pragma once
/// JSON for verdicts and the device ownership they rest on (nlohmann to_json/from_json, found by ADL).
#include "raidbench/core/json_functions.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// - verdict: its severity as its name ("warning"), which from_json requires to be known.
/// - device_ownership: how the inventory relates to the device under test, {"status", "asserted",
///   "devices", "ties"}.
RAIDBENCH_JSON_FUNCTIONS(verdict, device_ownership)

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/verdict_json.hpp"
#endif
