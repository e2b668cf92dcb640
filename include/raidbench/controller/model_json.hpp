#pragma once
/// JSON for the controller inventory (nlohmann to_json/from_json, found by ADL); absent fields are
/// left out, and read back empty.
#include <nlohmann/json_fwd.hpp>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// {"write": "write_back", "read": "adaptive", ...}
RAIDBENCH_API void to_json(nlohmann::json& j, const cache_policy& p);

/// {"kind": "bbu", "state": "optimal", "charge_percent": 99, ...}
RAIDBENCH_API void to_json(nlohmann::json& j, const battery& b);

/// {"controller": true, "battery": false, "arrays": true, "drives": true}: every part, always written.
RAIDBENCH_API void to_json(nlohmann::json& j, const coverage& c);

/// {"virtual_drives": 4, "degraded_virtual_drives": 1, ...}: the counts the input printed.
RAIDBENCH_API void to_json(nlohmann::json& j, const device_counts& c);

/// One virtual drive with its default and current policies.
RAIDBENCH_API void to_json(nlohmann::json& j, const virtual_drive& v);

/// One physical drive.
RAIDBENCH_API void to_json(nlohmann::json& j, const physical_drive& d);

/// One controller with its battery, policies and drives.
RAIDBENCH_API void to_json(nlohmann::json& j, const controller& c);

/// {"line": 12, "text": "..."}
RAIDBENCH_API void to_json(nlohmann::json& j, const warning& w);

/// {"source": "megacli", "controllers": [...], "warnings": [...]}
RAIDBENCH_API void to_json(nlohmann::json& j, const inventory& inv);

/// The inventory back from its JSON (a report's "controller"."inventory", rb-ctrl --json's
/// "inventory"): every field by the name to_json gives it; a name of a state or policy raidbench
/// does not know is an error.
RAIDBENCH_API void from_json(const nlohmann::json& j, cache_policy& p);
RAIDBENCH_API void from_json(const nlohmann::json& j, coverage& c);
RAIDBENCH_API void from_json(const nlohmann::json& j, device_counts& c);
RAIDBENCH_API void from_json(const nlohmann::json& j, battery& b);
RAIDBENCH_API void from_json(const nlohmann::json& j, virtual_drive& v);
RAIDBENCH_API void from_json(const nlohmann::json& j, physical_drive& d);
RAIDBENCH_API void from_json(const nlohmann::json& j, controller& c);
RAIDBENCH_API void from_json(const nlohmann::json& j, warning& w);
RAIDBENCH_API void from_json(const nlohmann::json& j, inventory& inv);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/model_json.hpp"
#endif
