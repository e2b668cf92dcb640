// SNIA PTS steady state on synthetic series: flat, rising, noisy, a step, and too few rounds.
#include "raidbench/stats/steady_state.hpp"

#include <boost/test/unit_test.hpp>

#include <vector>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(steady_state_test)

BOOST_AUTO_TEST_CASE(flat_rounds_are_steady) {
  const std::vector<double> r{1000, 1000, 1000, 1000, 1000};
  const auto c = check_steady_state(r);
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(c->steady);
  BOOST_TEST(c->average == 1000.0);
  BOOST_TEST(c->excursion == 0.0);
  BOOST_TEST(c->slope_change == 0.0);
  BOOST_TEST(c->first_round == 0U);
}

BOOST_AUTO_TEST_CASE(a_cache_warming_up_is_not_steady_and_says_it_rises) {
  // 12.5k → 68.6k IOPS over five rounds, as this VM's disk did.
  const std::vector<double> r{12500, 26000, 40000, 55000, 68600};
  const auto c = check_steady_state(r);
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(!c->steady);
  BOOST_TEST(c->slope_change > 1.0);
  BOOST_TEST(c->per_round > 0.3);
  // A slow drift within the band but above the slope bound: 6 %/round.
  const std::vector<double> drift{1000, 1040, 1080, 1120, 1160};
  const auto d = check_steady_state(drift);
  BOOST_TEST(d->excursion <= 0.20);
  BOOST_TEST(d->slope_change > 0.10);
  BOOST_TEST(!d->steady);
  BOOST_TEST(d->per_round == 40.0 / 1080.0, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(noise_inside_the_band_is_steady_outside_is_not) {
  const std::vector<double> inside{1000, 1080, 950, 1050, 990};  // (1080 − 950) / 1014 = 12.8 %
  BOOST_TEST(check_steady_state(inside)->steady);
  const std::vector<double> outside{1000, 1250, 900, 1100, 1000};  // (1250 − 900) / 1050 = 33 %
  const auto c = check_steady_state(outside);
  BOOST_TEST(c->excursion > 0.20);
  BOOST_TEST(!c->steady);
}

BOOST_AUTO_TEST_CASE(only_the_last_window_counts_after_a_step) {
  // A write cliff: the cache fills after round 3, then the drive settles at its own pace.
  const std::vector<double> r{9000, 9100, 8950, 2100, 2000, 2050, 1980, 2020, 2010};
  const auto settled = check_steady_state(r);
  BOOST_TEST(settled->steady);
  BOOST_TEST(settled->first_round == 4U);
  BOOST_TEST(settled->average == 2012.0, boost::test_tools::tolerance(1e-9));
  // Five rounds earlier the step sat inside the window.
  const std::vector<double> earlier(r.begin(), r.begin() + 6);
  BOOST_TEST(!check_steady_state(earlier)->steady);
}

BOOST_AUTO_TEST_CASE(too_few_rounds_or_nothing_measured_give_no_answer) {
  const std::vector<double> four{1, 1, 1, 1};
  BOOST_TEST(!check_steady_state(four).has_value());
  const std::vector<double> zeros{0, 0, 0, 0, 0};
  BOOST_TEST(!check_steady_state(zeros).has_value());
  // A window of 3 with its own bounds.
  const std::vector<double> three{100, 101, 99};
  BOOST_TEST(check_steady_state(three, {.window = 3, .max_excursion = 0.05, .max_slope_change = 0.05})->steady);
}

BOOST_AUTO_TEST_SUITE_END()
