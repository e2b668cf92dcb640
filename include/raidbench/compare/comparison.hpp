#pragma once
/// Comparing sides: each side is one or more runs of the same setup (repeated runs give its noise).
/// Tests are matched by tool and name across all sides; per test and metric each side gets its
/// median, range and runs' values, and every side after the first its change against the first,
/// (B − A) / A × 100 % of the medians, with a word from the metric's direction ("faster" when a
/// higher-is-better figure rose or a lower-is-better one fell) and the decision whether the change
/// is real (change_decision.hpp): each side against the first is one family of rows, judged together.
/// By default a test has two rows, the family: its rate (the primary one of MB/s and ops/s, which
/// are one figure scaled) and its tail latency (p99, or the highest percentile its tool prints);
/// `all_metrics` adds every other compared figure to the rows and to the family.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "raidbench/compare/change_decision.hpp"
#include "raidbench/compare/comparable.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// One side of a comparison: a label and its runs.
struct comparison_side {
  std::string label;  ///< "A", "B", … or what the user named it
  std::vector<run_record> runs;
};

/// Noise measured on runs of one setup (rb-compare --calibrate), per test and metric.
struct noise_calibration {
  std::string tool;
  std::map<std::pair<std::string, std::string>, known_noise> rows;  ///< (test, metric) → noise
};

/// How to compare.
struct comparison_options {
  change_rule rule{};
  bool all_metrics = false;  ///< every compared figure, not only each test's rate and tail latency
  const noise_calibration* noise = nullptr;  ///< noise measured beforehand, pooled with the runs'
  bool paired = false;  ///< run k of every side ran in round k of an interleaved (ABBA) run: judged paired
};

/// One side's value of one metric: the median of its runs, their range and the values themselves.
struct side_figure {
  std::size_t runs = 0;  ///< runs with a value
  std::optional<double> median, min, max;
  std::optional<double> spread;  ///< standard deviation of the log values (about the CV), with 2+ positive values
  std::vector<double> values;    ///< in the order the runs ran (by start time when every run has one)
  std::string note;              ///< a mark instead of a value ("too fast to measure (+++++)")
};

/// A trend within one side's runs of one row.
struct row_trend {
  double percent_per_run = 0;  ///< Theil–Sen, as a change per run
  double p = 1;                ///< Mann–Kendall, two-sided: trend::p_drift (all runs, or one left out)
  std::size_t runs = 0;
  bool significant = false;    ///< p <= the rule's drift level
};

/// A side's change against the first side.
struct side_change {
  std::optional<double> percent;  ///< (B − A) / A × 100 of the medians
  std::string word;               ///< "faster", "slower", "same" (by the metric's direction), or "" when there is no change to state
  noise_call noise = noise_call::no_value;
  std::optional<double> low_percent, high_percent;  ///< the interval of B / A − 1, in %
  double confidence = 0;          ///< the interval's level (Holm's, for the row in its family)
  std::string method;             ///< "welch", "pooled", "calibrated", "paired"
  std::optional<std::size_t> runs_needed;  ///< a side (rounds when paired), for "cannot tell"
  bool runs_needed_beyond_cap = false;     ///< more than max_runs_needed would be needed
  std::string reason;             ///< why it cannot tell, when the runs cannot estimate the noise
  std::optional<row_trend> base_trend, trend;  ///< the first side's runs and this side's (of the ratios when paired)
};

/// One row: a test's metric across the sides.
struct comparison_row {
  std::string test;
  std::string metric;
  std::string unit;
  better direction = better::higher;
  bool rate = false;  ///< the test's primary rate (one of the default rows; the other is its tail latency)
  std::vector<side_figure> sides;
  std::vector<side_change> changes;  ///< one per side; the first is empty
};

/// A fact the sides report: kernel, scheduler, write cache, controller policy, battery, a test's parameter.
struct fact_difference {
  std::string fact;
  std::vector<std::string> values;  ///< one per side; "?" when a side does not say
};

/// A side against the first: the answer before the table.
struct side_summary {
  std::size_t rows = 0;    ///< rows with a value on both sides
  std::size_t family = 0;  ///< of them, rows the runs could judge (Holm's family)
  std::size_t faster = 0, slower = 0, unchanged = 0, undecided = 0;
  std::optional<double> median_faster, median_slower;  ///< of the percent changes called
  std::size_t without_noise = 0;  ///< rows that cannot tell because the runs cannot estimate the noise
  side_trend base_trend, trend;   ///< of the first side's runs and of this side's, over the family's rates
};

