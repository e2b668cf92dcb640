#pragma once
// Student's t distribution (see core/linkage.hpp): included by student_t.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cmath>
#include <limits>
#include <numbers>

#include "raidbench/compare/student_t.hpp"

namespace raidbench {

namespace detail::student_t {

// Beyond this many degrees of freedom the normal distribution is used: the two differ by less than
// 1e-7 in the tails that matter, and lgamma of huge arguments loses more than that.
inline constexpr double normal_beyond_df = 1e7;

// The continued fraction of I_x(a, b) (Abramowitz and Stegun 26.5.8), evaluated by the modified
// Lentz method; it converges quickly for x < (a + 1) / (a + b + 2).
inline double beta_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300, epsilon = 1e-16;
  auto guard = [](double v) { return std::fabs(v) < tiny ? tiny : v; };
  double c = 1, d = 1 / guard(1 - (a + b) * x / (a + 1)), h = d;
  for (int m = 1; m <= 100000; ++m) {
    const double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / guard(1 + even * d);
    c = guard(1 + even / c);
    h *= d * c;
    const double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / guard(1 + odd * d);
    c = guard(1 + odd / c);
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < epsilon) break;
  }
  return h;
}

// I_x(a, b) from x, y = 1 - x, their logarithms and log B(a, b), each computed by the caller without
// cancellation.
inline double incomplete_beta(double a, double b, double x, double y, double log_x, double log_y, double log_beta) {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const double front = std::exp(a * log_x + b * log_y - log_beta);
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
  return 1 - front * beta_fraction(b, a, y) / b;
}

// log(Gamma(a + 1/2) / Gamma(a)): for large a from its asymptotic series, where the difference of
// two lgamma values would lose digits to cancellation.
inline double log_gamma_half_ratio(double a) {
  if (a < 1000) return std::lgamma(a + 0.5) - std::lgamma(a);
  return 0.5 * std::log(a) - 1 / (8 * a) + 1 / (192 * a * a * a);
}

inline double normal_upper_tail(double t) { return 0.5 * std::erfc(t / std::numbers::sqrt2); }

// P(T > t) for t >= 0: half of I_x(df/2, 1/2) at x = df / (df + t^2).
inline double upper_tail_of_positive(double t, double df) {
  if (df > normal_beyond_df) return normal_upper_tail(t);
  if (t == 0) return 0.5;
  const double ratio = t * t / df;  // x = 1 / (1 + ratio), y = ratio / (1 + ratio)
  const double x = 1 / (1 + ratio), y = ratio / (1 + ratio);
  const double log_x = -std::log1p(ratio), log_y = std::log(ratio) - std::log1p(ratio);
  const double log_beta = 0.5 * std::log(std::numbers::pi) - log_gamma_half_ratio(df / 2);  // B(df/2, 1/2)
  return 0.5 * incomplete_beta(df / 2, 0.5, x, y, log_x, log_y, log_beta);
}

inline double density(double t, double df) {
  if (df > normal_beyond_df) return std::exp(-t * t / 2) / std::sqrt(2 * std::numbers::pi);
  return std::exp(log_gamma_half_ratio(df / 2) - 0.5 * std::log(df * std::numbers::pi) -
                  (df + 1) / 2 * std::log1p(t * t / df));
}

}  // namespace detail::student_t

RAIDBENCH_API double regularized_incomplete_beta(double a, double b, double x) {
  if (!(a > 0) || !(b > 0) || std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return detail::student_t::incomplete_beta(a, b, x, 1 - x, std::log(x), std::log1p(-x),
                                            std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b));
}

RAIDBENCH_API double student_t_upper_tail(double t, double df) {
  if (std::isnan(t) || !(df > 0)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(t)) return t > 0 ? 0 : 1;
  const double tail = detail::student_t::upper_tail_of_positive(std::fabs(t), df);
  return t >= 0 ? tail : 1 - tail;
}

RAIDBENCH_API double student_t_cdf(double t, double df) {
  if (std::isnan(t) || !(df > 0)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(t)) return t > 0 ? 1 : 0;
  const double tail = detail::student_t::upper_tail_of_positive(std::fabs(t), df);
  return t >= 0 ? 1 - tail : tail;
}

RAIDBENCH_API double student_t_quantile(double p, double df) {
  using namespace detail::student_t;
  if (!(p > 0 && p < 1) || !(df > 0)) return std::numeric_limits<double>::quiet_NaN();
  // Solved in the nearer tail, where the probability keeps its digits: P(T > t) = q with t >= 0.
  const double q = p < 0.5 ? p : 1 - p;
  if (q == 0.5) return 0;
  // A start near the answer: the normal quantile (Abramowitz and Stegun 26.2.23, within 4.5e-4)
  // corrected for the degrees of freedom by the Cornish–Fisher series (26.7.5); exact for 1 and 2.
  const double w = std::sqrt(-2 * std::log(q));
  const double z = w - (2.515517 + 0.802853 * w + 0.010328 * w * w) / (1 + 1.432788 * w + 0.189269 * w * w + 0.001308 * w * w * w);
  double t;
  if (df == 1) {
    t = std::tan(std::numbers::pi * (0.5 - q));
  } else if (df == 2) {
    t = (1 - 2 * q) / std::sqrt(2 * q * (1 - q));
  } else {
    const double z2 = z * z;
    t = z + z * (z2 + 1) / (4 * df) + z * ((5 * z2 + 16) * z2 + 3) / (96 * df * df) +
        z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df * df * df);
    if (!(t > 0) || !std::isfinite(t)) t = z > 0 ? z : 1;
  }
  // Newton's method on log P(T > t), kept inside the bracket found so far by bisection.
  double low = 0, high = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 400; ++i) {
    const double tail = upper_tail_of_positive(t, df);
    if (tail == q) break;
    (tail > q ? low : high) = t;
    const double pdf = density(t, df);
    double next = pdf > 0 && tail > 0 ? t + (std::log(tail) - std::log(q)) * tail / pdf : (low + high) / 2;
    if (std::fabs(next - t) <= 1e-14 * t) {
      t = next;
      break;
    }
    if (!(next > low && next < high)) next = std::isinf(high) ? 2 * t : (low + high) / 2;
    t = next;
    if (std::isfinite(high) && high - low <= 1e-15 * high) break;
  }
  return p < 0.5 ? -t : t;
}

}  // namespace raidbench
