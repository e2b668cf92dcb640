#pragma once
/// JSON of the document rb-ctrl writes ({"inventory": {...}, "verdicts": [...]}) and of the controller
/// part of a benchmark report.
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/controller/gather.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// The inventory and the verdicts on it, side by side.
RAIDBENCH_API nlohmann::json controller_report_json(const inventory& inv, const std::vector<verdict>& verdicts);

/// {"source", "inventory", "summary" (the inventory as rb-ctrl prints it), "notes"}
RAIDBENCH_API void to_json(nlohmann::json& j, const controller_snapshot& s);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/controller_json.hpp"
#endif
