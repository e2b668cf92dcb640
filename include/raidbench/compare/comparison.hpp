#pragma once
/// Comparing sides: each side is one or more runs of the same setup (repeated runs give its spread).
/// Tests are matched by tool and name across all sides; per test and metric each side gets its
/// median and range, and every side after the first its change against the first,
/// (B − A) / A × 100 %, with a word from the metric's direction ("faster" when a higher-is-better
/// figure rose or a lower-is-better one fell) and whether the change is beyond the runs' noise.
/// Noise: with at least three runs on both sides, the change counts when the ranges (min–max) of
/// the two sides' runs do not overlap; with fewer, the comparison cannot tell.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// The fewest runs per side for a noise judgement.
inline constexpr std::size_t runs_for_noise = 3;

/// One side of a comparison: a label and its runs.
struct comparison_side {
  std::string label;  ///< "A", "B", … or what the user named it
  std::vector<run_record> runs;
};

/// One side's value of one metric: the median of its runs and their range.
struct side_figure {
  std::size_t runs = 0;  ///< runs with a value
  std::optional<double> median, min, max;
  std::string note;      ///< a mark instead of a value ("too fast to measure (+++++)")
};

/// How a side's figure compares with the first side's.
enum class noise_call {
  cannot_tell,  ///< fewer than runs_for_noise runs on a side
  beyond,       ///< the ranges do not overlap
  within,       ///< the ranges overlap: noise
  no_value,     ///< a side has no value
};

/// A side's change against the first side.
struct side_change {
  std::optional<double> percent;  ///< (B − A) / A × 100
  std::string word;               ///< "faster", "slower", "same", or "" when there is no change to state
  noise_call noise = noise_call::no_value;
};

/// One row: a test's metric across the sides.
struct comparison_row {
  std::string test;
  std::string metric;
  std::string unit;
  better direction = better::higher;
  std::vector<side_figure> sides;
  std::vector<side_change> changes;  ///< one per side; the first is empty
};

/// A fact that differs between sides: kernel, scheduler, write cache, controller policy, battery, a test's parameter.
struct fact_difference {
  std::string fact;
  std::vector<std::string> values;  ///< one per side; "?" when a side does not say
};

/// The whole comparison.
struct comparison {
  std::string tool;
  std::vector<std::string> labels;
  std::vector<std::vector<std::string>> sources;  ///< per side, the files of its runs
  std::vector<fact_difference> differences;
  std::vector<comparison_row> rows;
  std::vector<std::string> notes;  ///< tests not in every side, interrupted runs, …
};

