#pragma once
/// A fleet comparison as text, Markdown and JSON (schema "raidbench.fleet", docs/formats.md). Host
/// and test names come from directory names and files: text and Markdown escape their control
/// characters (printable.hpp).
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/compare/comparison_report.hpp"
#include "raidbench/compare/fleet.hpp"
#include "raidbench/compare/printable.hpp"

namespace raidbench {

namespace detail::fleet_report {

// When a host is flagged, in one sentence.
inline std::string rule_sentence() {
  return fmt::format("A host is flagged when its figure is outside its peers' quartiles ± 1.5 × IQR (itself left out) and more than "
                     "{:.0f} % from their median, with at least {} peers of the same hardware; or when a setting differs from the "
                     "majority of those peers.", fleet_min_deviation * 100, fleet_min_peers);
}

inline std::string deviation(const fleet_row& r) { return r.deviation ? fmt::format("{:+.1f} %", *r.deviation * 100) : "-"; }

inline std::string verdict(const fleet_row& r) {
  if (r.flagged) return "FLAGGED " + r.word;
  if (r.peers < fleet_min_peers) return fmt::format("{} peer(s): cannot judge", r.peers);
  return "within the spread";
}

}  // namespace detail::fleet_report

/// The fleet as text: groups, per-test spread, flagged hosts, then one row per host and test.
inline std::string fleet_text(const fleet_comparison& f) {
  using detail::comparison_report::show;
  std::map<std::string, std::size_t> group_size;
  for (const auto& [host, key] : f.hardware_of) ++group_size[key];
  std::string out = fmt::format("Fleet of {} hosts ({} results), {} hardware group(s):\n", f.hardware_of.size(), printable(f.tool), group_size.size());
  for (const auto& [key, n] : group_size) out += fmt::format("  {} host(s): {}\n", n, printable(key));
  out += detail::fleet_report::rule_sentence() + "\n\n";
  out += "Per test, all hosts:\n";
  std::size_t w = 4;
  for (const auto& t : f.tests) w = std::max(w, display_width(printable(t.test)));
  for (const auto& t : f.tests)
    out += fmt::format("  {}  {} hosts  median {}  quartiles {} – {}\n", pad(printable(t.test), w), t.hosts, show(t.spread.median, t.unit),
                       show(t.spread.q1, t.unit), show(t.spread.q3, t.unit));
  out += fmt::format("\nFlagged: {}\n", f.flags.empty() ? "none" : std::to_string(f.flags.size()));
  for (const auto& x : f.flags) out += fmt::format("  {}: {}: {}\n", printable(x.host), x.kind, printable(x.reason));
  out += "\nHosts:\n";
  std::size_t hw = 4;
  for (const auto& r : f.rows) hw = std::max(hw, display_width(printable(r.host)));
  for (const auto& r : f.rows)
    out += fmt::format("  {}  {}  {}  peers {}  {}  {}\n", pad(printable(r.host), hw), pad(printable(r.test), w), pad(show(r.value, r.unit), 16),
                       r.peers_median ? pad(show(*r.peers_median, r.unit), 16) : pad("-", 16), pad(detail::fleet_report::deviation(r), 9),
                       detail::fleet_report::verdict(r));
  for (const auto& n : f.notes) out += "Note: " + printable(n) + "\n";
  return out;
}

/// The fleet as Markdown: the flagged hosts first, then the table.
inline std::string fleet_markdown(const fleet_comparison& f) {
  using detail::comparison_report::show;
  auto cell = [](const std::string& s) {
    std::string out;
    for (char ch : printable(s)) out += ch == '|' ? std::string("\\|") : ch == '`' ? std::string("'") : std::string(1, ch);
    return out;
  };
  std::string out = fmt::format("### Fleet of {} hosts ({})\n\n", f.hardware_of.size(), cell(f.tool));
  out += f.flags.empty() ? "No host flagged.\n" : "**Flagged**\n\n";
  for (const auto& x : f.flags) out += fmt::format("- `{}` ({}): {}\n", cell(x.host), x.kind, cell(x.reason));
  out += "\n| test | hosts | median | Q1 | Q3 |\n|---|---:|---:|---:|---:|\n";
  for (const auto& t : f.tests)
    out += fmt::format("| {} | {} | {} | {} | {} |\n", cell(t.test), t.hosts, show(t.spread.median, t.unit), show(t.spread.q1, t.unit),
                       show(t.spread.q3, t.unit));
  out += "\n| host | test | value | peers' median | deviation | |\n|---|---|---:|---:|---:|---|\n";
  for (const auto& r : f.rows)
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", cell(r.host), cell(r.test), show(r.value, r.unit),
                       r.peers_median ? show(*r.peers_median, r.unit) : "-", detail::fleet_report::deviation(r),
                       detail::fleet_report::verdict(r));
  for (const auto& n : f.notes) out += "\n_Note: " + cell(n) + "_\n";
  return out;
}

/// The fleet as JSON.
inline nlohmann::json fleet_json(const fleet_comparison& f) {
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  nlohmann::json tests = nlohmann::json::array(), rows = nlohmann::json::array(), flags = nlohmann::json::array();
  for (const auto& t : f.tests)
    tests.push_back({{"test", t.test}, {"metric", t.metric}, {"unit", t.unit}, {"hosts", t.hosts},
                     {"median", t.spread.median}, {"q1", t.spread.q1}, {"q3", t.spread.q3}});
  for (const auto& r : f.rows)
    rows.push_back({{"host", r.host}, {"test", r.test}, {"metric", r.metric}, {"unit", r.unit}, {"value", r.value},
                    {"peers", r.peers}, {"peers_median", opt(r.peers_median)}, {"deviation", opt(r.deviation)},
                    {"flagged", r.flagged}, {"word", r.word}});
  for (const auto& x : f.flags) flags.push_back({{"host", x.host}, {"kind", x.kind}, {"reason", x.reason}});
  return {{"schema", "raidbench.fleet"}, {"schema_version", 1}, {"tool", f.tool}, {"hardware", f.hardware_of},
          {"min_peers", fleet_min_peers}, {"min_deviation", fleet_min_deviation},
          {"tests", tests}, {"flags", flags}, {"rows", rows}, {"notes", f.notes}};
}

}  // namespace raidbench
