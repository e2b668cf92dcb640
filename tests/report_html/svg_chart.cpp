#include "raidbench/report/svg_chart.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <regex>
#include <string>
#include <vector>

#include "raidbench/report/html_document.hpp"

#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"
#include "heat.hpp"

BOOST_AUTO_TEST_SUITE(svg_chart_test)

namespace {

using namespace raidbench::html;
using namespace raidbench::test;
namespace chart = raidbench::html::detail::chart;

const double nan = std::numeric_limits<double>::quiet_NaN();
const double inf = std::numeric_limits<double>::infinity();
const std::string hostile = R"(<script>alert("x")</script> & 'q')";
const std::string hostile_escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;";

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// What xmllint says about the text as XML: nothing when it is well-formed.
std::string xml_errors(const std::string& text) {
  const temp_dir dir;
  std::ofstream(dir / "out.xml", std::ios::binary) << text;
  const auto r = run_shell("xmllint --noout " + quoted((dir / "out.xml").string()));
  if (r.status == 127) return "xmllint is missing: it is in libxml2-utils (scripts/install-deps.sh test)";
  return r.status == 0 ? r.err : fmt::format("xmllint exit status {}: {}", r.status, r.err);
}

// Whatever would make a browser fetch something, once the SVG namespace (a name, not a fetch) is
// set aside: URLs, src/href attributes, imports, scripts, url() other than a #fragment of the page.
std::string external_references(std::string text) {
  const std::string svg_namespace = R"(xmlns="http://www.w3.org/2000/svg")";
  for (auto at = text.find(svg_namespace); at != std::string::npos; at = text.find(svg_namespace)) text.erase(at, svg_namespace.size());
  std::string found;
  for (const std::string part : {"http", "//", "src=", "href=", "@import", "<script", "<link", "<img", "<iframe", "<object"})
    if (contains(text, part)) found += part + " ";
  for (auto at = text.find("url("); at != std::string::npos; at = text.find("url(", at + 1))
    if (text.compare(at, 5, "url(#") != 0) found += text.substr(at, 20) + " ";
  return found;
}

// No number that is not one: the output has no NaN or infinity however the input was.
bool has_non_finite(const std::string& text) {
  static const std::regex word(R"(\b(nan|inf|infinity)\b)", std::regex::icase);  // not "info", a severity
  return std::regex_search(text, word);
}

bar_chart throughput() {
  bar_chart c;
  c.title = "Sequential throughput";
  c.unit = "MB/s";
  c.categories = {"write 1 MiB", "read 1 MiB"};
  c.series = {{"H720", {161.39, 220.5}}, {"H730", {220.52, 250}}};
  c.annotations = {"+36.6 % faster, beyond noise", ""};
  c.ranges = {{150, 170}, {210, 230}, {200, 230}, {240, 260}};
  return c;
}

// The ATTO curve: block sizes 512 B to 64 MiB on a log2 axis, with their own labels.
line_chart atto() {
  line_chart c;
  c.title = "Throughput by block size";
  c.x_label = "block size";
  c.y_label = "MB/s";
  c.log_x = true;
  const char* sizes[] = {"512 B", "1 KiB", "2 KiB", "4 KiB", "8 KiB", "16 KiB", "32 KiB", "64 KiB", "128 KiB", "256 KiB",
                         "512 KiB", "1 MiB", "2 MiB", "4 MiB", "8 MiB", "16 MiB", "32 MiB", "64 MiB"};
  series read{"read", {}}, write{"write", {}};
  for (int i = 0; i < 18; ++i) {
    c.x.push_back(std::ldexp(512.0, i));
    c.x_tick_labels.push_back(sizes[i]);
    read.values.push_back(20.0 + 30 * i);
    write.values.push_back(10.0 + 25 * i);
  }
  c.series = {read, write};
  return c;
}

}  // namespace