namespace detail::comparison_math {

inline double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

inline side_figure summarise(const std::vector<const figure*>& figures) {
  side_figure s;
  std::vector<double> values;
  for (const figure* f : figures) {
    if (f->value) values.push_back(*f->value);
    else if (s.note.empty()) s.note = f->note;
  }
  s.runs = values.size();
  if (values.empty()) return s;
  s.median = median_of(values);
  s.min = *std::min_element(values.begin(), values.end());
  s.max = *std::max_element(values.begin(), values.end());
  return s;
}

inline side_change change_of(const side_figure& a, const side_figure& b, better direction) {
  side_change c;
  if (!a.median || !b.median) return c;
  if (*a.median != 0) c.percent = (*b.median - *a.median) / *a.median * 100;
  const bool up = *b.median > *a.median, down = *b.median < *a.median;
  if (direction != better::neither)
    c.word = !up && !down ? "same" : (up == (direction == better::higher)) ? "faster" : "slower";
  if (a.runs < runs_for_noise || b.runs < runs_for_noise) c.noise = noise_call::cannot_tell;
  else c.noise = (*b.min > *a.max || *b.max < *a.min) ? noise_call::beyond : noise_call::within;
  return c;
}

// Every run's tests by name (the first of a name, as run_record::find), built once: a log of
// thousands of runs is matched in time linear in its size, not in the square of its tests.
class test_index {
 public:
  explicit test_index(const std::vector<comparison_side>& sides) {
    for (const auto& s : sides)
      for (const auto& r : s.runs) {
        auto& tests = by_run_[&r];
        for (const auto& t : r.tests) tests.try_emplace(t.name, &t);
      }
  }
  /// A test of a run, when the run has it.
  const comparable_test* operator()(const run_record& r, std::string_view name) const {
    const auto& tests = by_run_.at(&r);
    const auto it = tests.find(name);
    return it == tests.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<const run_record*, std::unordered_map<std::string_view, const comparable_test*>> by_run_;
};

}  // namespace detail::comparison_math

/// What a noise call says, in words.
inline std::string_view to_string(noise_call n) noexcept {
  switch (n) {
    case noise_call::cannot_tell: return "cannot tell";
    case noise_call::beyond: return "beyond noise";
    case noise_call::within: return "noise";
    case noise_call::no_value: return "";
  }
  return "";
}

/// Compares the sides (two or more, each with at least one run). Fails when the sides' runs are of
/// different tools or have no test in common.
inline expected<comparison> compare_sides(const std::vector<comparison_side>& sides) {
  using namespace detail::comparison_math;
  if (sides.size() < 2) return fail("a comparison needs two sides or more");
  const test_index test_of(sides);
  comparison out;
  for (const auto& s : sides) {
    if (s.runs.empty()) return fail("side " + s.label + " has no run");
    out.labels.push_back(s.label);
    std::vector<std::string> files;
    for (const auto& r : s.runs) {
      files.push_back(r.source);
      if (r.interrupted) out.notes.push_back(s.label + ": " + r.source + " was interrupted: its figures cover part of the run");
    }
    out.sources.push_back(std::move(files));
  }
  // Tests are compared within one tool: a dd copy is not a sysbench mode.
  out.tool = sides.front().runs.front().tool;
  for (const auto& s : sides)
    for (const auto& r : s.runs)
      if (r.tool != out.tool)
        return fail("the sides hold results of different tools (" + out.tool + " in " + sides.front().runs.front().source + ", " +
                    r.tool + " in " + r.source + "): nothing to compare");

  // The tests every side has, in the first run's order.
  std::vector<std::string> common;
  for (const auto& t : sides.front().runs.front().tests) {
    bool everywhere = true;
    for (const auto& s : sides)
      everywhere = everywhere && std::any_of(s.runs.begin(), s.runs.end(), [&](const run_record& r) { return test_of(r, t.name); });
    if (everywhere) common.push_back(t.name);
    else out.notes.push_back("test '" + t.name + "' is not in every side: left out");
  }
  if (common.empty()) return fail("the sides have no test in common");

  // Facts (context, controller, tool version) and each test's parameters that differ between sides.
  auto side_value = [&](const comparison_side& s, auto&& get) {
    std::set<std::string> values;
    for (const auto& r : s.runs)
      if (auto v = get(r)) values.insert(*v);
    std::string joined;
    for (const auto& v : values) joined += (joined.empty() ? "" : " / ") + v;
    return joined.empty() ? std::string("?") : joined;
  };
  auto add_difference = [&](const std::string& fact, auto&& get) {
    fact_difference d{fact, {}};
    for (const auto& s : sides) d.values.push_back(side_value(s, get));
    if (std::adjacent_find(d.values.begin(), d.values.end(), std::not_equal_to<>()) != d.values.end()) out.differences.push_back(std::move(d));
  };
  std::set<std::string> fact_keys;
  for (const auto& s : sides)
    for (const auto& r : s.runs)
      for (const auto& [k, v] : r.facts) fact_keys.insert(k);
  add_difference("version", [](const run_record& r) { return r.version; });
  for (const auto& k : fact_keys)
    add_difference(k, [&](const run_record& r) -> std::optional<std::string> {
      const auto it = r.facts.find(k);
      return it == r.facts.end() ? std::nullopt : std::optional<std::string>(it->second);
    });
  for (const auto& name : common) {
    std::set<std::string> keys;
    for (const auto& s : sides)
      for (const auto& r : s.runs)
        if (const auto* t = test_of(r, name))
          for (const auto& [k, v] : t->parameters) keys.insert(k);
    for (const auto& k : keys)
      add_difference(name + ": " + k, [&](const run_record& r) -> std::optional<std::string> {
        const auto* t = test_of(r, name);
        if (!t) return std::nullopt;
        const auto it = t->parameters.find(k);
        return it == t->parameters.end() ? std::nullopt : std::optional<std::string>(it->second);
      });
  }

  // One row per test and metric that every side measured (or marked).
  for (const auto& name : common) {
    const auto* first = test_of(sides.front().runs.front(), name);
    if (!first) {
      for (const auto& r : sides.front().runs)
        if ((first = test_of(r, name))) break;
    }
    for (const auto& f : first->figures) {
      if (f.direction == better::neither) continue;
      comparison_row row{name, f.metric, f.unit, f.direction, {}, {}};
      bool everywhere = true;
      for (const auto& s : sides) {
        std::vector<const figure*> figures;
        for (const auto& r : s.runs)
          if (const auto* t = test_of(r, name))
            if (const auto* g = t->find(f.metric); g && g->unit == f.unit) figures.push_back(g);
        everywhere = everywhere && !figures.empty();
        row.sides.push_back(summarise(figures));
      }
      if (!everywhere) continue;
      row.changes.push_back({});
      for (std::size_t i = 1; i < row.sides.size(); ++i) row.changes.push_back(change_of(row.sides.front(), row.sides[i], f.direction));
      out.rows.push_back(std::move(row));
    }
  }
  if (out.rows.empty()) return fail("the sides have tests in common but no figure measured on every side");
  return out;
}

}  // namespace raidbench
