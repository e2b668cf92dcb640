#pragma once
/// A comparison as text (aligned columns), Markdown (for forum posts and wikis), CSV (one line per
/// test, metric and side) and JSON (schema "raidbench.comparison", docs/formats.md). The answer
/// comes first: per side its faster, slower, unchanged and undecided rows, its drift and what differs
/// in safety; then the facts that differ, the table, and each verdict once with the sides it fired on.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/compare/comparison.hpp"
#include "raidbench/compare/printable.hpp"
#include "raidbench/verdict/verdict.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench {

/// The verdicts of one side.
struct side_verdicts {
  std::string label;
  std::vector<verdict> verdicts;  ///< only those that fired
  bool inventory = false;         ///< the side had a controller inventory to judge its safety by
};

inline constexpr int comparison_schema_version = 2;

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
  return fmt::format("{:g}{}{}", v, unit.empty() ? "" : " ", printable(unit));
}

// A side's value: the median, and with several runs their count and spread.
inline std::string show(const side_figure& s, const std::string& unit) {
  if (!s.median) return s.note.empty() ? std::string("-") : printable(s.note);
  std::string out = show(*s.median, unit);
  if (s.runs > 1)
    out += s.spread ? fmt::format(" ({} runs, CV {:.1f} %)", s.runs, std::expm1(*s.spread) * 100)
                    : fmt::format(" ({} runs{})", s.runs, *s.min == *s.max ? ", all equal" : "");
  return out;
}

// What a lower-is-better figure measures, for "12.0 % lower latency".
inline std::string noun_of(const comparison_row& r) {
  if (r.metric.starts_with("latency")) return "latency";
  if (r.unit == "s") return "time";
  if (r.metric == "cpu_percent") return "CPU use";
  return printable(r.metric);
}

// The change in words by the metric's direction: "+15.2 % faster", "17.8 % lower latency (better)".
inline std::string direction_words(const comparison_row& r, const side_change& c) {
  if (c.word == "same") return "same";
  if (r.direction == better::lower) {
    const bool lower = c.word == "faster";
    const bool time = noun_of(r) == "time";
    const std::string amount = c.percent ? fmt::format("{:.1f} % ", std::fabs(*c.percent)) : "";
    return amount + (time ? (lower ? "less " : "more ") : (lower ? "lower " : "higher ")) + noun_of(r) + (lower ? " (better)" : " (worse)");
  }
  return (c.percent ? fmt::format("{:+.1f} %", *c.percent) : std::string("n/a")) + (c.word.empty() ? "" : " " + c.word);
}

// A bound in %: one decimal, or two significant digits when huge (a t with 1 degree of freedom at
// Holm's level spans 10^20 %).
inline std::string bound(double percent) {
  return std::fabs(percent) < 1e5 ? fmt::format("{:+.1f}", percent) : fmt::format("{:+.2g}", percent);
}

inline std::string interval(const side_change& c) { return fmt::format("CI {} to {} %", bound(*c.low_percent), bound(*c.high_percent)); }

// ": B's runs drift -3.1 %/run" for the side whose runs of this row trend the more, when one's trend
// is significant (or, for a call its side's drift withdrew, `always`).
inline std::string drift_note(const side_change& c, std::size_t side, const std::vector<std::string>& labels, bool always = false) {
  auto counts = [&](const std::optional<row_trend>& t) { return t && (always || t->significant); };
  const bool base = counts(c.base_trend) && (!counts(c.trend) || std::fabs(c.base_trend->percent_per_run) > std::fabs(c.trend->percent_per_run));
  if (!base && !counts(c.trend)) return "";
  const row_trend& t = base ? *c.base_trend : *c.trend;
  if (c.method == "paired")  // the trend is of the rounds' ratios
    return fmt::format(": {} / {} drifts {:+.1f} %/round", printable(labels[side]), printable(labels[0]), t.percent_per_run);
  return fmt::format(": {}'s runs drift {:+.1f} %/run", printable(labels[base ? 0 : side]), t.percent_per_run);
}