BOOST_AUTO_TEST_CASE(linear_ticks_step_by_1_2_or_5_times_a_power_of_ten) {
  BOOST_TEST(chart::linear_ticks(0, 97) == (std::vector<double>{0, 20, 40, 60, 80, 100}), boost::test_tools::per_element());
  BOOST_TEST(chart::linear_ticks(0, 1234) == (std::vector<double>{0, 500, 1000, 1500}), boost::test_tools::per_element());
  BOOST_TEST(chart::linear_ticks(-3, 7) == (std::vector<double>{-4, -2, 0, 2, 4, 6, 8}), boost::test_tools::per_element());
  const auto tenths = chart::linear_ticks(0, 0.3);
  BOOST_TEST_REQUIRE(tenths.size() == 4u);
  BOOST_TEST(tenths[3] == 0.3, boost::test_tools::tolerance(1e-12));
  for (const auto& [lo, hi] : std::vector<std::pair<double, double>>{{0, 1}, {0, 7.3}, {-0.004, 0.017}, {3e-6, 9e-6}, {0, 123456789}, {-5e9, -2e9}, {0, 0}, {5, 5}, {-2, -2}}) {
    BOOST_TEST_CONTEXT("span " << lo << " to " << hi) {
      const auto t = chart::linear_ticks(lo, hi);
      BOOST_TEST_REQUIRE(t.size() >= 3u);
      BOOST_TEST(t.size() <= 8u);
      BOOST_TEST(t.front() <= lo);
      BOOST_TEST(t.back() >= hi);
      const double step = t[1] - t[0];
      const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
      BOOST_TEST((std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6), "step " << step);
      for (std::size_t i = 1; i < t.size(); ++i) BOOST_TEST(t[i] - t[i - 1] == step, boost::test_tools::tolerance(1e-9));
    }
  }
  BOOST_TEST(chart::linear_ticks(0, 0).front() == 0);  // an all-zero chart keeps its axis at 0
  BOOST_TEST(chart::linear_ticks(0, 0).back() == 1);
}

BOOST_AUTO_TEST_CASE(log_ticks_are_powers_of_the_base) {
  BOOST_TEST(chart::log_ticks(3, 4000, 10) == (std::vector<double>{1, 10, 100, 1000, 10000}), boost::test_tools::per_element());
  BOOST_TEST(chart::log_ticks(5, 5, 10) == (std::vector<double>{1, 10}), boost::test_tools::per_element());
  // 512 B to 64 MiB is 17 powers of two: every second one, so that the labels do not overlap.
  const auto blocks = chart::log_ticks(512, 64 << 20, 2);
  BOOST_TEST(blocks.size() == 10u);
  BOOST_TEST(blocks.front() == 512);
  BOOST_TEST(blocks.back() >= 64 << 20);
  for (std::size_t i = 1; i < blocks.size(); ++i) BOOST_TEST(blocks[i] == 4 * blocks[i - 1]);
  BOOST_TEST(chart::log_base_of({512, 4096, 1 << 20}) == 2);
  BOOST_TEST(chart::log_base_of({512, 4000}) == 10);
}

BOOST_AUTO_TEST_CASE(tick_and_value_labels) {
  BOOST_TEST(chart::tick_text(0) == "0");
  BOOST_TEST(chart::tick_text(250) == "250");
  BOOST_TEST(chart::tick_text(0.25) == "0.25");
  BOOST_TEST(chart::tick_text(1500) == "1.5k");
  BOOST_TEST(chart::tick_text(-2000) == "-2k");
  BOOST_TEST(chart::tick_text(2e6) == "2M");
  BOOST_TEST(chart::tick_text(0.0005) == "500µ");
  BOOST_TEST(chart::tick_text(4096, 2) == "4Ki");
  BOOST_TEST(chart::tick_text(64 << 20, 2) == "64Mi");
  BOOST_TEST(chart::value_text(161.39) == "161.4");
  BOOST_TEST(chart::value_text(24739.04) == "24739");
  BOOST_TEST(chart::value_text(0.05123) == "0.05123");
  BOOST_TEST(chart::value_text(5) == "5");
  BOOST_TEST(chart::value_text(-20, "MB/s") == "-20 MB/s");
}

