#pragma once
// The verdicts' JSON definitions (see core/linkage.hpp): included by verdict_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>

#include <nlohmann/json.hpp>

#include "raidbench/verdict/verdict_json.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API void to_json(nlohmann::json& j, const verdict& v) {
  j = {{"rule", v.rule},       {"subject", v.subject}, {"fired", v.fired}, {"severity", std::string(to_string(v.level))},
       {"message", v.message}, {"evidence", v.evidence}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, verdict& v) {
  j.at("rule").get_to(v.rule);
  j.at("subject").get_to(v.subject);
  j.at("fired").get_to(v.fired);
  const std::string level = j.at("severity").get<std::string>();
  if (level == "info") v.level = severity::info;
  else if (level == "warning") v.level = severity::warning;
  else if (level == "critical") v.level = severity::critical;
  else throw nlohmann::json::other_error::create(501, "unknown verdict severity '" + level + "'", &j);
  j.at("message").get_to(v.message);
  j.at("evidence").get_to(v.evidence);
}

}  // namespace raidbench