// What a side repeats: runs, or rounds of an interleaved run.
inline const char* runs_word(const side_change& c) { return c.method == "paired" ? "rounds" : "runs a side"; }

// The change cell: the change in words and what the runs say of it.
inline std::string show_change(const comparison_row& r, std::size_t side, const std::vector<std::string>& labels) {
  const side_change& c = r.changes[side];
  if (!c.percent && c.word.empty()) return "-";
  std::string out = direction_words(r, c);
  if (c.word == "same" && !c.low_percent) return out;
  switch (c.noise) {
    case noise_call::beyond: return out + ", beyond noise (" + interval(c) + ")";
    case noise_call::within: return (c.percent ? fmt::format("{:+.1f} %, ", *c.percent) : std::string()) + "unchanged (" + interval(c) + ")";
    case noise_call::drift: return out + ", not called" + drift_note(c, side, labels, true);
    case noise_call::cannot_tell:
      if (!c.low_percent) return out + ", cannot tell (" + c.reason + ")";
      if (c.runs_needed)
        return out + fmt::format(", cannot tell ({}; {} {} would tell{})", interval(c), *c.runs_needed, runs_word(c), drift_note(c, side, labels));
      return out + fmt::format(", cannot tell ({}; not with {} {}{})", interval(c), max_runs_needed, runs_word(c), drift_note(c, side, labels));
    case noise_call::no_value: return out;
  }
  return out;
}

inline std::string percent_list(std::size_t n, const char* word, const std::optional<double>& median) {
  return median ? fmt::format("{} {} (median {:+.1f} %)", n, word, *median) : fmt::format("{} {}", n, word);
}

// One side's trend, named.
inline std::string drift_sentence(const std::string& label, const side_trend& t, std::size_t runs) {
  return fmt::format("{}'s runs drifted {:+.1f} %/run over its {} runs (Mann–Kendall over its {} tests' rates, p = {:.2g}): the "
                     "environment changed during the runs",
                     printable(label), std::expm1(t.median_slope_per_run) * 100, runs, t.rows, t.p);
}

// A verdict once, with the sides it fired on.
struct shared_verdict {
  verdict v;
  std::vector<std::string> sides;
};

inline std::vector<shared_verdict> shared_verdicts(const std::vector<side_verdicts>& verdicts) {
  std::vector<shared_verdict> out;
  for (const auto& s : verdicts)
    for (const auto& v : s.verdicts) {
      auto it = std::find_if(out.begin(), out.end(), [&](const shared_verdict& x) {
        return x.v.rule == v.rule && x.v.subject == v.subject && x.v.message == v.message && x.v.level == v.level;
      });
      if (it == out.end()) out.push_back({v, {s.label}});
      else it->sides.push_back(s.label);
    }
  return out;
}

// A side's files: all of a few, the first two and the last of many, with how many.
inline std::string sources_of(const std::vector<std::string>& files, const char* quote) {
  auto one = [&](const std::string& f) { return quote + printable(f) + quote; };
  std::string out;
  if (files.size() <= 4) {
    for (const auto& f : files) out += (out.empty() ? "" : ", ") + one(f);
    return out;
  }
  return fmt::format("{}, {}, …, {} ({} runs)", one(files[0]), one(files[1]), one(files.back()), files.size());
}

inline std::string joined(const std::vector<std::string>& labels) {
  std::string out;
  for (const auto& l : labels) out += (out.empty() ? "" : ", ") + printable(l);
  return out;
}

inline std::string verdict_line(const shared_verdict& s) {
  return fmt::format("{}: [{}] {}{}: {}", joined(s.sides), to_string(s.v.level), printable(s.v.rule),
                     s.v.subject.empty() ? std::string() : " (" + printable(s.v.subject) + ")", printable(s.v.message));
}

