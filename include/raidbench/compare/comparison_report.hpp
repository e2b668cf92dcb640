#pragma once
/// A comparison as text (aligned columns), Markdown (for forum posts and wikis), CSV (one line per
/// test, metric and side) and JSON (schema "raidbench.comparison", docs/formats.md), with the
/// verdicts of each side below the table.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/compare/comparison.hpp"
#include "raidbench/verdict/verdict.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench {

/// The verdicts of one side.
struct side_verdicts {
  std::string label;
  std::vector<verdict> verdicts;  ///< only those that fired
};

inline constexpr int comparison_schema_version = 1;

/// The unit people read a figure in, and what a value in the base unit is divided by for it:
/// MB/s for B/s, MB for B, the unit itself otherwise.
struct display_unit {
  std::string name;
  double divisor = 1;
};
inline display_unit display_unit_of(const std::string& unit) {
  if (unit == "B/s") return {"MB/s", 1e6};
  if (unit == "B") return {"MB", 1e6};
  return {unit, 1};
}

namespace detail::comparison_report {

// At least four significant digits, and one decimal above 1000.
inline std::string digits(double v) {
  const double a = std::fabs(v);
  return fmt::format("{:.{}f}", v, a >= 1000 ? 1 : a >= 100 ? 2 : a >= 10 ? 3 : 4);
}

// A value in the unit people read: MB/s for throughput, ms or µs for latency.
inline std::string show(double v, const std::string& unit) {
  if (unit == "B/s" || unit == "B") {
    const auto shown = display_unit_of(unit);
    return digits(v / shown.divisor) + " " + shown.name;
  }
  if (unit == "s") {
    if (v != 0 && std::fabs(v) < 1e-3) return fmt::format("{:.1f} µs", v * 1e6);
    if (std::fabs(v) < 1) return fmt::format("{:.3f} ms", v * 1e3);
    return fmt::format("{:.3f} s", v);
  }
  if (unit == "ops/s") return digits(v) + " ops/s";
  if (unit == "%") return fmt::format("{:.0f} %", v);
  return fmt::format("{:g}{}{}", v, unit.empty() ? "" : " ", unit);
}

inline std::string show(const side_figure& s, const std::string& unit) {
  if (!s.median) return s.note.empty() ? std::string("-") : s.note;
  std::string out = show(*s.median, unit);
  if (s.runs > 1) out += fmt::format(" ({}–{}, {} runs)", show(*s.min, unit), show(*s.max, unit), s.runs);
  return out;
}

inline std::string show(const side_change& c, std::size_t runs_a, std::size_t runs_b) {
  if (!c.percent && c.word.empty()) return "-";
  std::string out = c.percent ? fmt::format("{:+.1f} %", *c.percent) : std::string("n/a");
  if (!c.word.empty()) out += " " + c.word;
  if (c.noise == noise_call::cannot_tell)
    out += runs_a == 1 && runs_b == 1 ? ", cannot tell noise (1 run per side)" : fmt::format(", cannot tell noise (needs {} runs per side)", runs_for_noise);
  else if (c.noise == noise_call::within) out += ", within noise";
  else if (c.noise == noise_call::beyond) out += ", beyond noise";
  return out;
}

inline std::string header_lines(const comparison& c) {
  std::string out = fmt::format("Comparison of {} results, {} sides:\n", c.tool, c.labels.size());
  for (std::size_t i = 0; i < c.labels.size(); ++i) {
    std::string files;
    for (const auto& s : c.sources[i]) files += (files.empty() ? "" : ", ") + s;
    out += fmt::format("  {}: {}\n", c.labels[i], files);
  }
  out += fmt::format("Change = (side − {0}) / {0} × 100 % of each side's median. \"faster\"/\"slower\" follow the metric: higher is "
                     "better for throughput and ops/s, lower for latency and time.\n", c.labels.front());
  out += fmt::format("Noise: with {} or more runs on both sides, a change is beyond noise when the ranges (min–max) of the sides' "
                     "runs do not overlap; with fewer runs the comparison cannot tell.\n", runs_for_noise);
  return out;
}

inline std::size_t width(const std::vector<std::vector<std::string>>& rows, std::size_t col) {
  std::size_t w = 0;
  for (const auto& r : rows) {
    // Display width: count UTF-8 lead bytes only.
    std::size_t n = 0;
    for (unsigned char ch : r[col]) n += (ch & 0xC0) != 0x80;
    w = std::max(w, n);
  }
  return w;
}

inline std::string pad(const std::string& s, std::size_t w) {
  std::size_t n = 0;
  for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
  return s + std::string(w > n ? w - n : 0, ' ');
}

// Cells of the table: test, metric, then per side its value and, after the first, its change.
inline std::vector<std::vector<std::string>> cells(const comparison& c) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head{"test", "metric", c.labels.front()};
  for (std::size_t i = 1; i < c.labels.size(); ++i) {
    head.push_back(c.labels[i]);
    head.push_back(c.labels[i] + " vs " + c.labels.front());
  }
  rows.push_back(std::move(head));
  for (const auto& r : c.rows) {
    std::vector<std::string> row{r.test, r.metric, show(r.sides.front(), r.unit)};
    for (std::size_t i = 1; i < r.sides.size(); ++i) {
      row.push_back(show(r.sides[i], r.unit));
      row.push_back(show(r.changes[i], r.sides.front().runs, r.sides[i].runs));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

inline std::string verdict_lines(const std::vector<side_verdicts>& verdicts, const char* bullet) {
  std::string out;
  for (const auto& s : verdicts)
    for (const auto& v : s.verdicts)
      out += fmt::format("{}{}: [{}] {}{}: {}\n", bullet, s.label, to_string(v.level), v.rule,
                         v.subject.empty() ? std::string() : " (" + v.subject + ")", v.message);
  return out;
}

}  // namespace detail::comparison_report

/// The comparison as aligned text.
inline std::string comparison_text(const comparison& c, const std::vector<side_verdicts>& verdicts) {
  using namespace detail::comparison_report;
  std::string out = header_lines(c);
  if (!c.differences.empty()) {
    out += "\nWhat differs between the sides (often the explanation):\n";
    std::size_t w = 0;
    for (const auto& d : c.differences) w = std::max(w, d.fact.size());
    for (const auto& d : c.differences) {
      std::string values;
      for (std::size_t i = 0; i < d.values.size(); ++i) values += (i ? " | " : "") + c.labels[i] + ": " + d.values[i];
      out += fmt::format("  {}  {}\n", pad(d.fact, w), values);
    }
  }
  out += "\n";
  const auto rows = cells(c);
  std::vector<std::size_t> widths;
  for (std::size_t col = 0; col < rows.front().size(); ++col) widths.push_back(width(rows, col));
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t col = 0; col < r.size(); ++col) line += (col ? "  " : "") + (col + 1 == r.size() ? r[col] : pad(r[col], widths[col]));
    out += line + "\n";
  }
  for (const auto& n : c.notes) out += "Note: " + n + "\n";
  const std::string v = verdict_lines(verdicts, "  ");
  out += v.empty() ? "\nVerdicts: none fired on any side.\n" : "\nVerdicts:\n" + v;
  return out;
}

