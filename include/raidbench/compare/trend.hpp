#pragma once
/// A trend within one side's runs, in the order they ran: Mann–Kendall's test (is there a monotone
/// trend?) and the Theil–Sen slope (how large, per run). The slope is robust to an outlier; the test
/// less so: one stalled run at an end of a rising series turns up to n − 1 of its pairs against the
/// trend (a truth run's 10 runs gave p = 0.0047 that way, where the runs before gave about 1e-4).
/// So a drift is tested twice: on all runs, and on the runs with the one left out that most weakens
/// the trend, each at half the level (`p_drift`). The test is exact up to 10 runs (every ordering
/// counted; tied values count as no trend, which can only raise p) and uses the normal approximation
/// with the tie correction beyond. Fewer than 5 runs can never show a trend at 5 %: with 4 the
/// smallest p is 1/12.
#include <cstddef>
#include <span>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// A trend of a series in run order.
struct trend {
  std::size_t runs = 0;
  long long kendall_s = 0;    ///< concordant minus discordant pairs
  double variance_s = 0;      ///< of kendall_s when there is no trend (ties accounted for)
  double p = 1;               ///< two-sided, for "no monotone trend", over all runs
  /// The strongest trend with any one run left out: the runs × the smallest such p over n − 1 runs
  /// (a union bound over which run is left out, so a valid p for "no monotone trend" however it is picked).
  double p_one_left_out = 1;
  double p_drift = 1;         ///< what a drift is named at: twice the smaller of p and p_one_left_out (at most 1)
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