/// The whole comparison.
struct comparison {
  std::string tool;
  std::vector<std::string> labels;
  std::vector<std::vector<std::string>> sources;  ///< per side, the files of its runs
  std::vector<fact_difference> differences;       ///< known on every side, not the same everywhere
  std::vector<fact_difference> one_side_only;     ///< known on some sides only
  std::vector<comparison_row> rows;
  std::vector<side_summary> summaries;  ///< one per side; the first is empty
  std::vector<std::string> notes;       ///< tests not in every side, interrupted runs, …
  comparison_options options{};         ///< as compared (without the noise pointer)
  bool calibrated = false;              ///< a noise calibration was given
  std::size_t rounds = 0;               ///< interleaved rounds judged paired (options.paired); 0 unpaired
};

/// The metric a test is rated by: its rate, the one of MB/s and ops/s its block size makes natural
/// (64 KiB and more: MB/s), or its tool's own (requests/s, events/s); empty when it has none.
inline std::string primary_rate_of(const comparable_test& t) {
  for (const char* own : {"requests_per_second", "events_per_second"})
    if (t.find(own)) return own;
  auto pick = [&](const char* bytes, const char* ops) -> std::string {
    const figure *b = t.find(bytes), *o = t.find(ops);
    if (b && o) return b->value && o->value && *o->value > 0 && *b->value / *o->value < 65536 ? ops : bytes;
    return b ? bytes : o ? ops : "";
  };
  if (auto both = pick("throughput", "ops_per_second"); !both.empty()) return both;
  // sysbench 1.0 fileio: the busier of reads and writes.
  const figure *r = t.find("reads_per_second"), *w = t.find("writes_per_second");
  if (r && w) {
    const bool reads = r->value && (!w->value || *r->value >= *w->value);
    return pick(reads ? "read_throughput" : "write_throughput", reads ? "reads_per_second" : "writes_per_second");
  }
  for (const auto& f : t.figures)
    if (f.direction != better::neither) return f.metric;
  return "";
}

/// The metric of a test's tail latency: latency_p99, else the highest latency_pNN it has; empty for none.
inline std::string tail_latency_of(const comparable_test& t) {
  std::string best;
  double best_percentile = 0;
  for (const auto& f : t.figures) {
    if (!f.metric.starts_with("latency_p")) continue;
    const std::string digits = f.metric.substr(9);
    char* end = nullptr;
    const double p = std::strtod(digits.c_str(), &end);
    if (digits.empty() || digits.find_first_not_of("0123456789.") != std::string::npos || end != digits.c_str() + digits.size()) continue;
    if (p == 99) return f.metric;
    if (p > best_percentile) best_percentile = p, best = f.metric;
  }
  return best;
}

namespace detail::comparison_math {

inline double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A run's tests by name (the first of a name, as run_record::find).
using test_index = std::unordered_map<std::string_view, const comparable_test*>;

inline test_index index_of(const run_record& r) {
  test_index index;
  index.reserve(r.tests.size());
  for (const auto& t : r.tests) index.emplace(t.name, &t);
  return index;
}

inline const comparable_test* test_in(const test_index& index, std::string_view name) {
  const auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

// One side's values of one metric, in run order: by start time when every run has one.
struct timed_values {
  std::vector<double> values;
  std::vector<double> times;  // empty unless every value has one
  std::string note;
};

inline timed_values values_of(const std::vector<test_index>& runs, const std::string& test, const figure& f) {
  std::vector<std::pair<std::optional<double>, double>> found;
  timed_values out;
  for (const auto& index : runs)
    if (const auto* t = test_in(index, test))
      if (const auto* g = t->find(f.metric); g && g->unit == f.unit) {
        if (g->value) found.emplace_back(t->started_at, *g->value);
        else if (out.note.empty()) out.note = g->note;
      }
  const bool timed = !found.empty() && std::all_of(found.begin(), found.end(), [](const auto& x) { return x.first.has_value(); });
  if (timed) std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return *x.first < *y.first; });
  for (const auto& [at, v] : found) {
    out.values.push_back(v);
    if (timed) out.times.push_back(*at);
  }
  return out;
}