// Interleaved rounds: the rows whose ratio to the first side trends across the rounds, named (a
// drift common to both sides cancels; one of one side's, a setting that wears off, does not).
inline std::optional<std::string> paired_drift_line(const comparison& c, std::size_t side) {
  std::string rows;
  std::size_t n = 0;
  for (const auto& r : c.rows)
    if (const auto& t = r.changes[side].trend; t && t->significant)
      rows += fmt::format("{}{} {} {:+.1f} %/round (p = {:.2g})", n++ ? "; " : "", printable(r.test), printable(r.metric), t->percent_per_run, t->p);
  const std::size_t withdrawn = c.summaries[side].trend.withdrawn;
  if (n == 0 && withdrawn == 0) return std::nullopt;
  std::string line = fmt::format("Drift: {0} / {1} trends across the {2} rounds on {3} row{4}{5}: {0}'s or {1}'s setup changed from round to round",
                                 printable(c.labels[side]), printable(c.labels.front()), c.rounds, n, n == 1 ? "" : "s",
                                 n ? " (" + rows + ")" : std::string());
  if (withdrawn) line += fmt::format("; {} change(s) it could explain not called", withdrawn);
  return line;
}

// Whether the headline lists each verdict fired on some sides only, a line each (the text), or leaves
// them to its caller (the page counts them in one line and badges each).
enum class differing_verdicts { listed, left_out };

// The answer first: per side its counts, then drift and safety, each a line.
inline std::vector<std::string> headline(const comparison& c, const std::vector<side_verdicts>& verdicts,
                                         differing_verdicts differing = differing_verdicts::listed) {
  std::vector<std::string> lines;
  const std::string rows = c.options.all_metrics ? "every compared metric" : "each test's rate and tail latency";
  for (std::size_t i = 1; i < c.labels.size(); ++i) {
    const side_summary& s = c.summaries[i];
    std::string line = fmt::format("{} against {}{}: {}, {}, {} unchanged, {} undecided, of {} row{} ({})", printable(c.labels[i]),
                                   printable(c.labels.front()), c.rounds ? fmt::format(", paired over {} ABBA rounds", c.rounds) : "",
                                   percent_list(s.faster, "faster", s.median_faster),
                                   percent_list(s.slower, "slower", s.median_slower), s.unchanged, s.undecided, s.rows,
                                   s.rows == 1 ? "" : "s", rows);
    if (s.without_noise > 0 && s.without_noise == s.undecided)
      line += "; the runs cannot estimate the noise: run 3 or more a side (raidbench --repeat 5, a directory of runs) or give --noise";
    lines.push_back(std::move(line));
  }
  for (std::size_t i = 0; i < c.labels.size(); ++i) {
    if (c.rounds && i > 0) {
      if (auto line = paired_drift_line(c, i)) lines.push_back(std::move(*line));
      continue;
    }
    const side_trend& t = i == 0 ? c.summaries[1].base_trend : c.summaries[i].trend;
    std::size_t withdrawn = 0;
    for (std::size_t k = 1; k < c.labels.size(); ++k)
      if (i == 0 || k == i) withdrawn += i == 0 ? c.summaries[k].base_trend.withdrawn : c.summaries[k].trend.withdrawn;
    if (t.drift)
      lines.push_back("Drift: " + drift_sentence(c.labels[i], t, c.sources[i].size()) +
                      (withdrawn ? fmt::format("; {} change(s) it could explain not called", withdrawn) : std::string()));
    else if (withdrawn)
      lines.push_back(fmt::format("Drift: {} change(s) not called: {}'s runs trend within the test, enough to explain them", withdrawn,
                                  printable(c.labels[i])));
  }
  std::vector<std::string> differs, not_judged;
  for (const auto& s : shared_verdicts(verdicts))
    if (s.sides.size() < verdicts.size())
      differs.push_back(fmt::format("[{}] {}{} on {} only", to_string(s.v.level), printable(s.v.rule),
                                    s.v.subject.empty() ? std::string() : " (" + printable(s.v.subject) + ")", joined(s.sides)));
  for (const auto& v : verdicts)
    if (!v.inventory) not_judged.push_back(v.label);
  if (differing == differing_verdicts::listed)
    for (const auto& d : differs) lines.push_back("Safety differs: " + d);
  if (!not_judged.empty())
    lines.push_back(fmt::format("Safety not judged{}: no controller inventory", not_judged.size() == verdicts.size() ? "" : " on " + joined(not_judged)));
  else if (differs.empty())
    lines.push_back("Safety: the same verdicts on every side");
  return lines;
}

