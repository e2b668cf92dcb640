// The decision rule (compare/change_decision.hpp): its estimates by hand-worked examples, Holm's
// levels, the runs needed, bad input, and above all its error rate on simulated comparisons of one
// setup: at most 5 % of them may contain any call (the upper end of a 95 % interval on the observed
// share is asserted), while a harness that drops the multiplicity correction must fail the same
// check. benchmarks/compare_statistics.cpp runs 100,000 per setting for docs/compare.md.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "raidbench/compare/change_decision.hpp"
#include "raidbench/compare/student_t.hpp"
#include "simulation.hpp"

BOOST_TEST_DONT_PRINT_LOG_VALUE(raidbench::noise_call)

BOOST_AUTO_TEST_SUITE(change_decision_test)

namespace {

using namespace raidbench;
using namespace raidbench::test;

std::vector<double> exps(std::initializer_list<double> logs) {
  std::vector<double> out;
  for (double l : logs) out.push_back(std::exp(l));
  return out;
}

double share(std::size_t hits, std::size_t n) { return static_cast<double>(hits) / static_cast<double>(n); }

}  // namespace

BOOST_AUTO_TEST_CASE(welch_by_hand) {
  // Logs 0, .1, .2 against .5, .7, .9: means .1 and .7, variances .01 and .04.
  std::string why;
  const auto c = unpaired_log_change(exps({0, 0.1, 0.2}), exps({0.5, 0.7, 0.9}), nullptr, why);
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(std::fabs(c->estimate - 0.6) < 1e-12);
  BOOST_TEST(std::fabs(c->standard_error - std::sqrt(0.05 / 3)) < 1e-12);
  // Welch–Satterthwaite: (.05/3)^2 / ((.01/3)^2/2 + (.04/3)^2/2) = 50/17.
  BOOST_TEST(std::fabs(c->df - 50.0 / 17) < 1e-9);
  BOOST_TEST(c->method == "welch");
}

BOOST_AUTO_TEST_CASE(pooled_calibrated_and_impossible) {
  std::string why;
  // A side whose runs are one value (copies, a rounded figure) lends no noise: the other side's is used.
  const auto pooled = unpaired_log_change(exps({0, 0, 0}), exps({0, 0.1, 0.2}), nullptr, why);
  BOOST_TEST_REQUIRE(pooled.has_value());
  BOOST_TEST(pooled->method == "pooled");
  BOOST_TEST(pooled->df == 2.0);
  BOOST_TEST(std::fabs(pooled->sd_per_run - 0.1) < 1e-12);
  BOOST_TEST(!unpaired_log_change(exps({0}), exps({0.3}), nullptr, why).has_value());
  BOOST_TEST(why == "1 run a side");
  BOOST_TEST(!unpaired_log_change(exps({0, 0}), exps({0.3, 0.3}), nullptr, why).has_value());
  BOOST_TEST(why == "no spread in either side's runs");
  BOOST_TEST(!unpaired_log_change(std::vector<double>{0, 1}, exps({0, 1}), nullptr, why).has_value());
  BOOST_TEST(why == "a value of 0 or below");
  // With a calibration, one run a side is enough.
  const known_noise noise{0.02, 12};
  const auto calibrated = unpaired_log_change(exps({0}), exps({0.3}), &noise, why);
  BOOST_TEST_REQUIRE(calibrated.has_value());
  BOOST_TEST(calibrated->method == "calibrated");
  BOOST_TEST(calibrated->df == 12.0);
  BOOST_TEST(std::fabs(calibrated->standard_error - 0.02 * std::sqrt(2.0)) < 1e-12);
}

BOOST_AUTO_TEST_CASE(paired_rounds_cancel_a_shared_drift) {
  // Both sides drift 5 % a round; B is 20 % up in every round, give or take a little.
  std::vector<double> a, b;
  const double wiggle[] = {0.01, -0.01, 0.005, -0.005, 0.0, 0.008};
  for (int i = 0; i < 6; ++i) {
    a.push_back(std::exp(0.05 * i));
    b.push_back(std::exp(0.05 * i + std::log(1.2) + wiggle[i]));
  }
  std::string why;
  const auto c = paired_log_change(a, b, why);
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(std::fabs(c->estimate - std::log(1.2) - 0.008 / 6) < 1e-12);
  BOOST_TEST(c->df == 5.0);
  row_runs row{a, b};
  row.paired = true;
  const auto judged = judge_rows(std::vector<row_runs>{row}, {});
  BOOST_TEST(judged.rows[0].call == noise_call::beyond);
  BOOST_TEST(!paired_log_change(a, std::vector<double>(b.begin(), b.end() - 1), why).has_value());
}