/// The comparison as Markdown: a header list, the differences and the table.
inline std::string comparison_markdown(const comparison& c, const std::vector<side_verdicts>& verdicts) {
  using namespace detail::comparison_report;
  auto cell = [](std::string s) {
    std::string out;
    for (char ch : s) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
    return out;
  };
  std::string out = fmt::format("### {} comparison\n\n", c.tool);
  for (std::size_t i = 0; i < c.labels.size(); ++i) {
    std::string files;
    for (const auto& s : c.sources[i]) files += (files.empty() ? "" : ", ") + ("`" + s + "`");
    out += fmt::format("- **{}**: {}\n", c.labels[i], files);
  }
  out += fmt::format("\nChange = (side − {0}) / {0} of the medians; \"faster\" follows each metric's direction. With {1}+ runs per side "
                     "a change is beyond noise when the sides' min–max ranges do not overlap.\n",
                     c.labels.front(), runs_for_noise);
  if (!c.differences.empty()) {
    out += "\n| differs |";
    for (const auto& l : c.labels) out += fmt::format(" {} |", cell(l));
    out += "\n|---|";
    for (std::size_t i = 0; i < c.labels.size(); ++i) out += "---|";
    out += "\n";
    for (const auto& d : c.differences) {
      out += fmt::format("| {} |", cell(d.fact));
      for (const auto& v : d.values) out += fmt::format(" {} |", cell(v));
      out += "\n";
    }
  }
  const auto rows = cells(c);
  out += "\n|";
  for (const auto& h : rows.front()) out += fmt::format(" {} |", cell(h));
  out += "\n|";
  for (std::size_t i = 0; i < rows.front().size(); ++i) out += i < 2 ? "---|" : "---:|";
  out += "\n";
  for (std::size_t r = 1; r < rows.size(); ++r) {
    out += "|";
    for (const auto& v : rows[r]) out += fmt::format(" {} |", cell(v));
    out += "\n";
  }
  for (const auto& n : c.notes) out += "\n_Note: " + n + "_\n";
  const std::string v = verdict_lines(verdicts, "- ");
  if (!v.empty()) out += "\n**Verdicts**\n\n" + v;
  return out;
}

