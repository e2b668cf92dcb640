// A sweep as one self-contained HTML page: the ATTO curve, the IOMeter matrix as a heat map, the
// CrystalDiskMark rows as bars, each with its table, and the text report.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "raidbench/report/context.hpp"
#include "raidbench/report/html_document.hpp"
#include "raidbench/report/svg_chart.hpp"
#include "sweep_report.hpp"

namespace rb_suite {

using namespace raidbench;

std::string sweep_html(const sweep_outcome& o) {
  html::document page(fmt::format("raidbench sweep {}", to_string(o.plan.kind)));
  page.paragraph(sweep_header(o));
  switch (o.plan.kind) {
    case sweep_kind::atto: {
      std::map<std::uint64_t, std::pair<double, double>> by_size;  // write, read MB/s
      for (const auto& p : o.points) (p.point.read_percent ? by_size[p.point.block_size].second : by_size[p.point.block_size].first) = mb_per_second_of(reported(p));
      html::line_chart curve{"Sequential throughput by block size", "block size", "MB/s", true, false, {}, {}, {}};
      html::series write{"write", {}}, read{"read", {}};
      for (const auto& [bs, wr] : by_size) {
        curve.x.push_back(static_cast<double>(bs));
        curve.x_tick_labels.push_back(format_iec(bs));
        write.values.push_back(wr.first);
        read.values.push_back(wr.second);
      }
      curve.series = {write, read};
      page.add(curve);
      break;
    }
    case sweep_kind::iometer: {
      html::heat_table matrix{"Throughput (MB/s) per access specification and queue depth", "MB/s", {}, {}, {}};
      std::vector<unsigned> depths;
      for (const auto& p : o.plan.points)
        if (std::find(depths.begin(), depths.end(), p.queue_depth) == depths.end()) depths.push_back(p.queue_depth);
      for (auto qd : depths) matrix.column_labels.push_back(fmt::format("QD{}", qd));
      std::map<std::string, std::size_t> row_of;
      for (const auto& p : o.points) {
        const std::string row = fmt::format("{} {} % read {}", format_iec(p.point.block_size), p.point.read_percent,
                                            p.point.random ? "random" : "sequential");
        if (!row_of.count(row)) {
          row_of[row] = matrix.row_labels.size();
          matrix.row_labels.push_back(row);
          matrix.cells.emplace_back(depths.size());
        }
        const auto col = static_cast<std::size_t>(std::find(depths.begin(), depths.end(), p.point.queue_depth) - depths.begin());
        matrix.cells[row_of[row]][col] = mb_per_second_of(reported(p));
      }
      page.add(matrix);
      break;
    }
    case sweep_kind::cdm: {
      html::bar_chart bars{"CrystalDiskMark profile (best pass)", "MB/s", {}, {}, {}, {}};
      html::series read{"read", {}}, write{"write", {}};
      std::vector<std::string> order;
      std::map<std::string, std::pair<double, double>> rows;
      for (const auto& p : o.points) {
        const std::string test = p.point.name.substr(0, p.point.name.rfind(' '));
        if (!rows.count(test)) order.push_back(test);
        (p.point.read_percent ? rows[test].first : rows[test].second) = mb_per_second_of(reported(p));
      }
      for (const auto& t : order) {
        bars.categories.push_back(t);
        read.values.push_back(rows[t].first);
        write.values.push_back(rows[t].second);
      }
      bars.series = {read, write};
      page.add(bars);
      break;
    }
  }
  // Latency percentiles of every point, on a log scale: where the tail is.
  // The percentiles at even steps along x: on a linear axis the tail's would overlap.
  constexpr double percentiles[] = {50, 90, 95, 99, 99.9};
  html::line_chart tails{"Latency percentiles per point", "percentile", "latency (µs)", false, true, {0, 1, 2, 3, 4},
                         {"p50", "p90", "p95", "p99", "p99.9"}, {}};
  for (const auto& p : o.points) {
    const auto h = reported(p).stats.combined_latency();
    if (h.count() == 0) continue;
    html::series s{p.point.name, {}};
    for (double q : percentiles) s.values.push_back(h.percentile_ns(q) / 1e3);
    tails.series.push_back(std::move(s));
  }
  if (tails.series.size() <= 12) page.add(tails);  // beyond a dozen lines a chart says nothing: the table has them
  page.heading("Table");
  page.preformatted(sweep_table(o));
  page.heading("Storage context");
  page.preformatted(format_context(o.context));
  return page.str();
}

}  // namespace rb_suite