BOOST_AUTO_TEST_CASE(holm_levels_and_consistent_intervals) {
  // Two rows changed a lot, one not at all: the first two are tested at alpha/3 and alpha/2, the third
  // fails at alpha/1, and every interval says what its row's call says.
  std::vector<row_runs> rows{{exps({0, 0.01, -0.01, 0.02}), exps({1, 1.01, 0.99, 1.02})},
                             {exps({0, 0.01, -0.01, 0.02}), exps({0.5, 0.52, 0.49, 0.51})},
                             {exps({0, 0.01, -0.01, 0.02}), exps({0.002, 0.012, -0.008, 0.018})}};
  const auto judged = judge_rows(rows, {});
  BOOST_TEST(judged.rows[0].call == noise_call::beyond);
  BOOST_TEST(judged.rows[1].call == noise_call::beyond);
  BOOST_TEST(judged.rows[2].call == noise_call::within);
  BOOST_TEST(std::fabs(judged.rows[0].confidence - (1 - 0.05 / 3)) < 1e-12);
  BOOST_TEST(std::fabs(judged.rows[1].confidence - (1 - 0.05 / 2)) < 1e-12);
  BOOST_TEST(std::fabs(judged.rows[2].confidence - (1 - 0.05)) < 1e-12);
  BOOST_TEST(judged.rows[1].low > std::log1p(0.05));
  BOOST_TEST(judged.rows[2].low > std::log1p(-0.05));
  BOOST_TEST(judged.rows[2].high < std::log1p(0.05));
  for (const auto& j : judged.rows) BOOST_TEST(j.family == 3u);
}

BOOST_AUTO_TEST_CASE(runs_needed_give_the_power_asked) {
  // A 20 % change at CV 5 % among 18 rows: at the runs worked out, about 80 % of comparisons call it.
  const auto n = runs_to_decide(std::log1p(0.2) - std::log1p(0.05), 0.05, false, 0.05 / 18, 0.8);
  BOOST_TEST_REQUIRE(n.has_value());
  BOOST_TEST(*n == 9u);
  scenario s;
  s.shift = 0.2;
  s.shifted_rows = 1;
  s.runs = *n;
  const auto t = simulate(s, 500, 9);
  BOOST_TEST(share(t.shifted_called, t.shifted_total) >= 0.8);
  s.runs = 5;
  const auto fewer = simulate(s, 500, 10);
  BOOST_TEST(share(fewer.shifted_called, fewer.shifted_total) < 0.8);
  // More noise needs more runs; a change at the minimum effect never decides.
  BOOST_TEST(*runs_to_decide(std::log1p(0.2) - std::log1p(0.05), 0.2, false, 0.05 / 18, 0.8) > *n);
  BOOST_TEST(!runs_to_decide(1e-6, 0.05, false, 0.05 / 18, 0.8).has_value());  // beyond max_runs_needed
  BOOST_TEST(!runs_to_decide(0, 0.05, false, 0.05 / 18, 0.8).has_value());
}

BOOST_AUTO_TEST_CASE(bad_input_never_makes_a_call) {
  // One run a side, identical runs, empty sides: "cannot tell" or no value, never a call.
  const std::vector<row_runs> rows{{{100}, {200}}, {{100, 100, 100}, {150, 150, 150}}, {{}, {1, 2}}, {{5, 5}, {0, 7}}};
  const auto judged = judge_rows(rows, {});
  BOOST_TEST(judged.rows[0].call == noise_call::cannot_tell);
  BOOST_TEST(judged.rows[1].call == noise_call::cannot_tell);
  BOOST_TEST(judged.rows[2].call == noise_call::no_value);
  BOOST_TEST(judged.rows[3].call == noise_call::cannot_tell);
  BOOST_TEST(judged.rows[3].reason == "a value of 0 or below");
  // A thousand runs a side of one setup: no call; 10 % apart: called.
  random_source random(7);
  row_runs same, apart;
  for (int i = 0; i < 1000; ++i) {
    same.a.push_back(std::exp(0.1 * random.normal()));
    same.b.push_back(std::exp(0.1 * random.normal()));
    apart.a.push_back(std::exp(0.1 * random.normal()));
    apart.b.push_back(std::exp(std::log(1.1) + 0.1 * random.normal()));
  }
  BOOST_TEST(judge_rows(std::vector<row_runs>{same}, {}).rows[0].call == noise_call::within);
  BOOST_TEST(judge_rows(std::vector<row_runs>{apart}, {}).rows[0].call == noise_call::beyond);
}