/// The comparison as CSV: one line per test, metric and side, in base units.
inline std::string comparison_csv(const comparison& c) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
  };
  auto num = [](const std::optional<double>& v) { return v ? fmt::format("{:.10g}", *v) : std::string(); };
  std::string out = "test,metric,unit,better,side,runs,median,min,max,change_percent,word,noise\n";
  for (const auto& r : c.rows)
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
      const auto& s = r.sides[i];
      const auto& ch = r.changes[i];
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", quote(r.test), quote(r.metric), quote(r.unit), to_string(r.direction),
                         quote(c.labels[i]), s.runs, num(s.median), num(s.min), num(s.max), i ? num(ch.percent) : "", ch.word,
                         to_string(ch.noise));
    }
  return out;
}

/// The comparison as JSON.
inline nlohmann::json comparison_json(const comparison& c, const std::vector<side_verdicts>& verdicts) {
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  nlohmann::json sides = nlohmann::json::array();
  for (std::size_t i = 0; i < c.labels.size(); ++i) sides.push_back({{"label", c.labels[i]}, {"sources", c.sources[i]}});
  nlohmann::json differences = nlohmann::json::array();
  for (const auto& d : c.differences) differences.push_back({{"fact", d.fact}, {"values", d.values}});
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : c.rows) {
    nlohmann::json per_side = nlohmann::json::array();
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
      const auto& s = r.sides[i];
      nlohmann::json j = {{"runs", s.runs}, {"median", opt(s.median)}, {"min", opt(s.min)}, {"max", opt(s.max)}};
      if (!s.note.empty()) j["note"] = s.note;
      if (i > 0)
        j["change"] = {{"percent", opt(r.changes[i].percent)}, {"word", r.changes[i].word}, {"noise", to_string(r.changes[i].noise)}};
      per_side.push_back(std::move(j));
    }
    rows.push_back({{"test", r.test}, {"metric", r.metric}, {"unit", r.unit}, {"better", to_string(r.direction)}, {"sides", per_side}});
  }
  nlohmann::json v = nlohmann::json::object();
  for (const auto& s : verdicts) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& x : s.verdicts) list.push_back(x);
    v[s.label] = std::move(list);
  }
  return {{"schema", "raidbench.comparison"}, {"schema_version", comparison_schema_version},
          {"tool", c.tool}, {"noise_statistic", "range (min-max) of each side's runs; beyond noise when the ranges do not overlap, "
                                                "judged with 3 or more runs per side"},
          {"sides", sides}, {"differences", differences}, {"rows", rows}, {"notes", c.notes}, {"verdicts", v}};
}

}  // namespace raidbench
