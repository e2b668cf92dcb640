// Every page kind as a real browser lays it out: the suite's report, the three sweeps (drawn with
// `raidbench --html-from` from real runs in tests/fixtures/reports/), each seed comparison, a sweep
// comparison and a fleet (rb-compare --html), the sweeps run buffered (every figure doubtful), and
// pages of bad input (names and comparison labels with markup, quotes, newlines and 10,000
// characters; one test; 500 tests; an interrupted sweep with figures missing).
// check_pages.mjs measures them all in one headless Chromium over the DevTools protocol, at 1280 and
// 800 px: no two labels overlap, none leaves the window or its chart or sits nearer another series'
// point than its own, no table is cut, every figure is a label or in the chart's table, a doubtful
// figure is drawn and marked as such with its reason, every page opens with its one-screen summary,
// and the page is self-contained. Chromium and node come from scripts/install-deps.sh test; without them this
// test fails, it does not skip.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/run_shell.hpp"
#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"

BOOST_AUTO_TEST_SUITE(pages_test)

namespace {

using namespace raidbench::test;
using nlohmann::json;

const std::string fixtures = RAIDBENCH_FIXTURES_DIR;
const std::string seeds = fixtures + "/seed-outputs/";
const std::string reports = fixtures + "/reports/";

json read_json(const std::string& path) { return json::parse(slurp(path)); }

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

void write_json(const std::filesystem::path& path, const json& j) { std::ofstream(path, std::ios::binary) << j.dump(1); }

// `raidbench --html-from JSON --html dir/NAME.html`, which must succeed.
std::string draw(const temp_dir& dir, const std::string& name, const std::string& json_path) {
  const auto page = (dir / (name + ".html")).string();
  const auto r = run_shell(std::string(RAIDBENCH_TOOL) + " --html-from " + quoted(json_path) + " --html " + quoted(page));
  BOOST_TEST_REQUIRE(r.status == 0, name << ": raidbench --html-from failed: " << r.err);
  return page;
}

// `rb-compare ARGS --html dir/NAME.html`, which must succeed.
std::string compare(const temp_dir& dir, const std::string& name, const std::string& args) {
  const auto page = (dir / (name + ".html")).string();
  const auto r = run_shell(std::string(RB_COMPARE) + " " + args + " --html " + quoted(page) + " >/dev/null");
  BOOST_TEST_REQUIRE(r.status == 0, name << ": rb-compare failed: " << r.err);
  return page;
}

// The suite fixture with its tests replaced.
std::string suite_with(const temp_dir& dir, const std::string& name, const json& tests) {
  json j = read_json(reports + "suite-quick-vm-1.json");
  j["tests"] = tests;
  const auto path = (dir / (name + ".json")).string();
  write_json(path, j);
  return draw(dir, name, path);
}

std::vector<std::string> all_pages(const temp_dir& dir) {
  std::vector<std::string> pages;
  pages.push_back(draw(dir, "suite", reports + "suite-quick-vm-1.json"));
  for (const char* kind : {"atto", "iometer", "cdm"})
    pages.push_back(draw(dir, std::string("sweep-") + kind, reports + "sweep-" + kind + (kind == std::string("atto") ? "-quick-vm-1.json" : "-quick-vm.json")));
  // The seed comparisons, as the write-ups compared them.
  pages.push_back(compare(dir, "compare-pg_test_fsync",
                          quoted("H720=" + seeds + "pg_test_fsync-9.1-perc-h720.txt") + " " + quoted("H730=" + seeds + "pg_test_fsync-9.1-perc-h730.txt") +
                              " " + quoted("--controller-file=H730=" + seeds + "megacli-adpallinfo-perc-h730-mini-excerpt.txt") + " " +
                              quoted("--controller-file=H730=" + seeds + "megacli-ldgetprop-cache-perc-h730.txt") + " " +
                              quoted("--controller-file=H730=" + seeds + "megacli-adpbbucmd-perc-h730-excerpt.txt") + " --controller-owns=H730"));
  const std::pair<const char*, std::pair<const char*, const char*>> pairs[] = {
      {"compare-gnu-dd", {"H720=gnu-dd-pv-write-read-perc-h720.txt", "H730=gnu-dd-pv-write-read-perc-h730.txt"}},
      {"compare-sysbench-fileio", {"kernel-3.2=sysbench-0.4.12-fileio-rndrw-kernel3.2.txt", "kernel-3.8=sysbench-0.4.12-fileio-rndrw-kernel3.8.txt"}},
      {"compare-sysbench-cpu", {"1-thread=sysbench-0.4.12-cpu-1thread.txt", "8-threads=sysbench-0.4.12-cpu-8threads.txt"}},
      {"compare-bsd-dd-altroot", {"no-bbu=bsd-dd-openbsd-altroot-no-bbu.txt", "with-bbu=bsd-dd-openbsd-altroot-with-bbu.txt"}},
      {"compare-bsd-dd-raw", {"writethru=bsd-dd-openbsd-raw-writethru-no-bbu.txt", "writeback=bsd-dd-openbsd-raw-writeback-no-bbu.txt"}}};
  for (const auto& [name, sides] : pairs) {
    const std::string a = sides.first, b = sides.second;
    const auto side = [&](const std::string& s) { return quoted(s.substr(0, s.find('=') + 1) + seeds + s.substr(s.find('=') + 1)); };
    pages.push_back(compare(dir, name, side(a) + " " + side(b)));
  }
  // A critical verdict beside warnings and infos: H730's inventory a MegaCLI dump of a PERC H700 with
  // a failed drive and two degraded arrays (degraded_array, drive_failed), said to hold its disk.
  pages.push_back(compare(dir, "compare-critical",
                          quoted("H720=" + seeds + "pg_test_fsync-9.1-perc-h720.txt") + " " + quoted("H730=" + seeds + "pg_test_fsync-9.1-perc-h730.txt") +
                              " " + quoted("--controller-file=H730=" + fixtures + "/controllers/megacli/ldpdinfo-perc-h700-two-raid1-degraded-failed-drive.txt") +
                              " --controller-owns=H730"));
  pages.push_back(compare(dir, "compare-sweep-atto",
                          quoted("run-1=" + reports + "sweep-atto-quick-vm-1.json") + " " + quoted("run-2=" + reports + "sweep-atto-quick-vm-2.json")));
  // A fleet of three hosts: results/<host>/report.json, as the playbook fetches them.
  for (const char* host : {"db01", "db02", "db03"}) {
    std::filesystem::create_directories(dir / "fleet" / host);
    std::filesystem::copy_file(reports + "suite-quick-vm-" + std::string(1, host[3]) + ".json", dir / "fleet" / host / "report.json");
  }
  pages.push_back(compare(dir, "fleet", "--fleet " + quoted((dir / "fleet").string())));

  // Bad input: names that are markup, quotes, control characters and 10,000 characters.
  const json tests = read_json(reports + "suite-quick-vm-1.json")["tests"];
  json named = tests;
  named[0]["name"] = R"(<script>alert("x")</script>)";
  named[1]["name"] = R"(it's "quoted" & <b>bold</b>)";
  named[2]["name"] = "two\nlines\tand a tab";
  named[3]["name"] = std::string(10000, 'x');
  std::string words;
  while (words.size() < 10000) words += "word ";
  named[4]["name"] = words;
  pages.push_back(suite_with(dir, "bad-names", named));
  pages.push_back(suite_with(dir, "one-test", json::array({tests[0]})));
  json many = json::array();
  for (int i = 0; i < 500; ++i) {
    many.push_back(tests[static_cast<std::size_t>(i) % tests.size()]);
    many.back()["name"] = "test " + std::to_string(i + 1);
  }
  pages.push_back(suite_with(dir, "500-tests", many));
  // Comparison labels that are markup, quotes and 10,000 characters.
  std::string label = R"(<script>alert("x") it's "q" & <b>)";
  pages.push_back(compare(dir, "bad-labels", quoted(label + "=" + seeds + "gnu-dd-pv-write-read-perc-h720.txt") + " " +
                                                 quoted(std::string(10000, 'y') + "=" + seeds + "gnu-dd-pv-write-read-perc-h730.txt")));
  // Figures missing: an interrupted sweep, every other point not run; and each sweep run buffered.
  for (const char* kind : {"atto", "iometer", "cdm"}) {
    const json run = read_json(reports + "sweep-" + kind + (kind == std::string("atto") ? "-quick-vm-1.json" : "-quick-vm.json"));
    json j = run;
    json kept = json::array();
    for (std::size_t i = 0; i < j["points"].size(); i += 2) kept.push_back(j["points"][i]);
    j["points"] = kept;
    j["interrupted"] = true;
    auto path = (dir / (std::string("missing-") + kind + ".json")).string();
    write_json(path, j);
    pages.push_back(draw(dir, std::string("missing-") + kind, path));
    j = run;
    j["direct"] = false;
    path = (dir / (std::string("buffered-") + kind + ".json")).string();
    write_json(path, j);
    pages.push_back(draw(dir, std::string("buffered-") + kind, path));
  }
  // The CrystalDiskMark and IOMeter sweeps compared: against the same sweep run buffered, and with itself.
  pages.push_back(compare(dir, "compare-sweep-cdm",
                          quoted("O_DIRECT=" + reports + "sweep-cdm-quick-vm.json") + " " + quoted("buffered=" + (dir / "buffered-cdm.json").string())));
  pages.push_back(compare(dir, "compare-sweep-iometer",
                          quoted("before=" + reports + "sweep-iometer-quick-vm.json") + " " + quoted("after=" + reports + "sweep-iometer-quick-vm.json")));
  // Doubtful points on a comparison's curves: every one of a buffered sweep, and two of the other
  // side doubted by a verdict (added here: a sweep's JSON carries none of its own).
  json doubted = read_json(reports + "sweep-atto-quick-vm-2.json");
  for (const char* test : {"read 4 KiB", "write 1 MiB"})
    doubted["verdicts"].push_back({{"rule", "page_cache_reads"}, {"subject", test}, {"fired", true}, {"severity", "warning"},
                                   {"message", "the page cache served these reads"}, {"evidence", json::array()}});
  write_json(dir / "doubted.json", doubted);
  pages.push_back(compare(dir, "compare-sweep-doubted",
                          quoted("buffered=" + (dir / "buffered-atto.json").string()) + " " + quoted("run-2=" + (dir / "doubted.json").string())));
  return pages;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_page_kind_lays_out_without_overlap_cut_or_unlabelled_figure) {
  BOOST_REQUIRE_MESSAGE(run_shell("command -v chromium && command -v node").status == 0,
                        "chromium and node are needed (scripts/install-deps.sh test installs them)");
  const auto start = std::chrono::steady_clock::now();
  const temp_dir dir;
  const auto pages = all_pages(dir);
  std::string args;
  for (const auto& p : pages) args += " " + quoted(p);
  const auto r = run_shell("node " + quoted(std::string(RAIDBENCH_CHECK_PAGES)) + args);
  BOOST_TEST(r.status == 0, "check_pages.mjs:\n" << r.out << r.err);
  BOOST_TEST(r.out.ends_with(std::to_string(pages.size() * 2) + " passed, 0 failed\n"), r.out);
  // The markup stayed text: the browser made no element of it (check_pages counts script elements).
  const auto bad = slurp(dir / "bad-names.html");
  BOOST_TEST(bad.find("<script") == std::string::npos);
  BOOST_TEST(bad.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;") != std::string::npos);
  BOOST_TEST(slurp(dir / "bad-labels.html").find("<script") == std::string::npos);
  // The figures a verdict doubts are the doubtful points (the check saw each drawn as such): every
  // point of a buffered sweep, the percentiles of the suite's tests the page cache served, no other.
  const auto points = [](const std::string& page, const std::string& kind) { return count(page, R"(<g class=")" + kind + R"(" data-series=)"); };
  const auto buffered = slurp(dir / "buffered-atto.html");
  BOOST_TEST(points(buffered, "point doubtful") == 30);
  BOOST_TEST(points(buffered, "point") == 0);
  const auto suite = slurp(dir / "suite.html");
  BOOST_TEST(count(suite, R"(<g class="point doubtful" data-series="seq read buffered")") == 5);
  BOOST_TEST(count(suite, R"(<g class="point doubtful" data-series="rndrd 16 KiB")") == 5);
  BOOST_TEST(count(suite, R"(<g class="point doubtful" data-series="seq read O_DIRECT")") == 0);
  const auto doubted = slurp(dir / "compare-sweep-doubted.html");
  BOOST_TEST(count(doubted, R"(<g class="point doubtful" data-series="buffered )") == 30);
  BOOST_TEST(count(doubted, R"(<g class="point doubtful" data-series="run-2 read" data-x="3")") == 1);   // 4 KiB
  BOOST_TEST(count(doubted, R"(<g class="point doubtful" data-series="run-2 write" data-x="11")") == 1);  // 1 MiB
  BOOST_TEST(points(doubted, "point doubtful") == 32);
  // Each heat cell of a buffered IOMeter sweep is doubtful (the check saw each grey, marked and its
  // reason in the caption): 12 specifications by 2 queue depths in MB/s (24), and in IOPS read and
  // write apart (48, less the 16 a pure read or write specification does not have).
  BOOST_TEST(count(slurp(dir / "buffered-iometer.html"), R"(<td class="doubtful" data-row=)") == 24 + 48 - 16);
  // The check saw critical, warning and info badges, each looking different, critical first.
  const auto critical = slurp(dir / "compare-critical.html");
  for (const char* level : {"critical", "warning", "info"}) BOOST_TEST(count(critical, std::string(R"(<a class="badge )") + level + '"') > 0, level);
  // A CrystalDiskMark comparison shows every row in MB/s as CDM does; an IOMeter one IOPS and MB/s.
  const auto cdm = slurp(dir / "compare-sweep-cdm.html");
  BOOST_TEST(count(cdm, R"(aria-label="Bar chart: Throughput, every row in MB/s as CrystalDiskMark shows it")") == 1);
  BOOST_TEST(count(cdm, R"(aria-label="Bar chart: ops_per_second)") == 0);
  const auto iometer = slurp(dir / "compare-sweep-iometer.html");
  for (const char* chart : {"IOPS of every access specification", "Throughput of every access specification in MB/s"})
    BOOST_TEST(count(iometer, std::string(R"(aria-label="Bar chart: )") + chart + '"') == 1, chart);
  BOOST_TEST(count(iometer, R"(aria-label="Bar chart: ops_per_second")") + count(iometer, R"(aria-label="Bar chart: throughput")") == 0);
  // and each of its 8 mixed (50 % read) points' reads and writes apart, side against side, in IOPS and in MB/s.
  for (const char* chart : {"Reads and writes apart of the mixed access specifications, in IOPS",
                            "Reads and writes apart of the mixed access specifications, in MB/s"})
    BOOST_TEST(count(iometer, std::string(R"(aria-label="Bar chart: )") + chart + '"') == 1, chart);
  for (const std::string series : {"before read", "after read", "before write", "after write"}) {
    BOOST_TEST(count(iometer, R"(<g class="bar" data-series=")" + series + R"(" data-category="4 KiB 50 % read random QD1")") == 2, series);
    BOOST_TEST(count(iometer, R"(<g class="bar" data-series=")" + series + '"') == 2 * 8, series);
  }
  BOOST_TEST(count(iometer, R"(data-series="before read" data-category="4 KiB 100 % read random QD1")") == 0);  // a pure one: its rate says it all
  BOOST_TEST_MESSAGE(pages.size() << " pages drawn and measured at 2 widths in "
                                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");
}

// The check can fail: a page with each fault it looks for is refused, each fault named (a second page
// opens with a summary taller than one screen, a badge leading nowhere and a critical badge after it
// that looks like it, and holds a heat table's doubtful cell drawn like any other).
BOOST_AUTO_TEST_CASE(the_check_names_every_fault_it_looks_for) {
  const temp_dir dir;
  const auto page = (dir / "faults.html").string();
  std::ofstream(page) << R"(<!DOCTYPE html><html><head><meta charset="utf-8"/><title>faults</title></head><body>
<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="400" height="200" viewBox="0 0 400 200" aria-label="Line chart: faults">
<text x="10" y="20">overlapping one</text><text x="20" y="24">overlapping two</text>
<text x="380" y="60">outside the chart</text>
<g class="point" data-series="a" data-x="1" data-value="5" data-label="5"><circle class="marker" cx="100" cy="100" r="4"/><text x="140" y="104" class="value">5</text></g>
<g class="point" data-series="b" data-x="1" data-value="7" data-label="7"><circle class="marker" cx="150" cy="100" r="4"/><text x="200" y="150" class="value">7</text></g>
<g class="point" data-series="c" data-x="2" data-value="9" data-label="9"><circle class="marker" cx="250" cy="100" r="4"/></g>
<g class="point doubtful" data-series="d" data-x="3" data-value="2" data-label="2" data-doubt="the page cache served it"><circle class="marker" cx="300" cy="180" r="4" fill="#0072b2"/><text x="310" y="170" class="value">2</text></g>
<g class="bar doubtful" data-series="e" data-category="f" data-value="3" data-label="⚠ 3" data-doubt="a write cache absorbed the flushes"><rect x="10" y="150" width="30" height="10" fill="#0072b2"/><text x="45" y="159" class="value">⚠ 3</text></g>
</svg>
<pre style="overflow:hidden">)" << std::string(400, 'w') << R"(</pre>
<table><tr><td style="min-width:3000px">wide</td></tr></table>
<a href="https://example.invalid/">away</a><script></script>
</body></html>)";
  const auto summary = (dir / "summary.html").string();
  std::ofstream(summary) << R"(<!DOCTYPE html><html><head><meta charset="utf-8"/><title>summary</title></head><body><h1>summary</h1>
<section class="summary"><p style="height:2000px" id="tall">tall</p><ul class="badges"><li><a class="badge warning" href="#nowhere">lost</a></li>
<li><a class="badge critical" href="#tall">late</a></li></ul></section>
<table class="heat" data-title="heat"><caption>heat (IO/s)</caption><tbody><tr><th scope="row">QD1</th>
<td data-row="QD1" data-column="4 KiB" data-value="12" data-doubt="the page cache served it" style="background:#6baed6">12</td></tr></tbody></table>
</body></html>)";
  const auto r = run_shell("node " + quoted(std::string(RAIDBENCH_CHECK_PAGES)) + " --widths 800 " + quoted(page) + " " + quoted(summary));
  BOOST_TEST(r.status == 1, r.out << r.err);
  for (const char* fault : {R"("overlapping one" overlaps "overlapping two")", R"("outside the chart" is outside its chart)",
                            R"(the label "5" of a at 1 is nearer b's point)", "c at 2 (9) is neither labelled nor in a table",
                            "is cut at its right edge", "past the 800 px window", "1 script element(s) in the page",
                            "an address outside the page: <a> https://example.invalid/", "the page does not open with its summary",
                            "d at 3 (2) is doubtful but drawn like the others (its marker is not hollow and grey)",
                            "d at 3 (2) is doubtful but its figure is not marked ⚠",
                            R"(d at 3 (2) is doubtful and its reason "the page cache served it" is not written in the chart)",
                            "e at f (⚠ 3) is doubtful but drawn like the others (its bar is not grey)",
                            R"(e at f (⚠ 3) is doubtful and its reason "a write cache absorbed the flushes" is not written in the chart)",
                            "the summary has no key figure", R"(the badge "lost" links to no evidence on the page)",
                            "below the first screen (900 px)", R"(the critical badge "late" looks like the warning badge "lost")",
                            R"(the critical badge "late" comes after the badge "lost")",
                            "QD1 at 4 KiB (12) is doubtful but drawn like the others (its cell is not grey)",
                            "QD1 at 4 KiB (12) is doubtful but its figure is not marked ⚠",
                            R"(QD1 at 4 KiB (12) is doubtful and its reason "the page cache served it" is not written in its caption)", "0 passed, 2 failed"})
    BOOST_TEST(r.out.find(fault) != std::string::npos, fault << "\n" << r.out);
}

BOOST_AUTO_TEST_SUITE_END()
