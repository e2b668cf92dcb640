// A report with one chart of each kind as a real browser draws it: headless Chromium (installed by
// scripts/install-deps.sh test; without it this test fails, it does not skip) takes a screenshot,
// whose pixels Python's zlib decodes, and dumps the DOM it built from the file.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "raidbench/report/html_document.hpp"

#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"
#include "heat.hpp"

BOOST_AUTO_TEST_SUITE(browser_test)

namespace {

using namespace raidbench::html;
using namespace raidbench::test;

// The report in dir/report.html: bars with whiskers and an annotation, the ATTO curve on a log2
// axis, a heat table with a cell not measured, and a label that tries to be a script.
std::string write_report(const temp_dir& dir) {
  document d("raidbench report");
  d.heading("Sequential");
  bar_chart bars;
  bars.title = "Sequential throughput";
  bars.unit = "MB/s";
  bars.categories = {"write 1 MiB", R"(<script>alert("x")</script>)"};
  bars.series = {{"H720", {161.39, 220.5}}, {"H730", {220.52, 250}}, {"md RAID 10", {300, 180}}};
  bars.annotations = {"+36.6 % faster, beyond noise", ""};
  bars.ranges = {{150, 170}, {210, 230}, {200, 230}, {240, 260}, {280, 310}, {170, 190}};
  d.add(bars);
  line_chart atto;
  atto.title = "Throughput by block size";
  atto.x_label = "block size";
  atto.y_label = "MB/s";
  atto.log_x = true;
  series read{"read", {}}, write{"write", {}};
  for (int i = 0; i < 12; ++i) {
    atto.x.push_back(std::ldexp(512.0, i));
    atto.x_tick_labels.push_back(i < 1 ? "512 B" : std::to_string(1 << (i - 1)) + " KiB");
    read.values.push_back(20.0 + 30 * i);
    write.values.push_back(10.0 + 25 * i);
  }
  atto.series = {read, write};
  d.add(atto);
  d.add(random_read_heat());
  const auto path = (dir / "report.html").string();
  std::ofstream(path, std::ios::binary) << d.str();
  return path;
}

// Chromium on the file, in a profile of its own inside dir so that runs in parallel do not meet.
raidbench::test::tool_result chromium(const temp_dir& dir, const std::string& what, const std::string& page) {
  BOOST_REQUIRE_MESSAGE(run_shell("command -v chromium").status == 0,
                        "chromium is not installed: the browser test needs it (scripts/install-deps.sh test installs it)");
  return run_shell("timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=" +
                   quoted((dir / "profile").string()) + " " + what + " " + quoted("file://" + page));
}

// Prints the PNG's width, height and number of distinct colours, then those of argv[2:] that it
// has, decoding it: IDAT inflated, each row's filter undone.
constexpr const char* png_colours = R"(import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
pos, idat = 8, []
while pos < len(data):
    size, kind = struct.unpack('>I4s', data[pos:pos + 8])
    if kind == b'IHDR': width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', data[pos + 8:pos + 21])
    if kind == b'IDAT': idat.append(data[pos + 8:pos + 8 + size])
    pos += 12 + size
if depth != 8 or colour not in (2, 6) or interlace: sys.exit('unexpected PNG format')
bpp = 3 if colour == 2 else 4
stride = width * bpp
raw = zlib.decompress(b''.join(idat))
prev, colours = bytearray(stride), set()
for y in range(height):
    f, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    if f == 1:
        for i in range(bpp, stride): row[i] = (row[i] + row[i - bpp]) & 255
    elif f == 2:
        row = bytearray((a + b) & 255 for a, b in zip(row, prev))
    elif f == 3:
        for i in range(stride): row[i] = (row[i] + ((row[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
    elif f == 4:
        for i in range(stride):
            a, b, c = (row[i - bpp] if i >= bpp else 0), prev[i], (prev[i - bpp] if i >= bpp else 0)
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    colours.update(bytes(row[i:i + 3]).hex() for i in range(0, stride, bpp))
    prev = row
print(width, height, len(colours), *[c for c in sys.argv[2:] if c in colours])
)";

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

// One browser run for both: Chromium draws the page into a PNG and prints its DOM.
BOOST_AUTO_TEST_CASE(chromium_draws_the_charts_and_keeps_their_elements) {
  const auto start = std::chrono::steady_clock::now();
  const temp_dir dir;
  const auto page = write_report(dir);
  const auto png = (dir / "report.png").string();
  const auto r = chromium(dir, "--screenshot=" + quoted(png) + " --dump-dom --window-size=1200,1600", page);
  BOOST_TEST_REQUIRE(r.status == 0, "chromium failed: " << r.err);
  std::ifstream in(png, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  BOOST_TEST_REQUIRE(bytes.starts_with("\x89PNG\r\n\x1a\n"), "not a PNG: " << png);

  std::ofstream(dir / "png_colours.py") << png_colours;
  // The three series' colours (Okabe–Ito blue, orange, green): only the charts' marks are drawn in them.
  const auto decoded = run_shell("python3 " + quoted((dir / "png_colours.py").string()) + " " + quoted(png) + " 0072b2 e69f00 009e73");
  BOOST_TEST_REQUIRE(decoded.status == 0, "decoding the screenshot failed: " << decoded.err);
  std::istringstream fields(decoded.out);
  int width = 0, height = 0, distinct = 0;
  std::string found;
  fields >> width >> height >> distinct;
  std::getline(fields, found);
  BOOST_TEST(width == 1200);
  BOOST_TEST(height == 1600);
  BOOST_TEST(distinct > 50, "a blank page has one colour, this one " << distinct);  // text is anti-aliased
  BOOST_TEST(found == " 0072b2 e69f00 009e73");

  const auto& dom = r.out;
  BOOST_TEST(count(dom, "<svg ") == 2u);
  BOOST_TEST(count(dom, R"(role="img")") == 2u);
  BOOST_TEST(count(dom, R"(<g class="bar")") == 6u);
  BOOST_TEST(contains(dom, R"(data-series="H720" data-category="write 1 MiB" data-value="161.39")"));
  BOOST_TEST(contains(dom, ">161.4 MB/s</text>"));
  BOOST_TEST(contains(dom, ">+36.6 % faster, beyond noise</tspan>"));
  BOOST_TEST(count(dom, R"(<g class="point")") == 24u);
  BOOST_TEST(contains(dom, R"(data-series="write" data-x="1048576" data-value="285")"));
  BOOST_TEST(contains(dom, R"(class="tick">512 B</text>)"));
  BOOST_TEST(contains(dom, R"(data-value="2500")"));
  BOOST_TEST(contains(dom, R"(title="not measured">–</td>)"));
  // The label that tries to be a script stayed text: the browser made no element of it.
  BOOST_TEST(!contains(dom, "<script"));
  BOOST_TEST(contains(dom, "&lt;script&gt;alert(\"x\")&lt;/script&gt;"));
  BOOST_TEST_MESSAGE("browser run and decoding: " << seconds_since(start) << " s");
}

BOOST_AUTO_TEST_SUITE_END()
