#pragma once
/// JSON for safety-check findings (ADL to_json) and the document rb-ctrl writes:
/// {"inventory": {...}, "findings": [...]}.
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/controller/checks.hpp"
#include "raidbench/controller/model_json.hpp"

namespace raidbench {

/// {"check": "write_back_unprotected", "severity": "critical", "message": "...", "evidence": [...]}
inline void to_json(nlohmann::json& j, const finding& f) {
  j = {{"check", f.check}, {"severity", std::string(to_string(f.level))}, {"message", f.message}, {"evidence", f.evidence}};
}

/// The inventory and the findings on it, side by side.
inline nlohmann::json controller_report_json(const inventory& inv, const std::vector<finding>& findings) {
  return {{"inventory", inv}, {"findings", findings}};
}

}  // namespace raidbench
