// A sweep as one self-contained HTML page: the answer on top (the figures the GUI would show, and
// whether they can be trusted), then the ATTO curve, the IOMeter matrices (IOPS, read and write
// apart, and MB/s) as heat maps, or the CrystalDiskMark rows as bars, each with its table, and the
// latency percentiles. A buffered sweep says on top and on every figure that the page cache may
// have served it.
#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/report/context.hpp"
#include "raidbench/report/html_document.hpp"
#include "raidbench/report/latency_tails.hpp"
#include "raidbench/report/svg_chart.hpp"
#include "raidbench/report/verdicts_html.hpp"
#include "raidbench/result/rates.hpp"
#include "sweep_report.hpp"

namespace rb_suite {

using namespace raidbench;

namespace {

double iops_of(const point_outcome& p, op_kind kind) { return per_second(reported(p), static_cast<double>(reported(p).stats.of(kind).ops)); }

std::string cell(const point_outcome* p, double (*figure)(const point_outcome&), const char* format = "{:.1f}") {
  return p ? fmt::format(fmt::runtime(format), figure(*p)) : "–";
}
double mb_of(const point_outcome& p) { return mb_per_second_of(reported(p)); }
double iops_of(const point_outcome& p) { return events_per_second(reported(p)); }
double median_mb_of(const point_outcome& p) { return mb_per_second_of(p.passes[p.median]); }
double latency_of(const point_outcome& p) { return mean_latency_us(reported(p)); }

}  // namespace

std::string sweep_html(const sweep_outcome& o) {
  html::document page(fmt::format("raidbench sweep {}", to_string(o.plan.kind)));
  const sweep_grid g = grid_of(o);
  const std::string buffered = o.plan.direct ? "" : std::string(html::buffered_doubt);
  // A point that did not run is NaN: a gap in a curve, no bar, "–" in the heat map; never a zero.
  const auto mb = [](const point_outcome* p) { return p ? mb_of(*p) : std::numeric_limits<double>::quiet_NaN(); };

  std::vector<std::pair<std::string, std::string>> figures;
  std::vector<html::document::badge> badges;
  if (!o.plan.direct) badges.push_back({"warning", "buffered (no O_DIRECT): the page cache may have served every figure", "table"});
  if (o.interrupted || !o.failure.empty())
    badges.push_back({o.failure.empty() ? "warning" : "critical",
                      fmt::format("{}: {} of {} points", o.failure.empty() ? "interrupted" : "failed at " + o.failure, o.points.size(), o.plan.points.size()),
                      "table"});
  if (badges.empty()) badges.push_back({"ok", fmt::format("O_DIRECT, all {} points finished", o.points.size()), "table"});
  const auto best = [&](std::size_t column, double (*figure)(const point_outcome&)) -> std::pair<std::string, double> {
    std::pair<std::string, double> top{"", -1};
    for (std::size_t r = 0; r < g.rows.size(); ++r)
      for (std::size_t k = 0; k < g.columns.size(); ++k)
        if ((column == k || column == g.columns.size()) && g.cells[r][k] && figure(*g.cells[r][k]) > top.second)
          top = {g.rows[r] + (column == g.columns.size() ? " " + g.columns[k] : ""), figure(*g.cells[r][k])};
    return top;
  };
  const std::string mark = buffered.empty() ? "" : " ⚠";
  switch (o.plan.kind) {
    case sweep_kind::atto:
      for (std::size_t k = 0; k < 2; ++k)
        if (const auto [at, v] = best(k, mb_of); v >= 0) figures.emplace_back("best " + g.columns[k], fmt::format("{:.1f} MB/s at {}{}", v, at, mark));
      break;
    case sweep_kind::iometer:
      if (const auto [at, v] = best(g.columns.size(), iops_of); v >= 0) figures.emplace_back("most IOPS", fmt::format("{:.0f} at {}{}", v, at, mark));
      if (const auto [at, v] = best(g.columns.size(), mb_of); v >= 0) figures.emplace_back("most MB/s", fmt::format("{:.1f} at {}{}", v, at, mark));
      break;
    case sweep_kind::cdm:
      for (std::size_t r = 0; r < g.rows.size(); ++r)
        figures.emplace_back(g.rows[r], fmt::format("read {} MB/s, write {} MB/s{}", cell(g.cells[r][0], mb_of, "{:.2f}"), cell(g.cells[r][1], mb_of, "{:.2f}"), mark));
      break;
  }
  page.summary({sweep_header(o)}, figures, badges);

  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head;
  switch (o.plan.kind) {
    case sweep_kind::atto: {
      html::line_chart curve{"Sequential throughput by block size" + std::string(buffered.empty() ? "" : " (⚠ " + buffered + ")"), "block size", "MB/s",
                             true, false, {}, g.rows, {}, {}};
      html::series write{"write", {}}, read{"read", {}};
      for (std::size_t r = 0; r < g.rows.size(); ++r) {
        const auto& row = g.cells[r];
        curve.x.push_back(static_cast<double>((row[0] ? row[0] : row[1])->point.block_size));
        write.values.push_back(mb(row[0]));
        read.values.push_back(mb(row[1]));
        rows.push_back({g.rows[r], cell(row[0], mb_of), cell(row[1], mb_of), cell(row[0], iops_of, "{:.0f}"), cell(row[1], iops_of, "{:.0f}")});
      }
      curve.series = {write, read};
      curve.doubts.assign(2 * curve.x.size(), buffered);
      // Small blocks run at a thousandth of the large ones' rate: beyond two decades, a log axis.
      if ((curve.log_y = html::spans_two_decades(curve.series))) curve.y_label = "MB/s (log scale)";
      page.add(curve);
      head = {"block size", "write MB/s", "read MB/s", "write IO/s", "read IO/s"};
      break;
    }
    case sweep_kind::iometer: {
      // IOMeter's write-ups reason in IOPS: read and write apart, then the throughput.
      html::heat_table iops{"IOPS per access specification, queue depth and direction", "IO/s", g.rows, {}, {}, {}};
      html::heat_table matrix{"Throughput per access specification and queue depth", "MB/s", g.rows, g.columns, {}, {}};
      for (const auto& qd : g.columns) iops.column_labels.insert(iops.column_labels.end(), {qd + " read", qd + " write"});
      for (std::size_t r = 0; r < g.rows.size(); ++r) {
        auto& counts = iops.cells.emplace_back();
        auto& rates = matrix.cells.emplace_back();
        iops.doubts.emplace_back(2 * g.columns.size(), buffered);
        matrix.doubts.emplace_back(g.columns.size(), buffered);
        for (const auto* p : g.cells[r]) {
          const bool reads = p && p->point.read_percent > 0, writes = p && p->point.read_percent < 100;
          counts.push_back(reads ? std::optional(iops_of(*p, op_kind::read)) : std::nullopt);
          counts.push_back(writes ? std::optional(iops_of(*p, op_kind::write)) : std::nullopt);
          rates.push_back(p ? std::optional(mb(p)) : std::nullopt);
        }
        rows.push_back({g.rows[r]});
        for (const auto* p : g.cells[r])
          rows.back().push_back(p ? fmt::format("{:.1f} MB/s, {:.0f} IO/s", mb(p), iops_of(*p)) : "–");
      }
      page.add(iops);
      page.add(matrix);
      head = {"access specification"};
      for (const auto& qd : g.columns) head.push_back(qd);
      break;
    }
    case sweep_kind::cdm: {
      html::bar_chart bars{"CrystalDiskMark profile (best pass)", "MB/s", g.rows, {}, {}, {}, {}};
      html::series read{"read", {}}, write{"write", {}};
      for (std::size_t r = 0; r < g.rows.size(); ++r) {
        const auto& row = g.cells[r];
        read.values.push_back(mb(row[0]));
        write.values.push_back(mb(row[1]));
        rows.push_back({g.rows[r], cell(row[0], mb_of, "{:.2f}"), cell(row[0], median_mb_of, "{:.2f}"), cell(row[0], iops_of, "{:.0f}"),
                        cell(row[0], latency_of, "{:.1f}"), cell(row[1], mb_of, "{:.2f}"), cell(row[1], median_mb_of, "{:.2f}"),
                        cell(row[1], iops_of, "{:.0f}"), cell(row[1], latency_of, "{:.1f}")});
      }
      bars.series = {read, write};
      bars.doubts.assign(2 * g.rows.size(), buffered);
      page.add(bars);
      head = {"test", "read MB/s (best)", "read MB/s (median pass)", "read IOPS", "read mean latency µs",
              "write MB/s (best)", "write MB/s (median pass)", "write IOPS", "write mean latency µs"};
      break;
    }
  }
  // Latency percentiles of every point, on a log scale: where the tail is.
  html::latency_tails tails("Latency percentiles per point");
  for (const auto& p : o.points) tails.add(p.point.name, reported(p).stats.combined_latency(), buffered);
  if (tails.curves() <= 12) page.add(tails.chart());  // beyond a dozen lines a chart says nothing: the table has them
  page.heading("Table", "table");
  page.table(o.plan.kind == sweep_kind::cdm ? fmt::format("best of {} pass(es) of {} s each, as CrystalDiskMark reports",
                                                          o.plan.points.empty() ? 0 : o.plan.points.front().passes,
                                                          o.plan.points.empty() ? 0 : o.plan.points.front().seconds)
                                            : "MB/s is 10^6 bytes per second, as the GUIs print it",
             head, rows, std::vector<std::string>(rows.size(), buffered));
  page.heading("Storage context");
  page.preformatted(format_context(o.context));
  return page.str();
}

}  // namespace rb_suite
