// Mann–Kendall and Theil–Sen (compare/trend.hpp): exact p-values checked against every ordering,
// the smallest p of small samples, ties, the normal approximation, slopes robust to an outlier, and the
// drift test with one run left out: a valid p over every ordering, not hidden by one stalled run.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "raidbench/compare/trend.hpp"

BOOST_AUTO_TEST_SUITE(trend_test)

BOOST_AUTO_TEST_CASE(smallest_p_of_small_samples) {
  // Only a monotone series is extreme; there are two of them among n! orderings.
  BOOST_TEST(raidbench::trend_of(std::vector<double>{1, 2, 3}).p == 2.0 / 6);
  BOOST_TEST(raidbench::trend_of(std::vector<double>{1, 2, 3, 4}).p == 2.0 / 24);
  const auto five = raidbench::trend_of(std::vector<double>{5, 4, 3, 2, 1});
  BOOST_TEST(five.kendall_s == -10);
  BOOST_TEST(std::fabs(five.p - 2.0 / 120) < 1e-15);
  BOOST_TEST(five.slope_per_run == -1.0);
  // One adjacent pair swapped: S = 8, and 1 + 4 orderings a side reach |S| >= 8.
  BOOST_TEST(std::fabs(raidbench::trend_of(std::vector<double>{1, 3, 2, 4, 5}).p - 10.0 / 120) < 1e-15);
}

BOOST_AUTO_TEST_CASE(exact_p_is_the_share_of_orderings_at_least_as_extreme) {
  std::vector<double> order{1, 2, 3, 4, 5, 6, 7};
  std::vector<long long> s_of_each;
  do s_of_each.push_back(raidbench::trend_of(order).kendall_s);
  while (std::next_permutation(order.begin(), order.end()));
  std::sort(order.begin(), order.end());
  std::size_t checked = 0;
  do {
    const auto t = raidbench::trend_of(order);
    const auto extreme = std::count_if(s_of_each.begin(), s_of_each.end(), [&](long long s) { return std::llabs(s) >= std::llabs(t.kendall_s); });
    BOOST_TEST(std::fabs(t.p - static_cast<double>(extreme) / static_cast<double>(s_of_each.size())) < 1e-12);
    ++checked;
  } while (std::next_permutation(order.begin(), order.end()) && checked < 600);
}

BOOST_AUTO_TEST_CASE(ties_and_constant_series_show_no_trend) {
  const auto flat = raidbench::trend_of(std::vector<double>{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3});
  BOOST_TEST(flat.kendall_s == 0);
  BOOST_TEST(flat.p == 1.0);
  BOOST_TEST(flat.slope_per_run == 0.0);
  BOOST_TEST(raidbench::trend_of(std::vector<double>{}).p == 1.0);
  BOOST_TEST(raidbench::trend_of(std::vector<double>{7}).p == 1.0);
}

BOOST_AUTO_TEST_CASE(normal_approximation_beyond_ten_runs) {
  std::vector<double> rising(30);
  std::iota(rising.begin(), rising.end(), 0.0);
  const auto t = raidbench::trend_of(rising);
  BOOST_TEST(t.kendall_s == 435);
  BOOST_TEST(t.variance_s == 30.0 * 29 * 65 / 18);
  BOOST_TEST(t.p < 1e-9);
  // Alternating values have no trend.
  std::vector<double> zigzag;
  for (int i = 0; i < 30; ++i) zigzag.push_back(i % 2);
  BOOST_TEST(raidbench::trend_of(zigzag).p > 0.5);
  BOOST_TEST(raidbench::kendall_p(0, 10) == 1.0);
}

BOOST_AUTO_TEST_CASE(theil_sen_ignores_an_outlier_and_scales_to_many_runs) {
  std::vector<double> line{3, 3.5, 4, 40, 5, 5.5, 6};
  BOOST_TEST(raidbench::trend_of(line).slope_per_run == 0.5);
  std::vector<double> long_line;
  for (int i = 0; i < 2500; ++i) long_line.push_back(0.001 * i);
  BOOST_TEST(std::fabs(raidbench::trend_of(long_line).slope_per_run - 0.001) < 1e-12);
}

