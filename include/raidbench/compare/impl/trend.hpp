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

// A group of t tied values' share of the variance of S: taken off it, as no pair within it counts.
inline double tie_term(double t) { return t * (t - 1) * (2 * t + 5); }

// The variance of S over n values when there is no trend, `ties` the sum of their groups' tie_term.
inline double variance_of_s(double n, double ties) { return (n * (n - 1) * (2 * n + 5) - ties) / 18; }

// Each value's count of equal values (itself included), in the values' order.
inline std::vector<double> tie_sizes(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end()), sizes;
  std::sort(sorted.begin(), sorted.end());
  for (double v : values) sizes.push_back(static_cast<double>(std::upper_bound(sorted.begin(), sorted.end(), v) - std::lower_bound(sorted.begin(), sorted.end(), v)));
  return sizes;
}

// The p of a Kendall S over `n` runs: exact up to exact_up_to, else the normal approximation.
inline double p_of(std::size_t n, long long s, double variance) {
  return n <= exact_up_to ? exact_p(n, s) : kendall_p(static_cast<double>(s), variance);
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
  using namespace detail::mann_kendall;
  trend t;
  const std::size_t n = values.size();
  t.runs = n;
  if (n < 2) return t;
  std::vector<long long> own(n, 0);  // each run's share of S: the signs of the pairs it is in
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const int sign = (values[j] > values[i]) - (values[j] < values[i]);
      t.kendall_s += sign;
      own[i] += sign;
      own[j] += sign;
    }
  const auto ties = tie_sizes(values);
  double all_ties = 0;
  for (double size : ties) all_ties += tie_term(size) / size;  // each group once: size values of it
  t.variance_s = variance_of_s(static_cast<double>(n), all_ties);
  t.p = p_of(n, t.kendall_s, t.variance_s);
  // Run i left out: its pairs leave S, its tie group loses one value. Under no trend the other n - 1
  // are in a random order whichever run is left out, so each p is valid and n times the least bounds them all.
  if (n >= 3) {
    double least = 1;
    for (std::size_t i = 0; i < n; ++i) {
      const double variance = variance_of_s(static_cast<double>(n - 1), all_ties - tie_term(ties[i]) + tie_term(ties[i] - 1));
      least = std::min(least, p_of(n - 1, t.kendall_s - own[i], variance));
    }
    t.p_one_left_out = std::min(1.0, static_cast<double>(n) * least);
  }
  t.p_drift = std::min(1.0, 2 * std::min(t.p, t.p_one_left_out));
  t.slope_per_run = theil_sen(values);
  return t;
}

}  // namespace raidbench