inline side_figure summarise(timed_values v) {
  side_figure s;
  s.note = std::move(v.note);
  s.runs = v.values.size();
  if (v.values.empty()) return s;
  s.median = median_of(v.values);
  s.min = *std::min_element(v.values.begin(), v.values.end());
  s.max = *std::max_element(v.values.begin(), v.values.end());
  if (v.values.size() > 1 && std::all_of(v.values.begin(), v.values.end(), [](double x) { return x > 0 && std::isfinite(x); })) {
    double mean = 0, squares = 0;
    for (double x : v.values) mean += std::log(x);
    mean /= static_cast<double>(v.values.size());
    for (double x : v.values) squares += (std::log(x) - mean) * (std::log(x) - mean);
    s.spread = std::sqrt(squares / static_cast<double>(v.values.size() - 1));
  }
  s.values = std::move(v.values);
  return s;
}

// Runs between the middles of two sides, from their start times: the distance between their median
// times over the typical time between consecutive runs; 0 (back to back) without times.
inline double gap_in_runs(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.empty() || b.empty() || a.size() + b.size() < 3) return 0;
  std::vector<double> steps;
  for (const auto* side : {&a, &b}) {
    std::vector<double> t = *side;
    std::sort(t.begin(), t.end());
    for (std::size_t i = 1; i < t.size(); ++i) steps.push_back(t[i] - t[i - 1]);
  }
  if (steps.empty()) return 0;
  const double step = median_of(steps);
  return step > 0 ? std::fabs(median_of(b) - median_of(a)) / step : 0;
}

inline side_change change_of(const side_figure& a, const side_figure& b, better direction) {
  side_change c;
  if (!a.median || !b.median) return c;
  if (*a.median != 0) c.percent = (*b.median - *a.median) / *a.median * 100;
  const bool up = *b.median > *a.median, down = *b.median < *a.median;
  if (direction != better::neither)
    c.word = !up && !down ? "same" : (up == (direction == better::higher)) ? "faster" : "slower";
  return c;
}

inline row_trend row_trend_of(const trend& t, bool significant) {
  return {std::expm1(t.slope_per_run) * 100, t.p_drift, t.runs, significant};
}

// Each run's tests by name, per side, so that matching is linear in the tests (a dd log has thousands).
inline std::vector<std::vector<test_index>> index_sides(const std::vector<comparison_side>& sides) {
  std::vector<std::vector<test_index>> index(sides.size());
  for (std::size_t i = 0; i < sides.size(); ++i)
    for (const auto& r : sides[i].runs) index[i].push_back(index_of(r));
  return index;
}

// One row per test of `common` and figure that every side measured (or marked) and
// `keep(figure, the test's rate, its tail latency)` picks, each side summarised and changed against
// the first, not judged; `times`, when given, receives each row's run start times per side.
template <class Keep>
std::vector<comparison_row> rows_of(const std::vector<std::vector<test_index>>& index, const std::vector<std::string>& common, Keep keep,
                                    std::vector<std::vector<std::vector<double>>>* times = nullptr) {
  std::vector<comparison_row> rows;
  for (const auto& name : common) {
    const comparable_test* first = nullptr;
    for (const auto& x : index.front())
      if ((first = test_in(x, name))) break;
    const std::string rate = primary_rate_of(*first), tail = tail_latency_of(*first);
    for (const auto& f : first->figures) {
      if (f.direction == better::neither || !keep(f, rate, tail)) continue;
      comparison_row row{name, f.metric, f.unit, f.direction, f.metric == rate, {}, {}};
      std::vector<std::vector<double>> row_times;
      bool everywhere = true;
      for (const auto& side : index) {
        auto v = values_of(side, name, f);
        everywhere = everywhere && (!v.values.empty() || !v.note.empty());
        row_times.push_back(std::move(v.times));
        row.sides.push_back(summarise(std::move(v)));
      }
      if (!everywhere) continue;
      row.changes.push_back({});
      for (std::size_t i = 1; i < row.sides.size(); ++i) row.changes.push_back(change_of(row.sides.front(), row.sides[i], f.direction));
      rows.push_back(std::move(row));
      if (times) times->push_back(std::move(row_times));
    }
  }
  return rows;
}

}  // namespace detail::comparison_math

