#pragma once
/// JSON for verdicts and the device ownership they rest on (nlohmann to_json/from_json, found by ADL).
#include <nlohmann/json_fwd.hpp>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// A verdict; its severity as its name ("warning"), which from_json requires to be known.
RAIDBENCH_API void to_json(nlohmann::json& j, const verdict& v);
RAIDBENCH_API void from_json(const nlohmann::json& j, verdict& v);

/// How the inventory relates to the device under test: {"status", "asserted", "devices", "ties"}.
RAIDBENCH_API void to_json(nlohmann::json& j, const device_ownership& o);
RAIDBENCH_API void from_json(const nlohmann::json& j, device_ownership& o);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/verdict_json.hpp"
#endif
