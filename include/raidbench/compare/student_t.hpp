#pragma once
/// Student's t distribution for any positive degrees of freedom (Welch's are fractional): its
/// upper tail, distribution function and quantile, from the regularized incomplete beta function.
/// Relative error below 1e-11 up to 1,000 degrees of freedom and 1e-9 beyond (tests/statistics/
/// student_t.cpp checks it against Boost.Math, whose header costs 3 s of compile time per use).
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 <= x <= 1.
RAIDBENCH_API double regularized_incomplete_beta(double a, double b, double x);

/// P(T > t) for T with `df` degrees of freedom (df > 0; infinity gives the standard normal).
RAIDBENCH_API double student_t_upper_tail(double t, double df);

/// P(T <= t).
RAIDBENCH_API double student_t_cdf(double t, double df);

/// The t with P(T <= t) = p, for 0 < p < 1.
RAIDBENCH_API double student_t_quantile(double p, double df);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/compare/impl/student_t.hpp"
#endif
