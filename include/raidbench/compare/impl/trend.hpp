#pragma once
// Mann–Kendall and Theil–Sen (see core/linkage.hpp): included by trend.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <span>
#include <vector>

#include "raidbench/compare/trend.hpp"

namespace raidbench {

namespace detail::mann_kendall {

// Up to this many runs every ordering is counted (10! = 3,628,800 fits a double exactly).
inline constexpr std::size_t exact_up_to = 10;
// Beyond this many runs the Theil–Sen slope is taken between medians of consecutive groups of runs:
// all pairs of 1,000 runs are half a million slopes; of 100,000 they would be 40 GB.
inline constexpr std::size_t all_pairs_up_to = 1000;

// P(|S| >= |s|) over the n! equally likely orderings, from the number of orderings with each count
// of inversions (Mahonian numbers, one table per n built once); S = pairs - 2 × inversions.
inline double exact_p(std::size_t n, long long s) {
  static const auto tables = [] {
    std::array<std::vector<double>, exact_up_to + 1> t;
    std::vector<double> counts{1};
    for (std::size_t m = 2; m <= exact_up_to; ++m) {
      std::vector<double> next(counts.size() + m - 1, 0.0);
      for (std::size_t k = 0; k < counts.size(); ++k)
        for (std::size_t j = 0; j < m; ++j) next[k + j] += counts[k];
      counts = std::move(next);
      t[m] = counts;
    }
    return t;
  }();
  const auto& counts = tables[n];
  const long long pairs = static_cast<long long>(n * (n - 1) / 2);
  double total = 0, extreme = 0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    total += counts[k];
    if (std::llabs(pairs - 2 * static_cast<long long>(k)) >= std::llabs(s)) extreme += counts[k];
  }
  return std::min(1.0, extreme / total);
}

// The variance of S when there is no trend, reduced for tied values.
inline double variance_of_s(std::span<const double> values) {
  const double n = static_cast<double>(values.size());
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  double ties = 0;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    const double t = static_cast<double>(j - i);
    ties += t * (t - 1) * (2 * t + 5);
    i = j;
  }
  return (n * (n - 1) * (2 * n + 5) - ties) / 18;
}

inline double median_of(std::vector<double>& v) {
  const auto middle = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), middle, v.end());
  if (v.size() % 2) return *middle;
  return (*middle + *std::max_element(v.begin(), middle)) / 2;
}

inline double theil_sen(std::span<const double> values) {
  std::vector<double> points(values.begin(), values.end());
  double runs_per_point = 1;
  if (points.size() > all_pairs_up_to) {
    const std::size_t group = (points.size() + all_pairs_up_to - 1) / all_pairs_up_to;
    std::vector<double> medians;
    for (std::size_t i = 0; i + group <= values.size(); i += group) {
      std::vector<double> g(values.begin() + static_cast<std::ptrdiff_t>(i), values.begin() + static_cast<std::ptrdiff_t>(i + group));
      medians.push_back(median_of(g));
    }
    points = std::move(medians);
    runs_per_point = static_cast<double>(group);
  }
  std::vector<double> slopes;
  slopes.reserve(points.size() * (points.size() - 1) / 2);
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = i + 1; j < points.size(); ++j) slopes.push_back((points[j] - points[i]) / static_cast<double>(j - i));
  return slopes.empty() ? 0.0 : median_of(slopes) / runs_per_point;
}

}  // namespace detail::mann_kendall

RAIDBENCH_API double kendall_p(double s, double variance) {
  if (!(variance > 0) || s == 0) return 1;
  const double z = (std::fabs(s) - 1) / std::sqrt(variance);  // with a continuity correction: S moves in steps of 2
  return std::min(1.0, std::erfc(z / std::numbers::sqrt2));
}

RAIDBENCH_API trend trend_of(std::span<const double> values) {
  trend t;
  t.runs = values.size();
  if (values.size() < 2) return t;
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i + 1; j < values.size(); ++j) t.kendall_s += (values[j] > values[i]) - (values[j] < values[i]);
  t.variance_s = detail::mann_kendall::variance_of_s(values);
  t.p = values.size() <= detail::mann_kendall::exact_up_to ? detail::mann_kendall::exact_p(values.size(), t.kendall_s)
                                                    : kendall_p(t.kendall_s, t.variance_s);
  t.slope_per_run = detail::mann_kendall::theil_sen(values);
  return t;
}

}  // namespace raidbench
