#pragma once
// Simulated comparisons with a known truth, judged by the rule rb-compare ships (judge_rows): the
// unit tests (tests/statistics/change_decision.cpp) run a few thousand, benchmarks/compare_statistics.cpp
// the figures docs/compare.md quotes. Lean on purpose: the tests are built without optimisation.
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "raidbench/compare/change_decision.hpp"
#include "raidbench/core/random.hpp"

namespace raidbench::test {

/// How a run's log value scatters around its side's level.
enum class scatter {
  lognormal,     ///< normal log values, standard deviation `cv`
  heavy_tailed,  ///< Student's t with 3 degrees of freedom, scaled to standard deviation `cv`
  hiccups,       ///< lognormal, and one run in ten at half speed (a stall, a flush storm)
};

/// How the environment moves while the runs run, in log units per run.
enum class drift_kind {
  none,
  each_side,   ///< every side's runs trend alike from the same start (warm-up): the setups are the same
  side_b,      ///< side B's runs trend from side A's level: B's environment changed while it ran
  continuing,  ///< one trend through all runs, A's first then B's (or interleaved when paired)
};

/// One simulated setting.
struct scenario {
  std::size_t runs = 5;         ///< a side (rounds when paired)
  std::size_t rows = 18;        ///< the family: one rate and p99 for 9 tests
  double cv = 0.05;             ///< noise of one run (standard deviation of log values)
  scatter kind = scatter::lognormal;
  double shift = 0;             ///< B / A - 1 of the shifted rows
  std::size_t shifted_rows = 0; ///< how many rows (the first ones) B changed
  drift_kind drift = drift_kind::none;
  double drift_per_run = 0;     ///< log units per run
  std::size_t drift_rows = 0;   ///< how many rows (the first ones) drift; 0: all of them
  bool last_b_stalled = false;  ///< side B's last run at half speed (a stall at the end of the series)
  bool paired = false;          ///< interleaved rounds, ABBA order, judged paired
};

/// What the simulated comparisons called.
struct tally {
  std::size_t comparisons = 0;
  std::size_t with_a_wrong_call = 0;  ///< a call on an unshifted row, or against the shift's direction
  std::size_t shifted_called = 0;     ///< shifted rows called in the shift's direction
  std::size_t shifted_total = 0;
  std::size_t drift_named = 0;        ///< comparisons that name a side's drift
  std::size_t row_drift_named = 0;    ///< comparisons in which a row's own trend is named
  std::size_t first_row_named = 0;    ///< comparisons in which the first row's own trend is named
  std::size_t first_row_named_by_all_runs = 0;  ///< the same by Mann–Kendall over all runs alone (trend::p)
};

/// Standard normal deviates by Marsaglia's polar method from raidbench's own generator.
class random_source {
 public:
  explicit random_source(std::uint64_t seed) : generator_(seed) {}
  double uniform() { return generator_.unit(); }
  double normal() {
    if (spare_ready_) {
      spare_ready_ = false;
      return spare_;
    }
    double u, v, s;
    do {
      u = 2 * uniform() - 1;
      v = 2 * uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    const double f = std::sqrt(-2 * std::log(s) / s);
    spare_ = v * f;
    spare_ready_ = true;
    return u * f;
  }

 private:
  random_generator generator_;
  double spare_ = 0;
  bool spare_ready_ = false;
};

inline double scatter_of(random_source& random, const scenario& s) {
  switch (s.kind) {
    case scatter::lognormal: return s.cv * random.normal();
    case scatter::heavy_tailed: {
      const double z = random.normal(), c1 = random.normal(), c2 = random.normal(), c3 = random.normal();
      return s.cv * z / std::sqrt((c1 * c1 + c2 * c2 + c3 * c3) / 3) / std::numbers::sqrt3;
    }
    case scatter::hiccups: return s.cv * random.normal() - (random.uniform() < 0.1 ? std::numbers::ln2 : 0.0);
  }
  return 0;
}

/// Runs `comparisons` simulated comparisons of `s` and tallies what the rule called.
inline tally simulate(const scenario& s, std::size_t comparisons, std::uint64_t seed, const change_rule& rule = {}) {
  random_source random(seed);
  tally t;
  std::vector<row_runs> rows(s.rows);
  for (std::size_t c = 0; c < comparisons; ++c) {
    for (std::size_t r = 0; r < s.rows; ++r) {
      row_runs& row = rows[r];
      row.paired = s.paired;
      row.in_side_trend = r % 2 == 0;  // the rates; the other half are the tests' p99
      row.a.resize(s.runs);
      row.b.resize(s.runs);
      const double level_b = r < s.shifted_rows ? std::log1p(s.shift) : 0.0;
      for (std::size_t i = 0; i < s.runs; ++i) {
        // When each side's run i ran: back to back (A's runs, then B's), or ABBA rounds when paired.
        const double at_a = s.paired ? static_cast<double>(2 * i + (i % 2)) : static_cast<double>(i);
        const double at_b = s.paired ? static_cast<double>(2 * i + 1 - (i % 2)) : static_cast<double>(s.runs + i);
        double drift_a = 0, drift_b = 0;
        const bool drifts = s.drift_rows == 0 || r < s.drift_rows;
        switch (drifts ? s.drift : drift_kind::none) {
          case drift_kind::none: break;
          case drift_kind::each_side: drift_a = drift_b = s.drift_per_run * static_cast<double>(i); break;
          case drift_kind::side_b: drift_b = s.drift_per_run * static_cast<double>(i); break;
          case drift_kind::continuing: drift_a = s.drift_per_run * at_a, drift_b = s.drift_per_run * at_b; break;
        }
        row.a[i] = std::exp(drift_a + scatter_of(random, s));
        const double stall = s.last_b_stalled && i + 1 == s.runs ? -std::numbers::ln2 : 0.0;
        row.b[i] = std::exp(level_b + drift_b + stall + scatter_of(random, s));
      }
    }
    const auto family = judge_rows(rows, rule);
    bool wrong = false;
    const bool drift = family.a.drift || family.b.drift;
    for (std::size_t r = 0; r < s.rows; ++r) {
      const auto& j = family.rows[r];
      if (j.call != noise_call::beyond) continue;
      const bool shifted = r < s.shifted_rows && s.shift != 0;
      if (shifted && (j.change->estimate > 0) == (s.shift > 0)) ++t.shifted_called;
      else wrong = true;
    }
    t.shifted_total += s.shift != 0 ? s.shifted_rows : 0;
    t.with_a_wrong_call += wrong;
    t.drift_named += drift;
    bool row_drift = false;
    for (const auto& j : family.rows) row_drift = row_drift || j.drift_a || j.drift_b;
    t.row_drift_named += row_drift;
    const auto& first = family.rows.front();
    t.first_row_named += first.drift_a || first.drift_b;
    const double level = rule.drift_alpha / static_cast<double>(first.family ? first.family : 1);
    auto named_by_all_runs = [&](const std::optional<trend>& tr) { return tr && tr->p <= level; };
    t.first_row_named_by_all_runs += named_by_all_runs(first.trend_a) || named_by_all_runs(first.trend_b);
    ++t.comparisons;
  }
  return t;
}

/// The Wilson score interval of a proportion, at 95 %.
struct proportion_interval {
  double low, high;
};
inline proportion_interval wilson_95(std::size_t hits, std::size_t n) {
  const double z = 1.959963984540054, p = static_cast<double>(hits) / static_cast<double>(n), m = static_cast<double>(n);
  const double centre = (p + z * z / (2 * m)) / (1 + z * z / m);
  const double half = z * std::sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / (1 + z * z / m);
  return {centre - half, centre + half};
}

}  // namespace raidbench::test