BOOST_AUTO_TEST_CASE(bars_carry_their_values_as_text_and_attributes) {
  const auto svg = render_svg(throughput());
  BOOST_TEST(xml_errors(svg) == "");
  BOOST_TEST(external_references(svg) == "");
  BOOST_TEST(contains(svg, R"(role="img")"));
  BOOST_TEST(contains(svg, R"(aria-label="Bar chart: Sequential throughput")"));
  BOOST_TEST(contains(svg, "<title>Sequential throughput</title>"));
  // Every value printed beside its bar, and in the description a screen reader reads.
  BOOST_TEST(count(svg, R"(<g class="bar")") == 4u);
  BOOST_TEST(contains(svg, R"(data-series="H720" data-category="write 1 MiB" data-value="161.39")"));
  BOOST_TEST(contains(svg, ">161.4 MB/s<"));
  BOOST_TEST(count(svg, ">220.5 MB/s<") == 2u);  // four significant digits: 220.5 and 220.52
  BOOST_TEST(contains(svg, ">250 MB/s<"));
  BOOST_TEST(contains(svg, "<desc>write 1 MiB: H720 161.4 MB/s, H730 220.5 MB/s (+36.6 % faster, beyond noise); read 1 MiB: H720 220.5 MB/s, H730 250 MB/s</desc>"));
  BOOST_TEST(contains(svg, ">+36.6 % faster, beyond noise<"));
  BOOST_TEST(contains(svg, R"(data-min="150" data-max="170")"));
  // The second series is told apart by a pattern as well as by its colour; the legend is text.
  BOOST_TEST(count(svg, "<pattern id=") == 1u);
  BOOST_TEST(contains(svg, R"(fill="url(#rb)"));
  BOOST_TEST(contains(svg, R"(<g class="legend" data-series="H730">)"));
  BOOST_TEST(contains(svg, ">H730</tspan>"));
  // The axis: 1-2-5 ticks from 0 past the largest whisker (260), with the unit.
  for (const auto* tick : {">0<", ">100<", ">200<", ">300<"}) BOOST_TEST(contains(svg, tick), tick);
  BOOST_TEST(contains(svg, R"(class="unit">MB/s<)"));
}

BOOST_AUTO_TEST_CASE(lines_differ_by_dash_and_marker_on_log_axes) {
  const auto svg = render_svg(atto());
  BOOST_TEST(xml_errors(svg) == "");
  BOOST_TEST(external_references(svg) == "");
  BOOST_TEST(contains(svg, R"(aria-label="Line chart: Throughput by block size")"));
  BOOST_TEST(count(svg, R"(<g class="point")") == 36u);
  BOOST_TEST(contains(svg, R"(<g class="point" data-series="read" data-x="512" data-value="20" data-label="20">)"));
  BOOST_TEST(contains(svg, R"(<g class="point" data-series="write" data-x="67108864" data-value="435" data-label="435">)"));
  BOOST_TEST(contains(svg, ">530</text>"));
  BOOST_TEST(contains(svg, R"(stroke-dasharray="none")"));
  BOOST_TEST(contains(svg, R"(stroke-dasharray="8 4")"));
  BOOST_TEST(contains(svg, "<circle"));  // read's marker
  BOOST_TEST(contains(svg, "<rect"));    // write's
  // The caller's labels, every second one of 18.
  BOOST_TEST(contains(svg, R"(class="tick">512 B<)"));
  BOOST_TEST(contains(svg, R"(class="tick">2 KiB<)"));
  BOOST_TEST(!contains(svg, R"(class="tick">1 KiB<)"));
  BOOST_TEST(contains(svg, R"(class="x-label">block size<)"));
  BOOST_TEST(contains(svg, R"(class="y-label">MB/s<)"));

  // Without labels: IEC powers of two on a log2 axis, powers of ten on a log10 one.
  line_chart c;
  c.title = "latency";
  c.log_x = c.log_y = true;
  c.x = {4096, 8192, 65536};
  c.series = {{"p99", {0.2, 3, 40}}};
  const auto numbered = render_svg(c);
  BOOST_TEST(xml_errors(numbered) == "");
  for (const auto* tick : {">4Ki<", ">64Ki<", ">0.1<", ">1<", ">10<", ">100<"}) BOOST_TEST(contains(numbered, tick), tick);
}

// The points a doubt names, and only they: hollow grey markers, ⚠ on their figures (beside the point
// and in the table of values), the reason under the chart with whom it concerns.
BOOST_AUTO_TEST_CASE(doubtful_points_are_hollow_grey_and_marked_with_their_reason) {
  auto c = atto();
  c.doubts.assign(2 * c.x.size(), "");
  c.doubts[0] = c.doubts[1] = R"(the page cache served it <"x">)";  // read at 512 B and 1 KiB
  for (std::size_t i = 0; i < c.x.size(); ++i) c.doubts[c.x.size() + i] = "buffered";  // every write point
  const auto svg = render_svg(c);
  BOOST_TEST(xml_errors(svg) == "");
  BOOST_TEST(count(svg, R"(<g class="point doubtful")") == 20u);
  BOOST_TEST(count(svg, R"(<g class="point" )") == 16u);
  BOOST_TEST(contains(svg, R"(<g class="point doubtful" data-series="read" data-x="512" data-value="20" data-label="⚠ 20" )"
                           R"(data-doubt="the page cache served it &lt;&quot;x&quot;&gt;">)"));
  BOOST_TEST(contains(svg, R"(<circle class="marker" cx=)"));
  BOOST_TEST(count(svg, R"(fill="#fff" stroke="#666")") == 21u);  // the 20 points and the legend's key
  BOOST_TEST(contains(svg, ">⚠ 60</text>"));  // write at 2 KiB
  BOOST_TEST(contains(svg, ">⚠ the page cache served it &lt;&quot;x&quot;&gt; (read at 512 B, 1 KiB)<"));
  BOOST_TEST(contains(svg, ">⚠ buffered (write)<"));
  BOOST_TEST(contains(svg, "⚠ doubtful: the reasons are below"));
  // Without room for the labels, the table of values marks the same figures.
  c.x_tick_labels.clear();
  for (auto& v : c.series[0].values) v = 100;
  const auto figure = render_figure(c);
  BOOST_TEST(xml_errors("<div>" + figure + "</div>") == "");
  BOOST_TEST(contains(figure, R"(<td class="doubtful" title="doubtful: buffered">⚠ 10</td>)"));
  BOOST_TEST(contains(figure, R"(<td class="doubtful" title="doubtful: the page cache served it &lt;&quot;x&quot;&gt;">⚠ 100</td>)"));
  // No doubt: nothing of it drawn.
  BOOST_TEST(!contains(render_svg(atto()), "doubt"));
}

BOOST_AUTO_TEST_CASE(text_from_data_is_escaped) {
  BOOST_TEST(escape(R"(<a href="x">&'</a>)") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  BOOST_TEST(escape("tab\tbell\a") == "tab\tbell\xEF\xBF\xBD");

  bar_chart b = throughput();
  b.title = b.unit = b.categories[0] = b.series[0].name = b.annotations[1] = hostile;
  line_chart l = atto();
  l.title = l.x_label = l.y_label = l.x_tick_labels[0] = l.series[1].name = hostile;
  heat_table t;
  t.title = t.unit = hostile;
  t.row_labels = {hostile};
  t.column_labels = {hostile, "b"};
  t.cells = {{1.0, std::nullopt}};
  document d(hostile);
  d.heading(hostile);
  d.paragraph(hostile);
  d.preformatted(hostile);
  d.definition_list({{hostile, hostile}});
  d.add(b);
  d.add(l);
  d.add(t);
  for (const auto& out : {render_svg(b), render_svg(l), render_table(t), d.str()}) {
    BOOST_TEST(!contains(out, "<script"));
    BOOST_TEST(!contains(out, R"("x")"));
    BOOST_TEST(contains(out, hostile_escaped));
    BOOST_TEST(xml_errors(out) == "");
  }
}

BOOST_AUTO_TEST_CASE(empty_charts_say_no_data) {
  bar_chart b;
  b.title = "nothing measured";
  line_chart l;
  l.title = "nothing measured";
  heat_table t;
  t.title = "nothing measured";
  for (const auto& out : {render_svg(b), render_svg(l), render_table(t)}) {
    BOOST_TEST(contains(out, ">no data<"));
    BOOST_TEST(contains(out, "nothing measured"));
    BOOST_TEST(!has_non_finite(out));
    BOOST_TEST(xml_errors(out) == "");
  }
  BOOST_TEST(contains(render_svg(b), R"(role="img")"));
  // Categories whose values are all missing, or all unplottable, draw nothing either.
  b.categories = {"a", "b"};
  b.series = {{"s", {nan, inf}}};
  BOOST_TEST(contains(render_svg(b), ">no data<"));
  l.log_y = true;
  l.x = {1, 2};
  l.series = {{"s", {-1, 0}}};
  BOOST_TEST(contains(render_svg(l), ">no data (2 points not shown: not a finite number, or not above 0 on a log axis)<"));
}

BOOST_AUTO_TEST_CASE(non_finite_and_unplottable_values_are_skipped_with_a_note) {
  bar_chart b = throughput();
  b.series[1].values = {nan, std::numeric_limits<double>::max()};
  b.ranges[0] = {-inf, nan};
  const auto bars = render_svg(b);
  BOOST_TEST(!has_non_finite(bars));
  BOOST_TEST(xml_errors(bars) == "");
  BOOST_TEST(count(bars, R"(data-value="" data-label="–">)") == 2u);
  BOOST_TEST(count(bars, R"(class="value">–<)") == 2u);
  BOOST_TEST(contains(bars, "H730, write 1 MiB: not measured"));
  BOOST_TEST(count(bars, R"(class="range")") == 3u);

  line_chart l;
  l.title = "latency";
  l.log_y = true;
  l.x = {1, 2, 3, 4, 5, 6, nan};
  l.series = {{"p99", {-1, 0, nan, inf, 5, 10, 20}}};
  const auto lines = render_svg(l);
  BOOST_TEST(!has_non_finite(lines));
  BOOST_TEST(xml_errors(lines) == "");
  BOOST_TEST(count(lines, R"(<g class="point")") == 2u);
  BOOST_TEST(contains(lines, R"(data-skipped="5")"));
  BOOST_TEST(contains(lines, ">5 points not shown: not a finite number, or not above 0 on a log axis<"));
  // A value beyond the x values has no place on the chart: skipped too.
  l.series[0].values.push_back(30);
  BOOST_TEST(contains(render_svg(l), R"(data-skipped="6")"));
}

BOOST_AUTO_TEST_CASE(long_labels_are_wrapped_and_cut_with_the_full_text_in_a_title) {
  const std::string long_label = "random read 4 KiB with 32 threads on the PERC H730 mini array behind the backplane, write-back cache";
  const std::string unbroken = "an_identifier_with_no_space_in_it_at_all";
  bar_chart c = throughput();
  c.categories = {long_label, unbroken};
  const auto svg = render_svg(c);
  BOOST_TEST(xml_errors(svg) == "");
  BOOST_TEST(contains(svg, "<title>" + long_label + "</title>"));
  BOOST_TEST(contains(svg, ">random read 4 KiB with</tspan>"));
  BOOST_TEST(contains(svg, ">32 threads on the PERC…</tspan>"));
  // A word too long for a line is cut after a '_' (or '/', '-', ',', '.') when it has one.
  BOOST_TEST(contains(svg, ">an_identifier_with_no_</tspan>"));
  BOOST_TEST(contains(svg, ">space_in_it_at_all</tspan>"));
  static const std::regex category(R"re(class="category">(<tspan[^>]*>[^<]*</tspan>)+</text>)re");
  static const std::regex tspan(R"(<tspan[^>]*>([^<]*)</tspan>)");
  std::size_t labels = 0;
  for (auto m = std::sregex_iterator(svg.begin(), svg.end(), category); m != std::sregex_iterator(); ++m, ++labels) {
    const std::string text = m->str();
    for (auto line = std::sregex_iterator(text.begin(), text.end(), tspan); line != std::sregex_iterator(); ++line)
      BOOST_TEST(chart::length((*line)[1].str()) <= chart::category_columns, (*line)[1].str());
  }
  BOOST_TEST(labels == 2u);
}

BOOST_AUTO_TEST_CASE(heat_table_prints_and_shades_every_cell) {
  const auto table = render_table(random_read_heat());
  BOOST_TEST(xml_errors(table) == "");
  BOOST_TEST(contains(table, "<caption>Random read (IOPS)</caption>"));
  BOOST_TEST(contains(table, R"(<th scope="col">64 KiB</th>)"));
  BOOST_TEST(contains(table, R"(<th scope="row">4 threads</th>)"));
  BOOST_TEST(contains(table, R"(<td data-row="1 thread" data-column="4 KiB" data-value="1000" style="background:#f7fbff">1000</td>)"));
  BOOST_TEST(contains(table, R"(<td data-row="4 threads" data-column="4 KiB" data-value="4000" style="background:#6baed6">4000</td>)"));
  BOOST_TEST(contains(table, R"(<td class="missing" data-row="1 thread" data-column="64 KiB" title="not measured">–</td>)"));
  BOOST_TEST(count(table, "<td") == 5u);  // the corner and the four cells
}

BOOST_AUTO_TEST_CASE(document_is_one_self_contained_file) {
  document d("raidbench report");
  d.heading("Sequential");
  d.paragraph("Two controllers, one run each.");
  d.definition_list({{"engine", "psync"}, {"device", "/dev/sda"}});
  d.add(throughput());
  d.add(atto());
  heat_table t;
  t.title = "IOPS";
  t.row_labels = {"1"};
  t.column_labels = {"4 KiB"};
  t.cells = {{1.0}};
  d.add(t);
  d.preformatted("a  <b>\n  c");
  const auto html = d.str();
  BOOST_TEST(xml_errors(html) == "");
  BOOST_TEST(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
  BOOST_TEST(contains(html, R"(<meta charset="utf-8"/>)"));
  BOOST_TEST(contains(html, "<title>raidbench report</title>"));
  BOOST_TEST(contains(html, "<h1>raidbench report</h1>"));
  BOOST_TEST(contains(html, "<h2>Sequential</h2>"));
  BOOST_TEST(contains(html, "<dl><dt>engine</dt><dd>psync</dd><dt>device</dt><dd>/dev/sda</dd></dl>"));
  BOOST_TEST(contains(html, "<pre>a  &lt;b&gt;\n  c</pre>"));
  BOOST_TEST(contains(html, "@media print{"));
  BOOST_TEST(count(html, "<svg") == 2u);
  BOOST_TEST(count(html, R"(<table class="heat")") == 1u);
  BOOST_TEST(external_references(html) == "");
  BOOST_TEST(!has_non_finite(html));
}

BOOST_AUTO_TEST_SUITE_END()