// The third truth run's (c) (benchmarks/RESULTS.md): B's O_DIRECT MB/s under a cap raised every
// round, 21 23 26 29 31 31 34 38 39 and a stalled last run at 27; its ratios to A's runs ranked as
// these values do (S = 31: A's runs broke the tie the other way). Over all runs p = 0.0047, above a
// row's level in a family of 18 (0.05 / 18); without the last run S = 34 of 36 over 9 runs, whose p
// is 2 × (1 + 8) / 9! (no inversion, or one), so p_one_left_out = 10 times that, p_drift twice that.
BOOST_AUTO_TEST_CASE(one_stalled_run_at_the_end_does_not_hide_a_trend) {
  const auto t = raidbench::trend_of(std::vector<double>{21, 23, 26, 29, 31.4, 30.6, 34, 38, 39, 27});
  BOOST_TEST(t.kendall_s == 31);
  BOOST_TEST(std::fabs(t.p - 0.0047) < 0.0001);
  BOOST_TEST(t.p > 0.05 / 18);
  BOOST_TEST(std::fabs(t.p_one_left_out - 10 * 2 * 9.0 / 362880) < 1e-15);
  BOOST_TEST(std::fabs(t.p_drift - 2 * t.p_one_left_out) < 1e-15);
  BOOST_TEST(t.p_drift <= 0.05 / 18);
  // A clean series is not penalised beyond the doubling: all runs give the smaller p.
  const auto clean = raidbench::trend_of(std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  BOOST_TEST(std::fabs(clean.p_drift - 2 * clean.p) < 1e-18);
  // Fewer than 3 runs leave nothing to leave one out of.
  BOOST_TEST(raidbench::trend_of(std::vector<double>{1, 2}).p_one_left_out == 1.0);
}

// Under no trend every ordering is as likely: over all 5,040 orderings of 7 runs, p_one_left_out
// and p_drift are at most x in at most a share x of them (a union bound, so well under).
BOOST_AUTO_TEST_CASE(the_drift_p_is_a_valid_p_over_every_ordering) {
  std::vector<double> order{1, 2, 3, 4, 5, 6, 7};
  const double levels[] = {0.02, 0.05, 0.1, 0.3};
  std::size_t one_out[4] = {}, drift[4] = {}, orderings = 0;
  do {
    const auto t = raidbench::trend_of(order);
    for (int k = 0; k < 4; ++k) one_out[k] += t.p_one_left_out <= levels[k], drift[k] += t.p_drift <= levels[k];
    ++orderings;
  } while (std::next_permutation(order.begin(), order.end()));
  for (int k = 0; k < 4; ++k) {
    BOOST_TEST(static_cast<double>(one_out[k]) <= levels[k] * static_cast<double>(orderings), levels[k]);
    BOOST_TEST(static_cast<double>(drift[k]) <= levels[k] * static_cast<double>(orderings), levels[k]);
  }
  BOOST_TEST(drift[3] > 0u);  // it can be significant at all
}

// Beyond ten runs each run left out has its own variance of S (its tie group loses one value):
// p_one_left_out is the runs × the least p of the series without each run, worked out one by one.
BOOST_AUTO_TEST_CASE(one_left_out_with_ties_beyond_ten_runs) {
  const std::vector<double> values{1, 2, 2, 3, 5, 4, 6, 6, 6, 8, 7, 9, 10, 2.5};
  const auto t = raidbench::trend_of(values);
  double least = 1;
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::vector<double> without = values;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    least = std::min(least, raidbench::trend_of(without).p);
  }
  BOOST_TEST(std::fabs(t.p_one_left_out - std::min(1.0, 14 * least)) < 1e-12);
  BOOST_TEST(t.p_one_left_out < t.p);  // the last run, low, weakened the trend over all runs
}

BOOST_AUTO_TEST_SUITE_END()
