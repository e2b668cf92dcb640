// The error rate and power of rb-compare's decision (compare/change_decision.hpp), on simulated
// comparisons with a known truth (tests/statistics/simulation.hpp: the unit tests run the same
// harness, fewer times): the tables docs/compare.md and benchmarks/RESULTS.md quote. Not a timed
// test; prints Markdown.
//   compare_statistics [comparisons=100000]   (power and drift settings run a fifth of that)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../tests/statistics/simulation.hpp"

namespace {

using namespace raidbench;
using namespace raidbench::test;

std::string percent_with_interval(std::size_t hits, std::size_t n) {
  const auto ci = wilson_95(hits, n);
  char out[96];
  std::snprintf(out, sizeof out, "%.2f %% (%.2f–%.2f)", 100.0 * static_cast<double>(hits) / static_cast<double>(n), 100 * ci.low, 100 * ci.high);
  return out;
}

const char* scatter_name(scatter s) {
  return s == scatter::lognormal ? "lognormal" : s == scatter::heavy_tailed ? "heavy-tailed (t, 3 df)" : "lognormal + 1 in 10 runs at half speed";
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
  const std::size_t fewer = std::max<std::size_t>(n / 5, 1000);
  std::uint64_t seed = 1;

  std::printf("### One setup on both sides: comparisons (18 rows each) with any call\n\n");
  std::printf("| noise | CV | runs a side | comparisons | with a call (95 %% interval) | a side's drift named | a row's own drift named |\n"
              "|---|---:|---:|---:|---|---|---|\n");
  for (scatter kind : {scatter::lognormal, scatter::heavy_tailed, scatter::hiccups})
    for (double cv : {0.05, 0.2})
      for (std::size_t runs : {3, 5, 10, 0}) {
        // 0: raidbench ab's default, 10 interleaved rounds judged paired.
        scenario s;
        s.kind = kind, s.cv = cv, s.runs = runs ? runs : 10, s.paired = runs == 0;
        const auto t = simulate(s, n, seed++);
        std::printf("| %s | %.0f %% | %s | %zu | %s | %s | %s |\n", scatter_name(kind), cv * 100, runs ? std::to_string(runs).c_str() : "10 rounds, paired", t.comparisons,
                    percent_with_interval(t.with_a_wrong_call, t.comparisons).c_str(), percent_with_interval(t.drift_named, t.comparisons).c_str(),
                    percent_with_interval(t.row_drift_named, t.comparisons).c_str());
        std::fflush(stdout);
      }

  std::printf("\n### Drift (lognormal, 5 runs a side, 18 rows): comparisons with a call that is not a change of the setup\n\n");
  std::printf("| drift | per run | CV | comparisons | with a call | drift named | a row's own drift named |\n|---|---:|---:|---:|---|---|---|\n");
  const struct {
    drift_kind kind;
    bool paired;
    const char* name;
  } drifts[] = {{drift_kind::each_side, false, "every side alike (warm-up)"},
                {drift_kind::side_b, false, "side B only, from A's level"},
                {drift_kind::continuing, false, "through both sides, B after A"},
                {drift_kind::continuing, true, "through both sides, ABBA rounds, paired"}};
  for (const auto& d : drifts)
    for (double cv : {0.05, 0.2})
      for (double per_run : {0.01, 0.02, 0.05, 0.1}) {
        scenario s;
        s.drift = d.kind, s.paired = d.paired, s.cv = cv, s.drift_per_run = -per_run;
        const auto t = simulate(s, fewer, seed++);
        std::printf("| %s | %.0f %% | %.0f %% | %zu | %s | %s | %s |\n", d.name, -per_run * 100, cv * 100, t.comparisons,
                    percent_with_interval(t.with_a_wrong_call, t.comparisons).c_str(), percent_with_interval(t.drift_named, t.comparisons).c_str(),
                    percent_with_interval(t.row_drift_named, t.comparisons).c_str());
        std::fflush(stdout);
      }

  // compare_truth.sh's (c): one row's side B drifts (a cap raised at every run of B), interleaved
  // rounds judged paired; once with B's last run stalled at half speed, as in the third truth run.
  std::printf("\n### One row's drift in interleaved rounds (B's runs only; 10 ABBA rounds, paired, 18 rows, lognormal)\n\n");
  std::printf("| per run | CV | B's last run | comparisons | with a call | the row's drift named: all runs alone (before) | now (all runs, or one left out) |\n"
              "|---:|---:|---|---:|---|---|---|\n");
  for (bool stalled : {false, true})
    for (double cv : {0.05, 0.2})
      for (double per_run : {0.02, 0.05, 0.1}) {
        scenario s;
        s.drift = drift_kind::side_b, s.paired = true, s.runs = 10, s.cv = cv, s.drift_per_run = per_run, s.drift_rows = 1;
        s.last_b_stalled = stalled;
        const auto t = simulate(s, fewer, seed++);
        std::printf("| +%.0f %% | %.0f %% | %s | %zu | %s | %s | %s |\n", per_run * 100, cv * 100, stalled ? "at half speed" : "as the others",
                    t.comparisons, percent_with_interval(t.with_a_wrong_call, t.comparisons).c_str(),
                    percent_with_interval(t.first_row_named_by_all_runs, t.comparisons).c_str(),
                    percent_with_interval(t.first_row_named, t.comparisons).c_str());
        std::fflush(stdout);
      }

  std::printf("\n### Power: one row of 18 changed, lognormal noise; share of comparisons that call it\n\n");
  std::printf("| change | CV | 3 runs | 5 runs | 10 runs | 20 runs | runs a side for 80 %% (worked out) | power there (simulated) |\n"
              "|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  const change_rule rule;
  for (double cv : {0.05, 0.2})
    for (double shift : {0.05, 0.2, 0.5}) {
      std::printf("| +%.0f %% | %.0f %% |", shift * 100, cv * 100);
      for (std::size_t runs : {3, 5, 10, 20}) {
        scenario s;
        s.cv = cv, s.shift = shift, s.shifted_rows = 1, s.runs = runs;
        const auto t = simulate(s, fewer, seed++);
        std::printf(" %.1f %% |", 100.0 * static_cast<double>(t.shifted_called) / static_cast<double>(t.shifted_total));
      }
      const auto needed = runs_to_decide(std::log1p(shift) - std::log1p(rule.min_effect), cv, false, rule.alpha / 18, rule.power);
      if (needed && *needed <= 2000) {
        scenario s;
        s.cv = cv, s.shift = shift, s.shifted_rows = 1, s.runs = *needed;
        const auto t = simulate(s, std::min<std::size_t>(fewer, 2000), seed++);
        std::printf(" %zu | %.1f %% |\n", *needed, 100.0 * static_cast<double>(t.shifted_called) / static_cast<double>(t.shifted_total));
      } else {
        std::printf(" %s | - |\n", needed ? std::to_string(*needed).c_str() : "never: the change is the minimum effect");
      }
      std::fflush(stdout);
    }

  std::printf("\n### Power for a 5 %% change with --min-effect=0 (lognormal, one row of 18)\n\n");
  std::printf("| CV | 5 runs | 10 runs | 20 runs | 50 runs | runs a side for 80 %% (worked out) |\n|---:|---:|---:|---:|---:|---:|\n");
  change_rule any_change;
  any_change.min_effect = 0;
  for (double cv : {0.05, 0.2}) {
    std::printf("| %.0f %% |", cv * 100);
    for (std::size_t runs : {5, 10, 20, 50}) {
      scenario s;
      s.cv = cv, s.shift = 0.05, s.shifted_rows = 1, s.runs = runs;
      const auto t = simulate(s, std::min<std::size_t>(fewer, 5000), seed++, any_change);
      std::printf(" %.1f %% |", 100.0 * static_cast<double>(t.shifted_called) / static_cast<double>(t.shifted_total));
    }
    const auto needed = runs_to_decide(std::log1p(0.05), cv, false, any_change.alpha / 18, any_change.power);
    std::printf(" %s |\n", needed ? std::to_string(*needed).c_str() : "more than 10,000");
  }

  std::printf("\n### Interleaved (ABBA) rounds judged paired: power, one row of 18 changed, lognormal noise\n\n");
  std::printf("| change | CV | 5 rounds | 10 rounds | 20 rounds |\n|---:|---:|---:|---:|---:|\n");
  for (double cv : {0.05, 0.2})
    for (double shift : {0.2, 0.5}) {
      std::printf("| +%.0f %% | %.0f %% |", shift * 100, cv * 100);
      for (std::size_t rounds : {5, 10, 20}) {
        scenario s;
        s.cv = cv, s.shift = shift, s.shifted_rows = 1, s.runs = rounds, s.paired = true;
        const auto t = simulate(s, fewer, seed++);
        std::printf(" %.1f %% |", 100.0 * static_cast<double>(t.shifted_called) / static_cast<double>(t.shifted_total));
      }
      std::printf("\n");
    }
  return 0;
}
