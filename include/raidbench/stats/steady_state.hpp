#pragma once
/// Steady state as SNIA's Solid State Storage Performance Test Specification defines it: a window of
/// the last N rounds (5 by default) whose values stay within a band around their average (max − min
/// at most 20 % of it) and whose least-squares line moves little across the window (|fit(last) −
/// fit(first)| at most 10 % of the average). A round is one fixed-length measurement (IOPS, MB/s).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <span>

namespace raidbench {

/// The criteria; SNIA PTS's defaults.
struct steady_state_criteria {
  std::size_t window = 5;        ///< rounds in the measurement window
  double max_excursion = 0.20;   ///< (max − min) / average allowed in the window
  double max_slope_change = 0.10;  ///< |fit(last) − fit(first)| / average allowed in the window
};

/// What the last `window` rounds show.
struct steady_state_check {
  bool steady = false;
  std::size_t first_round = 0;  ///< index of the window's first round
  double average = 0;
  double excursion = 0;     ///< (max − min) / average
  double slope_change = 0;  ///< (fit(last) − fit(first)) / average, signed: > 0 rising, < 0 falling
  /// The fitted line's change per round, as a fraction of the average ("rising 6 %/round").
  double per_round = 0;
};

/// Judges the last `criteria.window` rounds of `rounds`; nullopt while there are fewer rounds than
/// that, or when their average is not positive (nothing measured).
inline std::optional<steady_state_check> check_steady_state(std::span<const double> rounds,
                                                            const steady_state_criteria& criteria = {}) {
  const std::size_t n = criteria.window;
  if (n < 2 || rounds.size() < n) return std::nullopt;
  const auto window = rounds.subspan(rounds.size() - n);
  double sum = 0;
  for (double v : window) sum += v;
  const double average = sum / static_cast<double>(n);
  if (!(average > 0)) return std::nullopt;
  const auto [lo, hi] = std::minmax_element(window.begin(), window.end());
  // Least squares over x = 0 … n−1: slope = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)².
  const double mean_x = static_cast<double>(n - 1) / 2;
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double dx = static_cast<double>(i) - mean_x;
    sxy += dx * (window[i] - average);
    sxx += dx * dx;
  }
  const double slope = sxy / sxx;
  steady_state_check c;
  c.first_round = rounds.size() - n;
  c.average = average;
  c.excursion = (*hi - *lo) / average;
  c.slope_change = slope * static_cast<double>(n - 1) / average;
  c.per_round = slope / average;
  c.steady = c.excursion <= criteria.max_excursion && std::fabs(c.slope_change) <= criteria.max_slope_change;
  return c;
}

}  // namespace raidbench
