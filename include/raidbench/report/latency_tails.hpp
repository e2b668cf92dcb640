#pragma once
/// The latency-percentile chart of raidbench's HTML pages (the suite's report and the sweeps'): one
/// curve per test, p50 to p99.99, where the tail is.
#include <cstddef>
#include <string>
#include <utility>

#include "raidbench/report/svg_chart.hpp"
#include "raidbench/stats/latency_histogram.hpp"

namespace raidbench::html {

/// Collects the curves; a histogram with no sample draws none.
class latency_tails {
 public:
  explicit latency_tails(std::string title)
      // The percentiles at even steps along x: on a linear percentile axis the tail's would overlap.
      : chart_{std::move(title), "percentile", "latency (µs)", false, true, {0, 1, 2, 3, 4},
               {"p50", "p90", "p99", "p99.9", "p99.99"}, {}} {}

  void add(std::string name, const latency_histogram& h) {
    if (h.count() == 0) return;
    html::series curve{std::move(name), {}};
    for (double q : {50.0, 90.0, 99.0, 99.9, 99.99}) curve.values.push_back(h.percentile_ns(q) / 1e3);
    chart_.series.push_back(std::move(curve));
  }

  std::size_t curves() const noexcept { return chart_.series.size(); }
  const line_chart& chart() const noexcept { return chart_; }

 private:
  line_chart chart_;
};

}  // namespace raidbench::html
