// Student's t (compare/student_t.hpp): closed forms for 1 and 2 degrees of freedom, published
// quantiles, Boost.Math's independent implementation over fractional and large degrees of freedom,
// and the round trip quantile → distribution function.
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <numbers>

#include "raidbench/compare/student_t.hpp"

BOOST_AUTO_TEST_SUITE(student_t_test)

namespace {

double relative(double got, double want) { return want == 0 ? std::fabs(got) : std::fabs(got - want) / std::fabs(want); }

}  // namespace

BOOST_AUTO_TEST_CASE(closed_forms_for_one_and_two_degrees_of_freedom) {
  for (double t = -50; t <= 50; t += 0.25) {
    // Cauchy: 1/2 + atan(t)/pi; two degrees: 1/2 + t / (2 sqrt(2 + t^2)); each written for the
    // smaller tail without cancellation.
    const double cauchy = t == 0 ? 0.5 : std::atan(1 / std::fabs(t)) / std::numbers::pi;
    const double root = std::sqrt(2 + t * t);
    const double two = 1 / ((root + std::fabs(t)) * root);
    BOOST_TEST(relative(t < 0 ? raidbench::student_t_cdf(t, 1) : raidbench::student_t_upper_tail(t, 1), cauchy) < 1e-13, t);
    BOOST_TEST(relative(raidbench::student_t_upper_tail(std::fabs(t), 2), two) < 1e-13, t);
  }
}

BOOST_AUTO_TEST_CASE(published_quantiles) {
  // Two-sided 5 % and 1 % points from any table, to the digits tables print.
  const struct {
    double p, df, t;
  } table[] = {{0.975, 1, 12.706}, {0.975, 2, 4.303}, {0.975, 4, 2.776}, {0.975, 10, 2.228},
               {0.975, 30, 2.042}, {0.995, 3, 5.841}, {0.995, 20, 2.845}, {0.95, 8, 1.860}};
  for (const auto& row : table) BOOST_TEST(std::fabs(raidbench::student_t_quantile(row.p, row.df) - row.t) < 5e-4, row.df);
  BOOST_TEST(std::fabs(raidbench::student_t_quantile(0.975, std::numeric_limits<double>::infinity()) - 1.959963984540054) < 1e-12);
  BOOST_TEST(raidbench::student_t_quantile(0.5, 7) == 0.0);
  BOOST_TEST(raidbench::student_t_quantile(0.025, 4) == -raidbench::student_t_quantile(0.975, 4));
}

BOOST_AUTO_TEST_CASE(agrees_with_boost_math) {
  double worst_tail = 0, worst_quantile = 0, worst_large = 0;
  for (double df : {0.5, 1.3, 2.0, 3.0, 4.7, 8.0, 17.2, 30.0, 100.0, 1000.0}) {
    const boost::math::students_t d(df);
    for (double t = -40; t <= 40; t += 0.37) {
      const double want = t < 0 ? cdf(d, t) : cdf(complement(d, t));
      const double got = t < 0 ? raidbench::student_t_cdf(t, df) : raidbench::student_t_upper_tail(t, df);
      worst_tail = std::max(worst_tail, relative(got, want));
    }
    for (double p : {1e-10, 1e-6, 1e-4, 0.001, 0.01, 0.025, 0.05, 0.2, 0.5, 0.8, 0.95, 0.975, 0.999, 0.99999})
      worst_quantile = std::max(worst_quantile, relative(raidbench::student_t_quantile(p, df), quantile(d, p)));
  }
  for (double df : {1e4, 1e6}) {
    const boost::math::students_t d(df);
    for (double t = 0.5; t <= 8; t += 0.5) worst_large = std::max(worst_large, relative(raidbench::student_t_upper_tail(t, df), cdf(complement(d, t))));
  }
  BOOST_TEST(worst_tail < 1e-11);
  BOOST_TEST(worst_quantile < 1e-11);
  BOOST_TEST(worst_large < 1e-9);
}

BOOST_AUTO_TEST_CASE(incomplete_beta_agrees_with_boost_math) {
  double worst = 0;
  for (double a : {0.5, 1.0, 2.5, 7.0, 40.0})
    for (double b : {0.5, 1.0, 3.0, 12.0})
      for (double x = 0.01; x < 1; x += 0.049) worst = std::max(worst, relative(raidbench::regularized_incomplete_beta(a, b, x), boost::math::ibeta(a, b, x)));
  BOOST_TEST(worst < 1e-12);
  BOOST_TEST(raidbench::regularized_incomplete_beta(2, 3, 0) == 0.0);
  BOOST_TEST(raidbench::regularized_incomplete_beta(2, 3, 1) == 1.0);
}

BOOST_AUTO_TEST_CASE(quantile_inverts_the_distribution_function) {
  for (double df : {1.0, 2.5, 6.0, 41.0})
    for (double p = 0.0005; p < 1; p += 0.0101) BOOST_TEST(relative(raidbench::student_t_cdf(raidbench::student_t_quantile(p, df), df), p) < 1e-12);
}

BOOST_AUTO_TEST_CASE(bad_arguments_give_nan_not_a_hang) {
  BOOST_TEST(std::isnan(raidbench::student_t_cdf(1, 0)));
  BOOST_TEST(std::isnan(raidbench::student_t_cdf(std::nan(""), 3)));
  BOOST_TEST(std::isnan(raidbench::student_t_quantile(1, 3)));
  BOOST_TEST(std::isnan(raidbench::student_t_quantile(0, 3)));
  BOOST_TEST(raidbench::student_t_cdf(std::numeric_limits<double>::infinity(), 3) == 1.0);
  BOOST_TEST(raidbench::student_t_upper_tail(-std::numeric_limits<double>::infinity(), 3) == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()
