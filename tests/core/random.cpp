#include "raidbench/core/random.hpp"

#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(random_test)

BOOST_AUTO_TEST_CASE(same_seed_same_sequence_other_seed_other_sequence) {
  random_generator a(7), b(7), c(8);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a(), y = b(), z = c();
    BOOST_TEST(x == y);
    differs = differs || x != z;
  }
  BOOST_TEST(differs);
}

BOOST_AUTO_TEST_CASE(below_stays_in_range_and_is_roughly_uniform) {
  random_generator g(1);
  std::array<int, 10> counts{};
  const int draws = 100000;
  for (int i = 0; i < draws; ++i) {
    const auto v = g.below(10);
    BOOST_REQUIRE(v < 10u);
    ++counts[v];
  }
  // Chi-square with 9 degrees of freedom: 27.88 is the 0.1% critical value.
  double chi2 = 0;
  for (int n : counts) chi2 += std::pow(n - draws / 10.0, 2) / (draws / 10.0);
  BOOST_TEST(chi2 < 27.88);
  BOOST_TEST(g.below(1) == 0u);
}

BOOST_AUTO_TEST_CASE(unit_interval) {
  random_generator g(3);
  for (int i = 0; i < 1000; ++i) {
    const double u = g.unit();
    BOOST_REQUIRE(u >= 0.0);
    BOOST_REQUIRE(u < 1.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
