#pragma once
/// JSON for safety-check findings (ADL to_json), the document rb-ctrl writes
/// ({"inventory": {...}, "findings": [...]}) and the controller part of a benchmark report.
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/verdict/inventory_checks.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// {"check": "write_back_unprotected", "severity": "critical", "message": "...", "evidence": [...]}
RAIDBENCH_API void to_json(nlohmann::json& j, const finding& f);

/// The inventory and the findings on it, side by side.
RAIDBENCH_API nlohmann::json controller_report_json(const inventory& inv, const std::vector<finding>& findings);

/// {"source", "inventory", "findings", "summary" (the text rb-ctrl prints), "notes"}
RAIDBENCH_API void to_json(nlohmann::json& j, const controller_snapshot& s);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/controller_json.hpp"
#endif