inline std::string method_line(const comparison& c) {
  return fmt::format("Change = (side − {0}) / {0} of the medians, worded by each metric's direction. A change is called only when its "
                     "interval lies beyond ±{1:g} %; each side's rows against {0} are judged together (Holm), so two runs of one setup "
                     "show a call at most {2:g} % of the time (docs/compare.md).{3}",
                     printable(c.labels.front()), c.options.rule.min_effect * 100, c.options.rule.alpha * 100,
                     c.options.all_metrics ? "" : " Rows: each test's rate and tail latency; --all-metrics for every metric.");
}

// Cells of the table: test, metric, then per side its value and, after the first, its change.
inline std::vector<std::vector<std::string>> cells(const comparison& c) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head{"test", "metric", printable(c.labels.front())};
  for (std::size_t i = 1; i < c.labels.size(); ++i) {
    head.push_back(printable(c.labels[i]));
    head.push_back(printable(c.labels[i]) + " vs " + printable(c.labels.front()));
  }
  rows.push_back(std::move(head));
  for (const auto& r : c.rows) {
    std::vector<std::string> row{printable(r.test), printable(r.metric), show(r.sides.front(), r.unit)};
    for (std::size_t i = 1; i < r.sides.size(); ++i) {
      row.push_back(show(r.sides[i], r.unit));
      row.push_back(show_change(r, i, c.labels));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

inline std::string fact_lines(const comparison& c, const std::vector<fact_difference>& facts, const char* indent) {
  std::size_t w = 0;
  for (const auto& d : facts) w = std::max(w, display_width(printable(d.fact)));
  std::string out;
  for (const auto& d : facts) {
    std::string values;
    for (std::size_t i = 0; i < d.values.size(); ++i) values += (i ? " | " : "") + printable(c.labels[i]) + ": " + printable(d.values[i]);
    out += fmt::format("{}{}  {}\n", indent, pad(printable(d.fact), w), values);
  }
  return out;
}

inline std::string verdict_section(const std::vector<side_verdicts>& verdicts, const char* bullet) {
  const auto shared = shared_verdicts(verdicts);
  std::vector<std::string> not_judged;
  for (const auto& v : verdicts)
    if (!v.inventory) not_judged.push_back(v.label);
  std::string out;
  for (const auto& s : shared) out += bullet + verdict_line(s) + "\n";
  if (!not_judged.empty()) out += fmt::format("{}safety not judged{}: no controller inventory\n", bullet,
                                              not_judged.size() == verdicts.size() ? "" : " on " + joined(not_judged));
  else if (shared.empty()) out += fmt::format("{}none fired on any side\n", bullet);
  return out;
}

}  // namespace detail::comparison_report

/// The comparison as aligned text.
inline std::string comparison_text(const comparison& c, const std::vector<side_verdicts>& verdicts) {
  using namespace detail::comparison_report;
  std::string out = fmt::format("Comparison of {} results, {} sides:\n", printable(c.tool), c.labels.size());
  for (std::size_t i = 0; i < c.labels.size(); ++i) out += fmt::format("  {}: {}\n", printable(c.labels[i]), sources_of(c.sources[i], ""));
  out += "\n";
  for (const auto& line : headline(c, verdicts)) out += line + "\n";
  if (!c.differences.empty()) out += "\nWhat differs between the sides (often the explanation):\n" + fact_lines(c, c.differences, "  ");
  if (!c.one_side_only.empty()) out += "\nKnown on some sides only:\n" + fact_lines(c, c.one_side_only, "  ");
  out += "\n";
  const auto rows = cells(c);
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const auto& r : rows)
    for (std::size_t col = 0; col < r.size(); ++col) widths[col] = std::max(widths[col], display_width(r[col]));
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t col = 0; col < r.size(); ++col) line += (col ? "  " : "") + (col + 1 == r.size() ? r[col] : pad(r[col], widths[col]));
    out += line + "\n";
  }
  out += method_line(c) + "\n";
  for (const auto& n : c.notes) out += "Note: " + printable(n) + "\n";
  out += "\nVerdicts:\n" + verdict_section(verdicts, "  ");
  return out;
}

