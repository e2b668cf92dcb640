// The decision rule (compare/change_decision.hpp) on values worked out by hand: its estimates,
// Holm's levels and intervals, the runs needed, bad input. Its error rate and power on simulated
// comparisons are error_rate.cpp's.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "raidbench/compare/change_decision.hpp"
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

// Two rounds (or 2 runs a side) with the same large ratio, as this VM's commit rate gave identical
// sides when it switched between two levels: the t's one degree of freedom would call it; a call
// needs 3 rounds, and the rounds needed say so. A third round of that ratio is called.
BOOST_AUTO_TEST_CASE(two_runs_a_side_never_call) {
  row_runs two{{892.65, 1118.99}, {3143.03, 3928.10}}, three{{892.65, 1118.99, 1000.0}, {3143.03, 3928.10, 3516.0}};
  two.paired = three.paired = true;
  const auto judged = judge_rows(std::vector<row_runs>{two}, {});
  BOOST_TEST(judged.rows[0].call == noise_call::cannot_tell);
  BOOST_TEST(judged.rows[0].low > std::log1p(0.05));  // the interval alone would call it
  BOOST_TEST(*runs_needed(judged.rows[0], {}) == min_runs_to_call);
  BOOST_TEST(judge_rows(std::vector<row_runs>{three}, {}).rows[0].call == noise_call::beyond);
  row_runs unpaired{{100, 101}, {200, 202}};
  BOOST_TEST(judge_rows(std::vector<row_runs>{unpaired}, {}).rows[0].call == noise_call::cannot_tell);
  // Paired rows whose sides have values in different rounds (a test that measured nothing once) are
  // not judged unpaired instead.
  row_runs uneven{{100, 110, 105}, {200, 220}};
  uneven.paired = true;
  const auto u = judge_rows(std::vector<row_runs>{uneven}, {});
  BOOST_TEST(u.rows[0].call == noise_call::cannot_tell);
  BOOST_TEST(u.rows[0].reason == "a round without a value on one side: the rounds cannot be paired");
  // A calibration's own runs stand in for the missing ones.
  unpaired.noise = known_noise{0.01, 20};
  BOOST_TEST(judge_rows(std::vector<row_runs>{unpaired}, {}).rows[0].call == noise_call::beyond);
}

BOOST_AUTO_TEST_SUITE_END()
