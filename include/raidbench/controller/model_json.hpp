#pragma once
/// JSON for the controller inventory (nlohmann to_json/from_json, found by ADL); absent fields are
/// left out, and read back empty.
#include "raidbench/controller/model.hpp"
#include "raidbench/core/json_functions.hpp"

namespace raidbench {

/// Every field by its member's name; a name of a state or policy raidbench does not know is an
/// error when read back (a report's "controller"."inventory", rb-ctrl --json's "inventory").
/// - cache_policy: {"write": "write_back", "read": "adaptive", ...}
/// - battery: {"kind": "bbu", "state": "optimal", "charge_percent": 99, ...}
/// - coverage: {"controller": true, "battery": false, "arrays": true, "drives": true}: every part,
///   always written.
/// - device_counts: {"virtual_drives": 4, "degraded_virtual_drives": 1, ...}: the counts the input
///   printed.
/// - virtual_drive: one virtual drive with its default and current policies.
/// - physical_drive: one physical drive.
/// - controller: one controller with its battery, policies and drives.
/// - warning: {"line": 12, "text": "..."}
/// - inventory: {"source": "megacli", "controllers": [...], "warnings": [...]}
RAIDBENCH_JSON_FUNCTIONS(cache_policy, battery, coverage, device_counts, virtual_drive, physical_drive, controller,
                         warning, inventory)

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/model_json.hpp"
#endif