/// The comparison as Markdown: the answer, the differences and the table.
inline std::string comparison_markdown(const comparison& c, const std::vector<side_verdicts>& verdicts) {
  using namespace detail::comparison_report;
  auto cell = [](const std::string& s) {
    std::string out;
    for (char ch : printable(s)) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
    return out;
  };
  std::string out = fmt::format("### {} comparison\n\n", cell(c.tool));
  for (std::size_t i = 0; i < c.labels.size(); ++i) out += fmt::format("- **{}**: {}\n", cell(c.labels[i]), cell(sources_of(c.sources[i], "`")));
  out += "\n";
  for (const auto& line : headline(c, verdicts)) out += "- " + line + "\n";
  auto fact_table = [&](const char* title, const std::vector<fact_difference>& facts) {
    if (facts.empty()) return;
    out += fmt::format("\n| {} |", title);
    for (const auto& l : c.labels) out += fmt::format(" {} |", cell(l));
    out += "\n|---|";
    for (std::size_t i = 0; i < c.labels.size(); ++i) out += "---|";
    out += "\n";
    for (const auto& d : facts) {
      out += fmt::format("| {} |", cell(d.fact));
      for (const auto& v : d.values) out += fmt::format(" {} |", cell(v));
      out += "\n";
    }
  };
  fact_table("differs", c.differences);
  fact_table("known on some sides only", c.one_side_only);
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
  out += "\n" + method_line(c) + "\n";
  for (const auto& n : c.notes) out += "\n_Note: " + cell(n) + "_\n";
  out += "\n**Verdicts**\n\n" + verdict_section(verdicts, "- ");
  return out;
}

/// The comparison as CSV: one line per test, metric and side, in base units.
inline std::string comparison_csv(const comparison& c) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
  };
  auto num = [](const std::optional<double>& v) { return v ? fmt::format("{:.10g}", *v) : std::string(); };
  std::string out = "test,metric,unit,better,side,runs,median,min,max,change_percent,word,noise,low_percent,high_percent,confidence,runs_needed\n";
  for (const auto& r : c.rows)
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
      const auto& s = r.sides[i];
      const auto& ch = r.changes[i];
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", quote(r.test), quote(r.metric), quote(r.unit), to_string(r.direction),
                         quote(c.labels[i]), s.runs, num(s.median), num(s.min), num(s.max), i ? num(ch.percent) : "", ch.word,
                         to_string(ch.noise), num(ch.low_percent), num(ch.high_percent), ch.low_percent ? num(ch.confidence) : "",
                         ch.runs_needed ? std::to_string(*ch.runs_needed) : "");
    }
  return out;
}

