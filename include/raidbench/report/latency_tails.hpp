#pragma once
/// The latency-percentile chart of raidbench's HTML pages (the suite's report and the sweeps'): one
/// curve per test, p50 to p99.99, where the tail is.
#include <cstddef>
#include <iterator>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "raidbench/report/svg_chart.hpp"
#include "raidbench/stats/latency_histogram.hpp"

namespace raidbench::html {

/// Collects the curves; a histogram with no sample draws none.
class latency_tails {
 public:
  explicit latency_tails(std::string title)
      : chart_{std::move(title), "percentile", "latency (µs)", false, true, {}, {}, {}, {}} {
    // The percentiles at even steps along x: on a linear percentile axis the tail's would overlap.
    for (std::size_t i = 0; i < std::size(percentiles); ++i) {
      chart_.x.push_back(static_cast<double>(i));
      chart_.x_tick_labels.push_back(fmt::format("p{}", percentiles[i]));  // "p50" … "p99.99"
    }
  }

  /// `doubt`: why the test's figures are doubtful (a verdict's reason), or empty; every point of its
  /// curve is then drawn as doubtful.
  void add(std::string name, const latency_histogram& h, const std::string& doubt = "") {
    if (h.count() == 0) return;
    html::series curve{std::move(name), {}};
    for (double q : percentiles) curve.values.push_back(h.percentile_ns(q) / 1e3);
    chart_.series.push_back(std::move(curve));
    chart_.doubts.insert(chart_.doubts.end(), std::size(percentiles), doubt);
  }

  std::size_t curves() const noexcept { return chart_.series.size(); }
  const line_chart& chart() const noexcept { return chart_; }

 private:
  static constexpr double percentiles[] = {50, 90, 99, 99.9, 99.99};
  line_chart chart_;
};

}  // namespace raidbench::html
