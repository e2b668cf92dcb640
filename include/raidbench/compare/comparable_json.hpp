#pragma once
/// JSON of a run to compare (schema "raidbench.imported_run", docs/formats.md): what
/// `rb-compare --import FILE --json` prints and what rb-compare reads back as a side.
#include <string>

#include <nlohmann/json.hpp>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench {

inline constexpr int imported_run_schema_version = 1;

inline void to_json(nlohmann::json& j, const figure& f) {
  j = {{"metric", f.metric}, {"value", f.value ? nlohmann::json(*f.value) : nlohmann::json()}, {"unit", f.unit},
       {"better", to_string(f.direction)}};
  if (!f.note.empty()) j["note"] = f.note;
}

inline void from_json(const nlohmann::json& j, figure& f) {
  f.metric = j.at("metric").get<std::string>();
  f.value = j.at("value").is_null() ? std::nullopt : std::optional<double>(j.at("value").get<double>());
  f.unit = j.at("unit").get<std::string>();
  const auto b = j.at("better").get<std::string>();
  f.direction = b == "higher" ? better::higher : b == "lower" ? better::lower : better::neither;
  f.note = j.value("note", std::string());
}

inline void to_json(nlohmann::json& j, const comparable_test& t) {
  j = {{"name", t.name}, {"parameters", t.parameters}, {"figures", t.figures}};
  if (t.started_at) j["started_at"] = *t.started_at;
}

inline void from_json(const nlohmann::json& j, comparable_test& t) {
  t.name = j.at("name").get<std::string>();
  t.parameters = j.value("parameters", std::map<std::string, std::string>());
  t.figures = j.at("figures").get<std::vector<figure>>();
  if (const auto it = j.find("started_at"); it != j.end() && !it->is_null()) t.started_at = it->get<double>();
}

inline void to_json(nlohmann::json& j, const run_record& r) {
  j = {{"schema", "raidbench.imported_run"},
       {"schema_version", imported_run_schema_version},
       {"tool", r.tool},
       {"format", r.format},
       {"source", r.source},
       {"version", r.version ? nlohmann::json(*r.version) : nlohmann::json()},
       {"interrupted", r.interrupted},
       {"facts", r.facts},
       {"tests", r.tests},
       {"notes", r.notes},
       {"verdicts", r.verdicts}};
}

inline void from_json(const nlohmann::json& j, run_record& r) {
  r.tool = j.at("tool").get<std::string>();
  r.format = j.at("format").get<std::string>();
  r.source = j.value("source", std::string());
  r.version = j.contains("version") && !j.at("version").is_null() ? std::optional<std::string>(j.at("version").get<std::string>()) : std::nullopt;
  r.interrupted = j.value("interrupted", false);
  r.facts = j.value("facts", std::map<std::string, std::string>());
  r.tests = j.at("tests").get<std::vector<comparable_test>>();
  r.notes = j.value("notes", std::vector<std::string>());
  if (const auto it = j.find("verdicts"); it != j.end()) r.verdicts = it->get<std::vector<verdict>>();
}

}  // namespace raidbench
