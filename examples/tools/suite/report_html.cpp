// raidbench's report as one self-contained HTML page: the answer on top (key figures, verdicts as
// badges by severity), then throughput, operations and latency as bars, each test's latency
// percentiles as curves, the results table, the verdicts with their evidence, the context and the
// controller. A figure a verdict doubts (the page cache, a write cache) or that was not at steady
// state is drawn grey and marked, with the reason, in every chart and table. Latency is in µs throughout.
#include <string>
#include <vector>

#include "raidbench/report/context.hpp"
#include "raidbench/report/html_document.hpp"
#include "raidbench/report/latency_tails.hpp"
#include "raidbench/report/svg_chart.hpp"
#include "raidbench/report/verdicts_html.hpp"
#include "report.hpp"

namespace rb_suite {

namespace {

// Why a test's figures are doubtful: the verdicts on it, and its rounds when not at steady state.
std::string doubt_of(const suite_report& r, const test_outcome& t) {
  std::string why = raidbench::html::doubt_of(r.verdicts, t.name);
  if (t.steady_state.is_object() && !t.steady_state.value("steady", true)) why += (why.empty() ? "" : "; ") + std::string("not at steady state");
  return why;
}

}  // namespace

std::string report_html(const suite_report& r, const std::string& controller_section) {
  namespace html = raidbench::html;
  html::document page("raidbench report");
  std::vector<std::string> doubts;
  for (const auto& t : r.tests) doubts.push_back(doubt_of(r, t));

  std::vector<std::pair<std::string, std::string>> figures;
  std::vector<html::document::badge> badges = html::verdict_badges(r.verdicts);
  std::vector<std::string> unsteady;
  for (std::size_t i = 0; i < r.tests.size(); ++i) {
    const auto& t = r.tests[i];
    const std::string figure = t.commits ? fmt::format("{:.0f} commits/s", t.ops_per_second())
                               : t.name.starts_with("seq") ? fmt::format("{:.1f} MB/s", t.mb_per_second())
                                                           : fmt::format("{:.0f} IOPS, {:.1f} MB/s", t.ops_per_second(), t.mb_per_second());
    figures.emplace_back(t.name, doubts[i].empty() ? figure : fmt::format("⚠ {} (doubtful: {})", figure, doubts[i]));
    if (t.steady_state.is_object() && !t.steady_state.value("steady", true)) unsteady.push_back(t.name);
  }
  // A badge per test, or one for many: the summary stays one screen.
  if (unsteady.size() <= 3)
    for (const auto& name : unsteady) badges.push_back({"warning", "not at steady state: " + name, "results"});
  else
    badges.push_back({"warning", fmt::format("not at steady state: {} tests", unsteady.size()), "results"});
  page.summary({fmt::format("{} mode, {:.1f} s{}, on {}", r.mode, r.elapsed_seconds, r.interrupted ? ", INTERRUPTED: partial" : "", r.context.path)},
               figures, badges);

  html::bar_chart mb{"Throughput (the commit tests are in the next chart)", "MB/s", {}, {html::series{"MB/s", {}}}, {}, {}, {}};
  html::bar_chart ops{"Operations per second (commits for the commit tests)", "ops/s", {}, {html::series{"ops/s", {}}}, {}, {}, {}};
  html::bar_chart latency{"Latency", "µs", {}, {html::series{"p50", {}}, html::series{"p99", {}}}, {}, {}, {}};
  html::latency_tails tails("Latency percentiles");
  std::vector<std::pair<double, double>> mb_ranges, ops_ranges;
  std::vector<std::string> latency_doubts(2 * r.tests.size());
  for (std::size_t i = 0; i < r.tests.size(); ++i) {
    const auto& t = r.tests[i];
    const auto h = t.latency();
    ops.categories.push_back(t.name);
    latency.categories.push_back(t.name);
    ops.series[0].values.push_back(t.ops_per_second());
    ops.doubts.push_back(doubts[i]);
    latency.series[0].values.push_back(h.percentile_ns(50) / 1e3);
    latency.series[1].values.push_back(h.percentile_ns(99) / 1e3);
    latency_doubts[i] = latency_doubts[r.tests.size() + i] = doubts[i];
    if (!t.commits) {
      mb.categories.push_back(t.name);
      mb.series[0].values.push_back(t.mb_per_second());
      mb.doubts.push_back(doubts[i]);
    }
    // Repeated runs: the bars are the median run, the whiskers all runs.
    if (!t.repetitions.empty()) {
      const auto spread = repetition_spread(t);
      if (!t.commits) mb_ranges.emplace_back(spread["mb_per_second"]["min"].get<double>(), spread["mb_per_second"]["max"].get<double>());
      ops_ranges.emplace_back(spread["ops_per_second"]["min"].get<double>(), spread["ops_per_second"]["max"].get<double>());
    }
    tails.add(t.name, h, doubts[i]);
  }
  latency.doubts = std::move(latency_doubts);
  if (mb_ranges.size() == mb.categories.size()) mb.ranges = std::move(mb_ranges);
  if (ops_ranges.size() == r.tests.size()) ops.ranges = std::move(ops_ranges);
  page.add(mb);
  page.add(ops);
  page.add(latency);
  // Beyond a dozen curves a chart says nothing: the results table has every test's p50 and p99.
  if (tails.curves() <= 12) page.add(tails.chart());
  else page.paragraph(fmt::format("Latency percentiles: {} tests are too many curves for one chart; the table below has each test's p50 and p99.", tails.curves()));

  page.heading("Results", "results");
  const bool repeated = !ops.ranges.empty();
  std::vector<std::string> head{"test", "MB/s", "ops/s", "p50 µs", "p99 µs", "latency of"};
  if (repeated) head.push_back("ops/s range of the runs");
  std::vector<std::vector<std::string>> rows;
  for (const auto& t : r.tests) {
    const auto h = t.latency();
    rows.push_back({t.name, fmt::format("{:.1f}", t.mb_per_second()), fmt::format("{:.1f}", t.ops_per_second()),
                    fmt::format("{:.1f}", h.percentile_ns(50) / 1e3), fmt::format("{:.1f}", h.percentile_ns(99) / 1e3),
                    t.latency_of + (t.commits ? " (ops are commits)" : "") + (t.result.stats.interrupted ? " INTERRUPTED" : "")});
    if (repeated)
      rows.back().push_back(t.repetitions.empty() ? "1 run"
                                                  : fmt::format("{:.1f} % of {} runs", repetition_spread(t)["ops_per_second"]["range_percent"].get<double>(),
                                                                t.repetitions.size()));
  }
  page.table(repeated ? "Each row is the run with the median ops/s" : "", head, rows, doubts);
  for (const auto& t : r.tests)
    if (!t.steady_note.empty()) page.paragraph(fmt::format("{}: {} (SNIA PTS; {})", t.name, t.steady_note, r.rounds));
  html::add_verdicts(page, r.verdicts);
  page.heading("Storage context");
  page.preformatted(raidbench::format_context(r.context));
  page.heading("Controller");
  page.preformatted(controller_section);
  return page.str();
}

}  // namespace rb_suite
