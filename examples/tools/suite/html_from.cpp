// The page of a saved report or sweep: the JSON checked as rb-compare checks it (nothing impossible
// in it), read into the same model the run builds, and drawn by the same code.
#include "html_from.hpp"

#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/compare/native_validation.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/core/input_file.hpp"
#include "raidbench/report/controller_section.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/output_file.hpp"
#include "report.hpp"
#include "sweep_report.hpp"
#include "tool.hpp"

namespace rb_suite {

namespace {

// The controller part as the run printed it, from the report's {"source", "inventory", "notes"}.
std::string controller_section_of(const suite_report& r) {
  if (r.controller.is_null()) return "controller: none in the report (not read, or no RAID tool and no md array found)\n";
  raidbench::controller_snapshot s{r.controller.at("source").get<std::string>(), r.controller.at("inventory").get<raidbench::inventory>(),
                                   r.controller.value("notes", std::vector<std::string>{})};
  return raidbench::format_controller_section(s, {}, &r.device_under_test);
}

}  // namespace

int html_from(const std::filesystem::path& json, const std::filesystem::path& html) {
  if (auto distinct = raidbench::tools::check_distinct({{"--html " + html.string(), html}}, {{"--html-from " + json.string(), json}}); !distinct)
    die(distinct.message());
  auto text = raidbench::read_input_file(json.string());
  if (!text) die(fmt::format("--html-from: {}", text.message()));
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) die(fmt::format("--html-from {}: not a JSON object", json.string()));
  if (const auto why = raidbench::impossible_in(j)) die(fmt::format("--html-from {}: {}", json.string(), *why));
  std::string page;
  try {
    const auto schema = j.value("schema", std::string());
    if (schema == "raidbench.suite_report") {
      const auto r = j.get<suite_report>();
      page = report_html(r, controller_section_of(r));
    } else if (schema == "raidbench.sweep") {
      page = sweep_html(sweep_from_json(j));
    } else {
      die(fmt::format("--html-from {}: not a raidbench report or sweep (schema raidbench.suite_report or raidbench.sweep)", json.string()));
    }
  } catch (const nlohmann::json::exception& e) {
    die(fmt::format("--html-from {}: {}", json.string(), e.what()));
  }
  if (auto written = raidbench::tools::write_output_file(html, page); !written) die(fmt::format("--html: {}", written.message()));
  return 0;
}

}  // namespace rb_suite