BOOST_AUTO_TEST_CASE(one_setup_shows_a_call_in_at_most_5_percent_of_comparisons) {
  // The noisiest setting of the power table (CV 20 %, 5 runs a side, 18 rows): 10,000 comparisons.
  scenario s;
  s.cv = 0.2;
  const auto lognormal = simulate(s, 10000, 1);
  BOOST_TEST(wilson_95(lognormal.with_a_wrong_call, lognormal.comparisons).high <= 0.05, share(lognormal.with_a_wrong_call, lognormal.comparisons));
  // Heavy tails, stalls, three runs a side, a warm-up trend inside every side: 2,000 each.
  scenario heavy = s, hiccups = s, warm_up = s;
  heavy.kind = scatter::heavy_tailed;
  heavy.runs = 3;
  hiccups.kind = scatter::hiccups;
  hiccups.cv = 0.05;
  hiccups.runs = 3;
  warm_up.cv = 0.05;
  warm_up.drift = drift_kind::each_side;
  warm_up.drift_per_run = 0.03;
  for (const auto& x : {heavy, hiccups, warm_up}) {
    const auto t = simulate(x, 2000, 2);
    BOOST_TEST(wilson_95(t.with_a_wrong_call, t.comparisons).high <= 0.05, share(t.with_a_wrong_call, t.comparisons));
  }
}

BOOST_AUTO_TEST_CASE(the_check_fails_a_rule_without_the_multiplicity_correction) {
  // Each row at 5 % on its own and no minimum effect: most comparisons of 18 rows contain a call.
  scenario s;
  s.cv = 0.2;
  change_rule uncorrected;
  uncorrected.alpha = 0.05 * 18;
  uncorrected.min_effect = 0;
  const auto t = simulate(s, 500, 3, uncorrected);
  BOOST_TEST(wilson_95(t.with_a_wrong_call, t.comparisons).low > 0.05, share(t.with_a_wrong_call, t.comparisons));
}

BOOST_AUTO_TEST_CASE(power_against_known_shifts) {
  // One row of 18 changed by 50 % at CV 5 %, 5 runs a side; 20 % at 10 runs.
  scenario half;
  half.shift = 0.5;
  half.shifted_rows = 1;
  const auto t = simulate(half, 500, 4);
  BOOST_TEST(share(t.shifted_called, t.shifted_total) >= 0.95);
  scenario fifth = half;
  fifth.shift = 0.2;
  fifth.runs = 10;
  const auto u = simulate(fifth, 500, 5);
  BOOST_TEST(share(u.shifted_called, u.shifted_total) >= 0.85);
}

BOOST_AUTO_TEST_CASE(a_drifting_side_is_named_and_its_drift_not_called) {
  // Side B's runs fall 10 % a run from side A's level (a cap raised at every run): named, not called.
  scenario s;
  s.drift = drift_kind::side_b;
  s.drift_per_run = -0.1;
  const auto t = simulate(s, 1000, 6);
  BOOST_TEST(share(t.drift_named, t.comparisons) >= 0.95);
  BOOST_TEST(wilson_95(t.with_a_wrong_call, t.comparisons).high <= 0.05, share(t.with_a_wrong_call, t.comparisons));
  // One drift through both sides, run one after the other, 3 % a run: named, and its 15 % between the sides not called.
  scenario through = s;
  through.drift = drift_kind::continuing;
  through.drift_per_run = 0.03;
  const auto u = simulate(through, 1000, 7);
  BOOST_TEST(share(u.drift_named, u.comparisons) >= 0.95);
  BOOST_TEST(wilson_95(u.with_a_wrong_call, u.comparisons).high <= 0.05, share(u.with_a_wrong_call, u.comparisons));
  // Interleaved rounds, judged paired: the same drift cancels.
  scenario interleaved = through;
  interleaved.paired = true;
  const auto v = simulate(interleaved, 1000, 8);
  BOOST_TEST(wilson_95(v.with_a_wrong_call, v.comparisons).high <= 0.05, share(v.with_a_wrong_call, v.comparisons));
}

BOOST_AUTO_TEST_SUITE_END()
