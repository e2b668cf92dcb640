// raidbench's report as one self-contained HTML page: throughput, operations and latency as bars,
// each test's latency percentiles as curves, then the context, the controller and the verdicts.
#include <string>

#include "raidbench/report/context.hpp"
#include "raidbench/report/html_document.hpp"
#include "raidbench/report/latency_tails.hpp"
#include "raidbench/report/svg_chart.hpp"
#include "raidbench/report/verdicts.hpp"
#include "report.hpp"

namespace rb_suite {

std::string report_html(const suite_report& r, const std::string& controller_section) {
  namespace html = raidbench::html;
  html::document page("raidbench report");
  page.paragraph(fmt::format("{} mode, {:.1f} s{}, on {}", r.mode, r.elapsed_seconds, r.interrupted ? ", INTERRUPTED: partial" : "",
                             r.context.path));
  html::bar_chart mb{"Throughput", "MB/s", {}, {html::series{"MB/s", {}}}, {}, {}};
  html::bar_chart ops{"Operations per second (commits for the commit tests)", "ops/s", {}, {html::series{"ops/s", {}}}, {}, {}};
  html::bar_chart latency{"Latency", "ms", {}, {html::series{"p50", {}}, html::series{"p99", {}}}, {}, {}};
  html::latency_tails tails("Latency percentiles");
  for (const auto& t : r.tests) {
    const auto h = t.latency();
    for (auto* chart : {&mb, &ops, &latency}) chart->categories.push_back(t.name);
    mb.series[0].values.push_back(t.mb_per_second());
    ops.series[0].values.push_back(t.ops_per_second());
    latency.series[0].values.push_back(h.percentile_ns(50) / 1e6);
    latency.series[1].values.push_back(h.percentile_ns(99) / 1e6);
    // Repeated runs: the bars are the median run, the whiskers all runs.
    if (!t.repetitions.empty()) {
      const auto spread = repetition_spread(t);
      mb.ranges.emplace_back(spread["mb_per_second"]["min"].get<double>(), spread["mb_per_second"]["max"].get<double>());
      ops.ranges.emplace_back(spread["ops_per_second"]["min"].get<double>(), spread["ops_per_second"]["max"].get<double>());
    }
    tails.add(t.name, h);
  }
  if (mb.ranges.size() != r.tests.size()) mb.ranges.clear(), ops.ranges.clear();
  page.add(mb);
  page.add(ops);
  page.add(latency);
  page.add(tails.chart());
  page.heading("Verdicts");
  page.preformatted(raidbench::format_verdicts(r.verdicts));
  page.heading("Storage context");
  page.preformatted(raidbench::format_context(r.context));
  page.heading("Controller");
  page.preformatted(controller_section);
  page.heading("Results");
  page.preformatted(format_results(r.tests, r.rounds));
  return page.str();
}

}  // namespace rb_suite
