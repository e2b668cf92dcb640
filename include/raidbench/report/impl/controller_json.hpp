#pragma once
// The controller JSON definitions (see core/linkage.hpp): included by controller_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/report/controller_json.hpp"
#include "raidbench/verdict/inventory_checks.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/report/controller_summary.hpp"

namespace raidbench {

RAIDBENCH_API void to_json(nlohmann::json& j, const finding& f) {
  j = {{"check", f.check}, {"severity", std::string(to_string(f.level))}, {"message", f.message}, {"evidence", f.evidence}};
}

RAIDBENCH_API nlohmann::json controller_report_json(const inventory& inv, const std::vector<finding>& findings) {
  return {{"inventory", inv}, {"findings", findings}};
}

RAIDBENCH_API void to_json(nlohmann::json& j, const controller_snapshot& s) {
  j = {{"source", s.source},
       {"inventory", s.inv},
       {"findings", s.findings},
       {"summary", format_controller_summary(s.inv, s.findings)},
       {"notes", s.notes}};
}

}  // namespace raidbench