/// The comparison as JSON.
inline nlohmann::json comparison_json(const comparison& c, const std::vector<side_verdicts>& verdicts) {
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  auto trend_json = [](const std::optional<row_trend>& t) {
    if (!t) return nlohmann::json();
    return nlohmann::json{{"percent_per_run", t->percent_per_run}, {"p", t->p}, {"runs", t->runs}, {"significant", t->significant}};
  };
  auto side_trend_json = [](const side_trend& t) {
    return nlohmann::json{{"rows", t.rows}, {"p", t.p}, {"percent_per_run", std::expm1(t.median_slope_per_run) * 100},
                          {"drift", t.drift}, {"withdrawn", t.withdrawn}};
  };
  nlohmann::json sides = nlohmann::json::array();
  for (std::size_t i = 0; i < c.labels.size(); ++i) {
    nlohmann::json s = {{"label", c.labels[i]}, {"sources", c.sources[i]}};
    if (i < verdicts.size()) s["controller_inventory"] = verdicts[i].inventory;
    sides.push_back(std::move(s));
  }
  auto facts = [](const std::vector<fact_difference>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& d : list) out.push_back({{"fact", d.fact}, {"values", d.values}});
    return out;
  };
  nlohmann::json summaries = nlohmann::json::array();
  for (std::size_t i = 1; i < c.labels.size(); ++i) {
    const auto& s = c.summaries[i];
    summaries.push_back({{"side", c.labels[i]}, {"against", c.labels.front()}, {"rows", s.family}, {"faster", s.faster},
                         {"slower", s.slower}, {"unchanged", s.unchanged}, {"undecided", s.undecided},
                         {"median_faster_percent", opt(s.median_faster)}, {"median_slower_percent", opt(s.median_slower)},
                         {"drift", {{c.labels.front(), side_trend_json(s.base_trend)}, {c.labels[i], side_trend_json(s.trend)}}}});
  }
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : c.rows) {
    nlohmann::json per_side = nlohmann::json::array();
    for (std::size_t i = 0; i < r.sides.size(); ++i) {
      const auto& s = r.sides[i];
      nlohmann::json j = {{"runs", s.runs}, {"median", opt(s.median)}, {"min", opt(s.min)}, {"max", opt(s.max)},
                          {"spread", opt(s.spread)}, {"values", s.values}};
      if (!s.note.empty()) j["note"] = s.note;
      if (i > 0) {
        const auto& ch = r.changes[i];
        nlohmann::json interval;
        if (ch.low_percent) interval = {{"low_percent", *ch.low_percent}, {"high_percent", *ch.high_percent}, {"confidence", ch.confidence}};
        j["change"] = {{"percent", opt(ch.percent)},
                       {"word", ch.word},
                       {"noise", to_string(ch.noise)},
                       {"interval", interval},
                       {"method", ch.method.empty() ? nlohmann::json() : nlohmann::json(ch.method)},
                       {"runs_needed", ch.runs_needed ? nlohmann::json(*ch.runs_needed) : nlohmann::json()},
                       {"runs_needed_beyond", ch.runs_needed_beyond_cap ? nlohmann::json(max_runs_needed) : nlohmann::json()},
                       {"reason", ch.reason.empty() ? nlohmann::json() : nlohmann::json(ch.reason)},
                       {"drift", {{"base", trend_json(ch.base_trend)}, {"side", trend_json(ch.trend)}}}};
      }
      per_side.push_back(std::move(j));
    }
    rows.push_back({{"test", r.test}, {"metric", r.metric}, {"unit", r.unit}, {"better", to_string(r.direction)}, {"rate", r.rate},
                    {"sides", per_side}});
  }
  nlohmann::json v = nlohmann::json::object();
  for (const auto& s : verdicts) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& x : s.verdicts) list.push_back(x);
    v[s.label] = std::move(list);
  }
  const auto& rule = c.options.rule;
  return {{"schema", "raidbench.comparison"},
          {"schema_version", comparison_schema_version},
          {"tool", c.tool},
          {"decision",
           {{"method", "t-test on log values (Welch; pooled without a side's spread; paired for interleaved rounds), the interval "
                       "beyond ±min_effect, Holm over each side's rows against the first; Mann-Kendall trend within a side"},
            {"alpha", rule.alpha},
            {"min_effect", rule.min_effect},
            {"drift_alpha", rule.drift_alpha},
            {"power", rule.power},
            {"rows", c.options.all_metrics ? "every compared metric" : "each test's rate and tail latency"},
            {"calibrated", c.calibrated},
            {"paired", c.options.paired},
            {"rounds", c.rounds ? nlohmann::json(c.rounds) : nlohmann::json()}}},
          {"sides", sides},
          {"summaries", summaries},
          {"differences", facts(c.differences)},
          {"known_on_some_sides_only", facts(c.one_side_only)},
          {"rows", rows},
          {"notes", c.notes},
          {"verdicts", v}};
}

}  // namespace raidbench
