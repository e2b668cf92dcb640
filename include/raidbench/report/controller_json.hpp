#pragma once
/// JSON for safety-check findings (ADL to_json), the document rb-ctrl writes
/// ({"inventory": {...}, "findings": [...]}) and the controller part of a benchmark report.
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/controller/checks.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/report/controller_summary.hpp"

namespace raidbench {

/// {"check": "write_back_unprotected", "severity": "critical", "message": "...", "evidence": [...]}
inline void to_json(nlohmann::json& j, const finding& f) {
  j = {{"check", f.check}, {"severity", std::string(to_string(f.level))}, {"message", f.message}, {"evidence", f.evidence}};
}

/// The inventory and the findings on it, side by side.
inline nlohmann::json controller_report_json(const inventory& inv, const std::vector<finding>& findings) {
  return {{"inventory", inv}, {"findings", findings}};
}

/// {"source", "inventory", "findings", "summary" (the text rb-ctrl prints), "notes"}
inline void to_json(nlohmann::json& j, const controller_snapshot& s) {
  j = {{"source", s.source},
       {"inventory", s.inv},
       {"findings", s.findings},
       {"summary", format_controller_summary(s.inv, s.findings)},
       {"notes", s.notes}};
}

}  // namespace raidbench
