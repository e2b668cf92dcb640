// Mann–Kendall and Theil–Sen (compare/trend.hpp): exact p-values checked against every ordering,
// the smallest p of small samples, ties, the normal approximation, and slopes robust to an outlier.
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

BOOST_AUTO_TEST_SUITE_END()