/// Compares the sides (two or more, each with at least one run). Fails when the sides' runs are of
/// different tools or have no test in common.
inline expected<comparison> compare_sides(const std::vector<comparison_side>& sides, const comparison_options& options = {}) {
  using namespace detail::comparison_math;
  if (sides.size() < 2) return fail("a comparison needs two or more sides");
  for (const auto& s : sides)
    if (s.runs.empty()) return fail("side " + s.label + " has no run");

  comparison out;
  out.options = options;
  out.options.noise = nullptr;
  out.calibrated = options.noise != nullptr;
  out.tool = sides.front().runs.front().tool;
  for (const auto& s : sides) {
    out.labels.push_back(s.label);
    std::vector<std::string> files;
    for (const auto& r : s.runs) {
      files.push_back(r.source);
      if (r.interrupted) out.notes.push_back(r.source + ": the run was interrupted; its figures are partial");
    }
    out.sources.push_back(std::move(files));
  }
  for (const auto& s : sides)
    for (const auto& r : s.runs)
      if (r.tool != out.tool)
        return fail("the sides hold results of different tools (" + out.tool + " in " + sides.front().runs.front().source + ", " +
                    r.tool + " in " + r.source + "): nothing to compare");
  if (options.paired) {
    // Round k of an interleaved run is run k of every side: the sides must have one run a round.
    const std::size_t rounds = sides.front().runs.size();
    for (const auto& s : sides)
      if (s.runs.size() != rounds)
        return fail("paired rounds: side " + s.label + " has " + std::to_string(s.runs.size()) + " run(s), side " + sides.front().label +
                    " " + std::to_string(rounds) + "; an interleaved run has one run of every side a round");
    if (rounds < 2) return fail("paired rounds: one round a side cannot show the noise; 2 or more are needed");
    out.rounds = rounds;
  }
  if (options.noise && !options.noise->tool.empty() && options.noise->tool != out.tool)
    return fail("the noise calibration is of " + options.noise->tool + " results, the sides of " + out.tool + " results");

  const auto index = index_sides(sides);
  auto in_side = [&](std::size_t side, std::string_view name) {
    return std::any_of(index[side].begin(), index[side].end(), [&](const test_index& x) { return test_in(x, name) != nullptr; });
  };

  // The tests every side has, in the first run's order.
  std::vector<std::string> common;
  std::set<std::string_view> seen;
  for (const auto& t : sides.front().runs.front().tests) {
    if (!seen.insert(t.name).second) continue;
    bool everywhere = true;
    for (std::size_t i = 0; i < sides.size() && everywhere; ++i) everywhere = in_side(i, t.name);
    if (everywhere) common.push_back(t.name);
    else out.notes.push_back("test '" + t.name + "' is not in every side: left out");
  }
  if (common.empty()) return fail("the sides have no test in common");

  // Facts (context, controller, tool version) and each test's parameters, where the sides' values
  // differ: known everywhere, or known on some sides only.
  auto add_difference = [&](const std::string& fact, auto&& get) {
    fact_difference d{fact, {}};
    std::set<std::string> known;
    for (std::size_t i = 0; i < sides.size(); ++i) {
      std::set<std::string> values;
      for (std::size_t r = 0; r < sides[i].runs.size(); ++r)
        if (auto v = get(i, r)) values.insert(*v);
      std::string joined;
      for (const auto& v : values) joined += (joined.empty() ? "" : " / ") + v;
      if (!joined.empty()) known.insert(joined);
      d.values.push_back(joined.empty() ? std::string("?") : joined);
    }
    const bool unknown_somewhere = std::find(d.values.begin(), d.values.end(), "?") != d.values.end();
    if (unknown_somewhere && !known.empty()) out.one_side_only.push_back(std::move(d));
    else if (known.size() > 1) out.differences.push_back(std::move(d));
  };
  std::set<std::string> fact_keys;
  for (const auto& s : sides)
    for (const auto& r : s.runs)
      for (const auto& [k, v] : r.facts) fact_keys.insert(k);
  add_difference("version", [&](std::size_t i, std::size_t r) { return sides[i].runs[r].version; });
  for (const auto& k : fact_keys)
    add_difference(k, [&](std::size_t i, std::size_t r) -> std::optional<std::string> {
      const auto& facts = sides[i].runs[r].facts;
      const auto it = facts.find(k);
      return it == facts.end() ? std::nullopt : std::optional<std::string>(it->second);
    });
  for (const auto& name : common) {
    std::set<std::string> keys;
    for (std::size_t i = 0; i < sides.size(); ++i)
      for (const auto& x : index[i])
        if (const auto* t = test_in(x, name))
          for (const auto& [k, v] : t->parameters) keys.insert(k);
    for (const auto& k : keys)
      add_difference(name + ": " + k, [&](std::size_t i, std::size_t r) -> std::optional<std::string> {
        const auto* t = test_in(index[i][r], name);
        if (!t) return std::nullopt;
        const auto it = t->parameters.find(k);
        return it == t->parameters.end() ? std::nullopt : std::optional<std::string>(it->second);
      });
  }

  // One row per test and metric that every side measured (or marked): by default the test's rate
  // and tail latency.
  std::vector<std::vector<std::vector<double>>> times;  // per row, per side
  out.rows = rows_of(index, common, [&](const figure& f, const std::string& rate, const std::string& tail) {
    return options.all_metrics || f.metric == rate || f.metric == tail;
  }, &times);
  if (out.rows.empty()) return fail("the sides have tests in common but no figure measured on every side");

  // Each side against the first: one family, judged together.
  out.summaries.resize(sides.size());
  for (std::size_t i = 1; i < sides.size(); ++i) {
    std::vector<row_runs> family;
    for (std::size_t r = 0; r < out.rows.size(); ++r) {
      const auto& row = out.rows[r];
      row_runs x{row.sides.front().values, row.sides[i].values};
      if (options.noise)
        if (const auto it = options.noise->rows.find({row.test, row.metric}); it != options.noise->rows.end()) x.noise = it->second;
      // Paired or not at all: a round without a value on one side (a test that measured nothing) leaves
      // the row's values out of step with the rounds, and paired_log_change says so.
      x.paired = options.paired;
      x.gap_runs = gap_in_runs(times[r].front(), times[r][i]);
      x.in_side_trend = row.rate;
      family.push_back(std::move(x));
    }
    const auto judged = judge_rows(family, options.rule);
    side_summary& sum = out.summaries[i];
    sum.family = judged.rows.empty() ? 0 : judged.rows.front().family;
    sum.base_trend = judged.a;
    sum.trend = judged.b;
    std::vector<double> faster, slower;
    for (std::size_t r = 0; r < out.rows.size(); ++r) {
      const row_judgement& j = judged.rows[r];
      side_change& c = out.rows[r].changes[i];
      c.noise = j.call;
      c.reason = j.reason;
      if (j.trend_a) c.base_trend = row_trend_of(*j.trend_a, j.drift_a);
      if (j.trend_b) c.trend = row_trend_of(*j.trend_b, j.drift_b);
      if (j.change) {
        c.method = std::string(j.change->method);
        c.low_percent = std::expm1(j.low) * 100;
        c.high_percent = std::expm1(j.high) * 100;
        c.confidence = j.confidence;
      }
      if (j.call == noise_call::cannot_tell && j.change) {
        c.runs_needed = runs_needed(j, options.rule);
        c.runs_needed_beyond_cap = !c.runs_needed;
      }
      sum.rows += j.call != noise_call::no_value;
      switch (j.call) {
        case noise_call::beyond: (c.word == "faster" ? faster : slower).push_back(c.percent.value_or(0)); break;
        case noise_call::within: ++sum.unchanged; break;
        case noise_call::cannot_tell: ++sum.undecided, sum.without_noise += !j.change; break;
        case noise_call::drift: ++sum.undecided; break;
        case noise_call::no_value: break;
      }
    }
    sum.faster = faster.size();
    sum.slower = slower.size();
    if (!faster.empty()) sum.median_faster = median_of(faster);
    if (!slower.empty()) sum.median_slower = median_of(slower);
  }
  return out;
}

/// Rows of the figures `keep(metric)` picks of the tests `c` compared, in its order: every side's
/// median and range and the plain change, not judged. What a page draws beside the comparison's own
/// rows (rb-compare's IOMeter reads and writes apart).
template <class Keep>
std::vector<comparison_row> unjudged_rows(const std::vector<comparison_side>& sides, const comparison& c, Keep keep) {
  using namespace detail::comparison_math;
  std::vector<std::string> tests;
  for (const auto& r : c.rows)
    if (tests.empty() || tests.back() != r.test) tests.push_back(r.test);
  return rows_of(index_sides(sides), tests, [&](const figure& f, const std::string&, const std::string&) { return keep(f.metric); });
}

}  // namespace raidbench
