#pragma once
/// Same-setup calibration: the noise of each test and metric measured on runs of one setup (A/A
/// runs: sides that differ in nothing), as rb-compare --calibrate prints it and --noise FILE reads it
/// back (schema "raidbench.noise", docs/formats.md). The noise is the standard deviation of the log
/// values within each side, pooled over the sides, so a drift between the sides does not count as
/// noise; a later comparison pools it with its own runs' (change_decision.hpp: "calibrated").
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/compare/comparison.hpp"
#include "raidbench/compare/printable.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

inline constexpr int noise_schema_version = 1;

/// The pooled noise of every compared figure of the sides' runs (each side one setup; together, A/A).
inline expected<noise_calibration> measure_noise(const std::vector<comparison_side>& sides) {
  using namespace detail::comparison_math;
  noise_calibration out;
  if (sides.empty() || sides.front().runs.empty()) return fail("no runs to measure the noise of");
  out.tool = sides.front().runs.front().tool;
  struct pool {
    double sum = 0, df = 0;
  };
  std::map<std::pair<std::string, std::string>, pool> pools;
  std::vector<std::pair<std::string, std::string>> order;
  for (const auto& s : sides) {
    std::vector<test_index> index;
    for (const auto& r : s.runs) {
      if (r.tool != out.tool) return fail("the runs are of different tools (" + out.tool + ", " + r.tool + " in " + r.source + ")");
      index.push_back(index_of(r));
    }
    std::set<std::pair<std::string, std::string>> done;
    for (const auto& r : s.runs)
      for (const auto& t : r.tests)
        for (const auto& f : t.figures) {
          if (f.direction == better::neither || !done.insert({t.name, f.metric}).second) continue;
          const side_figure v = summarise(values_of(index, t.name, f));
          if (!v.spread) continue;
          auto [it, added] = pools.try_emplace({t.name, f.metric});
          if (added) order.push_back(it->first);
          const double df = static_cast<double>(v.runs - 1);
          it->second.sum += df * *v.spread * *v.spread;
          it->second.df += df;
        }
  }
  for (const auto& key : order)
    if (const auto& p = pools[key]; p.df > 0) out.rows[key] = {std::sqrt(p.sum / p.df), p.df};
  if (out.rows.empty()) return fail("no figure has two or more runs with a value on one side: nothing to measure the noise from");
  return out;
}

inline void to_json(nlohmann::json& j, const noise_calibration& n) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& [key, noise] : n.rows)
    rows.push_back({{"test", key.first}, {"metric", key.second}, {"sd_log", noise.sd_log}, {"df", noise.df}});
  j = {{"schema", "raidbench.noise"}, {"schema_version", noise_schema_version}, {"tool", n.tool}, {"rows", rows}};
}

/// A noise calibration read back, each value checked; a one-line error otherwise.
inline expected<noise_calibration> noise_from_json(const nlohmann::json& j) {
  if (!j.is_object() || j.value("schema", std::string()) != "raidbench.noise")
    return fail("not a noise calibration (schema \"raidbench.noise\", written by rb-compare --calibrate --json)");
  const auto version = j.find("schema_version");
  if (version == j.end() || !version->is_number_integer() || version->get<long long>() < 1 || version->get<long long>() > noise_schema_version)
    return fail(fmt::format("a noise calibration of schema version {}: this rb-compare reads version {}",
                            version == j.end() ? std::string("(none)") : version->dump(), noise_schema_version));
  noise_calibration n;
  const auto tool = j.find("tool");
  const auto rows = j.find("rows");
  if (tool == j.end() || !tool->is_string() || rows == j.end() || !rows->is_array()) return fail("a noise calibration without \"tool\" or \"rows\"");
  n.tool = tool->get<std::string>();
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const auto& r = (*rows)[i];
    auto number = [&](const char* key) -> std::optional<double> {
      const auto it = r.is_object() ? r.find(key) : r.end();
      if (!r.is_object() || it == r.end() || !it->is_number()) return std::nullopt;
      const double v = it->get<double>();
      return std::isfinite(v) && v >= 0 ? std::optional<double>(v) : std::nullopt;
    };
    const auto sd = number("sd_log"), df = number("df");
    if (!r.is_object() || !r.contains("test") || !r["test"].is_string() || !r.contains("metric") || !r["metric"].is_string() || !sd || !df)
      return fail(fmt::format("noise calibration row {}: needs \"test\", \"metric\" and non-negative \"sd_log\" and \"df\"", i + 1));
    n.rows[{r["test"].get<std::string>(), r["metric"].get<std::string>()}] = {*sd, *df};
  }
  return n;
}

/// The calibration as a table: per test and metric the noise of one run (as a CV) and its degrees of freedom.
inline std::string noise_text(const noise_calibration& n) {
  std::size_t test_width = 4, metric_width = 6;
  for (const auto& [key, noise] : n.rows) {
    test_width = std::max(test_width, display_width(printable(key.first)));
    metric_width = std::max(metric_width, display_width(printable(key.second)));
  }
  std::string out = fmt::format("Noise of {} results, measured on runs of one setup (the spread of one run, about its CV):\n", printable(n.tool));
  out += fmt::format("{}  {}  {:>8}  {:>4}\n", pad("test", test_width), pad("metric", metric_width), "noise", "df");
  for (const auto& [key, noise] : n.rows)
    out += fmt::format("{}  {}  {:>6.2f} %  {:>4g}\n", pad(printable(key.first), test_width), pad(printable(key.second), metric_width),
                       std::expm1(noise.sd_log) * 100, noise.df);
  return out;
}

}  // namespace raidbench
