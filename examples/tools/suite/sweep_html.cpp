// A sweep as one self-contained HTML page: the ATTO curve, the IOMeter matrix as a heat map, the
// CrystalDiskMark rows as bars, each with its table, and the text report.
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/report/context.hpp"
#include "raidbench/report/html_document.hpp"
#include "raidbench/report/latency_tails.hpp"
#include "raidbench/report/svg_chart.hpp"
#include "sweep_report.hpp"

namespace rb_suite {

using namespace raidbench;

std::string sweep_html(const sweep_outcome& o) {
  html::document page(fmt::format("raidbench sweep {}", to_string(o.plan.kind)));
  page.paragraph(sweep_header(o));
  const sweep_grid g = grid_of(o);
  // A point that did not run is NaN: a gap in a curve, no bar, "–" in the heat map; never a zero.
  const auto mb = [](const point_outcome* p) { return p ? mb_per_second_of(reported(*p)) : std::numeric_limits<double>::quiet_NaN(); };
  switch (o.plan.kind) {
    case sweep_kind::atto: {
      html::line_chart curve{"Sequential throughput by block size", "block size", "MB/s", true, false, {}, g.rows, {}};
      html::series write{"write", {}}, read{"read", {}};
      for (const auto& row : g.cells) {
        curve.x.push_back(static_cast<double>((row[0] ? row[0] : row[1])->point.block_size));
        write.values.push_back(mb(row[0]));
        read.values.push_back(mb(row[1]));
      }
      curve.series = {write, read};
      page.add(curve);
      break;
    }
    case sweep_kind::iometer: {
      html::heat_table matrix{"Throughput (MB/s) per access specification and queue depth", "MB/s", g.rows, g.columns, {}};
      for (const auto& row : g.cells) {
        auto& cells = matrix.cells.emplace_back();
        for (const auto* p : row) cells.push_back(p ? std::optional(mb(p)) : std::nullopt);
      }
      page.add(matrix);
      break;
    }
    case sweep_kind::cdm: {
      html::bar_chart bars{"CrystalDiskMark profile (best pass)", "MB/s", g.rows, {}, {}, {}};
      html::series read{"read", {}}, write{"write", {}};
      for (const auto& row : g.cells) {
        read.values.push_back(mb(row[0]));
        write.values.push_back(mb(row[1]));
      }
      bars.series = {read, write};
      page.add(bars);
      break;
    }
  }
  // Latency percentiles of every point, on a log scale: where the tail is.
  html::latency_tails tails("Latency percentiles per point");
  for (const auto& p : o.points) tails.add(p.point.name, reported(p).stats.combined_latency());
  if (tails.curves() <= 12) page.add(tails.chart());  // beyond a dozen lines a chart says nothing: the table has them
  page.heading("Table");
  page.preformatted(sweep_table(o));
  page.heading("Storage context");
  page.preformatted(format_context(o.context));
  return page.str();
}

}  // namespace rb_suite
