#pragma once
/// A trend within one side's runs, in the order they ran: Mann–Kendall's test (is there a monotone
/// trend?) and the Theil–Sen slope (how large, per run), both rank-based, so one outlier neither
/// makes nor hides a trend. The test is exact up to 10 runs (every ordering counted; tied values
/// count as no trend, which can only raise p) and uses the normal approximation with the tie
/// correction beyond. Fewer than 5 runs can never show a trend at 5 %: with 4 the smallest p is 1/12.
#include <cstddef>
#include <span>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// A trend of a series in run order.
struct trend {
  std::size_t runs = 0;
  long long kendall_s = 0;    ///< concordant minus discordant pairs
  double variance_s = 0;      ///< of kendall_s when there is no trend (ties accounted for)
  double p = 1;               ///< two-sided, for "no monotone trend"
  double slope_per_run = 0;   ///< Theil–Sen: the median of the pairwise slopes, per run
};

/// The normal approximation's two-sided p for a Kendall S (or a sum of independent ones) of `variance`.
RAIDBENCH_API double kendall_p(double s, double variance);

/// The trend of `values` (in run order; already on the scale wanted, e.g. logarithms).
RAIDBENCH_API trend trend_of(std::span<const double> values);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/compare/impl/trend.hpp"
#endif
