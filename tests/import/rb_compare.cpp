// rb-compare on the seed write-ups' captures (their comparisons reproduced, as the README shows
// them), on native runs made here, and on bad input.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"
#include "results.hpp"

BOOST_AUTO_TEST_SUITE(rb_compare_test)

namespace {

using namespace raidbench::test;

tool_result compare(const std::string& arguments) { return run_shell(quoted(RB_COMPARE) + " " + arguments); }

std::string seed(const std::string& name) { return fixture_arg("seed-outputs/" + name); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The line of `text` that starts with `prefix` once its indent is dropped and the columns' padding
// squeezed to one space.
std::string row(const std::string& text, const std::string& prefix) {
  std::string squeezed;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool indent = text[i] == ' ' && (squeezed.empty() || squeezed.back() == '\n');
    if (!indent && !(text[i] == ' ' && i + 1 < text.size() && text[i + 1] == ' ')) squeezed += text[i];
  }
  const auto at = ("\n" + squeezed).find("\n" + prefix);
  if (at == std::string::npos) return "";
  return squeezed.substr(at, squeezed.find('\n', at) - at);
}

// One run of a 1 GiB copy at `mb_per_second` (10^6 B/s) per file, as GNU dd 8.24+ prints it.
void write_dd_runs(const std::filesystem::path& dir, const std::vector<double>& mb_per_second) {
  std::filesystem::create_directories(dir);
  for (std::size_t i = 0; i < mb_per_second.size(); ++i) {
    const double bytes = 1073741824, seconds = bytes / (mb_per_second[i] * 1e6);
    std::ofstream(dir / fmt::format("run{:04}.txt", i)) << fmt::format("1024+0 records in\n1024+0 records out\n1073741824 bytes (1.1 GB, 1.0 GiB) "
                                                                       "copied, {:.9f} s, {:.0f} MB/s\n", seconds, mb_per_second[i]);
  }
}

const std::string h730_dumps = " --controller-file=H730=" + seed("megacli-adpallinfo-perc-h730-mini-excerpt.txt") +
                               " --controller-file=H730=" + seed("megacli-ldgetprop-cache-perc-h730.txt") +
                               " --controller-file=H730=" + seed("megacli-adpbbucmd-perc-h730-excerpt.txt");

}  // namespace

BOOST_AUTO_TEST_CASE(h730_against_h720_pg_test_fsync) {
  const auto r = compare("H720=" + seed("pg_test_fsync-9.1-perc-h720.txt") + " H730=" + seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  // The answer first: one run a side cannot tell noise from a change.
  BOOST_TEST(contains(r.out, "\nH730 against H720: 0 faster, 0 slower, 0 unchanged, 16 undecided, of 16 rows (each test's rate and tail "
                             "latency); the runs cannot estimate the noise: run 3 or more a side"));
  BOOST_TEST(contains(r.out, "\nSafety not judged: no controller inventory\n"));
  BOOST_TEST(row(r.out, "one_write/open_datasync ops_per_second") ==
             "one_write/open_datasync ops_per_second 21474.7 ops/s 24739.0 ops/s +15.2 % faster, cannot tell (1 run a side)");
  BOOST_TEST(row(r.out, "one_write/fdatasync ops_per_second") ==
             "one_write/fdatasync ops_per_second 20687.4 ops/s 18467.0 ops/s -10.7 % slower, cannot tell (1 run a side)");
  BOOST_TEST(row(r.out, "one_write/fsync_writethrough ops_per_second") ==
             "one_write/fsync_writethrough ops_per_second n/a: not available on this platform n/a: not available on this platform -");
  // pg_test_fsync's usecs/op is its ops/s inverted: not a row of its own unless asked for.
  BOOST_TEST(row(r.out, "one_write/open_datasync latency_mean").empty());
  // No dump: the cache is there, its safety unknown; the same verdict on both sides is listed once.
  BOOST_TEST(contains(r.out, "H720, H730: [warning] flush_faster_than_media (one_write/open_datasync): a write cache absorbs the flushes "
                             "(a controller's, the drive's or the hypervisor's); whether it survives a power loss is unknown"));
}

BOOST_AUTO_TEST_CASE(battery_backed_h730_verdict_needs_the_asserted_link) {
  const std::string sides = "H720=" + seed("pg_test_fsync-9.1-perc-h720.txt") + " H730=" + seed("pg_test_fsync-9.1-perc-h730.txt");
  const auto asserted = compare(sides + h730_dumps + " --controller-owns=H730");
  BOOST_TEST(asserted.status == 0);
  BOOST_TEST(contains(asserted.out, "\n  H730: [info] flush_faster_than_media (one_write/open_datasync): a write cache absorbs the "
                                    "flushes; the controller asserted to hold the device has a healthy battery and the policy falls "
                                    "back to write-through on a bad battery, so they survive a power loss if that assertion is right "
                                    "(asserted link)"));
  // The controller's facts are known on one side only: listed apart from facts that differ.
  BOOST_TEST(contains(asserted.out, "\nKnown on some sides only:\n"));
  BOOST_TEST(!contains(asserted.out, "What differs between the sides"));
  BOOST_TEST(row(asserted.out, "controller 0 battery state") == "controller 0 battery state H720: ? | H730: optimal");
  BOOST_TEST(row(asserted.out, "controller 0 VD 0 policy write") == "controller 0 VD 0 policy write H720: ? | H730: write_back");
  // The answer names the safety difference and the side that could not be judged.
  BOOST_TEST(contains(asserted.out, "\nSafety differs: [warning] flush_faster_than_media (one_write/open_datasync) on H720 only\n"));
  BOOST_TEST(contains(asserted.out, "\nSafety differs: [info] flush_faster_than_media (one_write/open_datasync) on H730 only\n"));
  BOOST_TEST(contains(asserted.out, "\nSafety not judged on H720: no controller inventory\n"));
  BOOST_TEST(contains(asserted.out, "\n  H720: [warning] flush_faster_than_media (one_write/open_datasync): a write cache absorbs the flushes (a "
                                    "controller's, the drive's or the hypervisor's); whether it survives a power loss is unknown without the "
                                    "controller inventory\n"));
  BOOST_TEST(contains(asserted.out, "\n  safety not judged on H720: no controller inventory\n"));
  BOOST_TEST(row(asserted.out, "one_write/open_sync ops_per_second") ==
             "one_write/open_sync ops_per_second 63.351 ops/s 62.750 ops/s -0.9 % slower, cannot tell (1 run a side)");

  const auto observed_only = compare(sides + h730_dumps);
  BOOST_TEST(observed_only.status == 0);
  BOOST_TEST(contains(observed_only.out, "which could not be tied to the imported run's disk: whether the flushes survive a power loss is unknown"));
  BOOST_TEST(!contains(observed_only.out, "so they survive a power loss"));
}

BOOST_AUTO_TEST_CASE(h730_against_h720_dd) {
  const auto r = compare("H720=" + seed("gnu-dd-pv-write-read-perc-h720.txt") + " H730=" + seed("gnu-dd-pv-write-read-perc-h730.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, "\nH730 against H720: 0 faster, 0 slower, 0 unchanged, 2 undecided, of 2 rows (each test's rate and tail latency); "
                             "the runs cannot estimate the noise: run 3 or more a side (raidbench --repeat 5, a directory of runs) or give "
                             "--noise\nSafety not judged: no controller inventory\n"));
  BOOST_TEST(row(r.out, "copy #1 throughput") == "copy #1 throughput 161.39 MB/s 220.52 MB/s +36.6 % faster, cannot tell (1 run a side)");
  BOOST_TEST(row(r.out, "copy #2 throughput") == "copy #2 throughput 163.72 MB/s 224.28 MB/s +37.0 % faster, cannot tell (1 run a side)");
}

BOOST_AUTO_TEST_CASE(openbsd_battery_on_and_off) {
  const auto r = compare("--format=markdown with=" + seed("bsd-dd-openbsd-altroot-with-bbu.txt") + " without=" +
                         seed("bsd-dd-openbsd-altroot-no-bbu.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, "| copy #1 | throughput | 22.525 MB/s | 7.8715 MB/s | -65.1 % slower, cannot tell (1 run a side) |"));
  BOOST_TEST(contains(r.out, "\n- without against with: 0 faster, 0 slower, 0 unchanged, 1 undecided, of 1 row "));
  const auto raw = compare("--format=csv with=" + seed("bsd-dd-openbsd-raw-writeback-no-bbu.txt") + " thru=" +
                           seed("bsd-dd-openbsd-raw-writethru-no-bbu.txt"));
  BOOST_TEST(raw.status == 0);
  BOOST_TEST(contains(raw.out, "test,metric,unit,better,side,runs,median,min,max,change_percent,word,noise,low_percent,high_percent,"
                               "confidence,runs_needed\n"));
}

BOOST_AUTO_TEST_CASE(kernel_3_2_against_3_8_sysbench) {
  const std::string sides = "3.2=" + seed("sysbench-0.4.12-fileio-rndrw-kernel3.2.txt") + " 3.8=" + seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt");
  const auto r = compare(sides);
  BOOST_TEST(r.status == 0);
  // By default the test's rate (its requests/s; throughput is the same figure scaled) and tail latency.
  BOOST_TEST(row(r.out, "rndrw requests_per_second") ==
             "rndrw requests_per_second 174.98 ops/s 209.51 ops/s +19.7 % faster, cannot tell (1 run a side)");
  BOOST_TEST(row(r.out, "rndrw latency_p95") == "rndrw latency_p95 13.390 ms 13.350 ms 0.3 % lower latency (better), cannot tell (1 run a side)");
  BOOST_TEST(row(r.out, "rndrw throughput").empty());
  const auto all = compare("--all-metrics " + sides);
  BOOST_TEST(all.status == 0);
  BOOST_TEST(row(all.out, "rndrw latency_avg") == "rndrw latency_avg 5.660 ms 4.650 ms 17.8 % lower latency (better), cannot tell (1 run a side)");
  BOOST_TEST(!row(all.out, "rndrw throughput").empty());
  // The 1 against 8 threads cpu seed: the parameter that differs is listed.
  const auto cpu = compare(seed("sysbench-0.4.12-cpu-1thread.txt") + " " + seed("sysbench-0.4.12-cpu-8threads.txt"));
  BOOST_TEST(cpu.status == 0);
  BOOST_TEST(row(cpu.out, "cpu: threads") == "cpu: threads A: 1 | B: 8");
  BOOST_TEST(row(cpu.out, "cpu total_time") == "cpu total_time 21.189 s 4.354 s 79.5 % less time (better), cannot tell (1 run a side)");
}

BOOST_AUTO_TEST_CASE(repeated_runs_tell_a_change_from_noise_and_drift) {
  // Five runs a side of one 1 GiB copy: B is 30 % faster, C the same as A, D falls 8 % a run from
  // 150 MB/s: its drift alone could make its change, so the change is not called.
  const temp_dir dir;
  write_dd_runs(dir / "a", {200, 204, 198, 202, 196});
  write_dd_runs(dir / "b", {260, 262, 258, 265, 255});
  write_dd_runs(dir / "c", {201, 199, 203, 197, 200});
  write_dd_runs(dir / "d", {150, 138, 126.96, 116.8032, 107.458944});
  const std::string sides = quoted((dir / "a").string()) + " " + quoted((dir / "b").string()) + " " + quoted((dir / "c").string()) + " " +
                            quoted((dir / "d").string());
  const auto r = compare(sides);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "\nB against A: 1 faster (median +30.0 %), 0 slower, 0 unchanged, 0 undecided, of 1 row "));
  BOOST_TEST(contains(r.out, "\nC against A: 0 faster, 0 slower, 1 unchanged, 0 undecided, of 1 row "));
  BOOST_TEST(contains(r.out, "\nD against A: 0 faster, 0 slower, 0 unchanged, 1 undecided, of 1 row "));
  BOOST_TEST(contains(r.out, "\nDrift: 1 change(s) not called: D's runs trend within the test, enough to explain them\n"));
  const std::string copy = row(r.out, "copy #1 throughput");
  BOOST_TEST(contains(copy, "200.00 MB/s (5 runs, CV 1.6 %) 260.00 MB/s (5 runs, CV 1.5 %) +30.0 % faster, beyond noise (CI +27.1 to +32.9 %)"), copy);
  BOOST_TEST(contains(copy, "+0.0 %, unchanged (CI -2.0 to +2.1 %)"), copy);
  BOOST_TEST(contains(copy, "-36.5 % slower, not called: D's runs drift -8.0 %/run"), copy);
  // The README's three, by name.
  const auto faster = compare("base=" + quoted((dir / "a").string()) + " faster=" + quoted((dir / "b").string()));
  BOOST_TEST(contains(faster.out, "\nfaster against base: 1 faster (median +30.0 %), 0 slower, 0 unchanged, 0 undecided, of 1 row ("));
  BOOST_TEST(row(faster.out, "copy #1") == "copy #1 throughput 200.00 MB/s (5 runs, CV 1.6 %) 260.00 MB/s (5 runs, CV 1.5 %) +30.0 % faster, "
                                           "beyond noise (CI +27.1 to +32.9 %)");
  const auto same = compare("base=" + quoted((dir / "a").string()) + " same=" + quoted((dir / "c").string()));
  BOOST_TEST(row(same.out, "copy #1") == "copy #1 throughput 200.00 MB/s (5 runs, CV 1.6 %) 200.00 MB/s (5 runs, CV 1.1 %) +0.0 %, unchanged "
                                         "(CI -2.0 to +2.1 %)");
  const auto drifting = compare("base=" + quoted((dir / "a").string()) + " drifting=" + quoted((dir / "d").string()));
  BOOST_TEST(contains(drifting.out, "\nDrift: 1 change(s) not called: drifting's runs trend within the test, enough to explain them\n"));
  BOOST_TEST(row(drifting.out, "copy #1") == "copy #1 throughput 200.00 MB/s (5 runs, CV 1.6 %) 126.96 MB/s (5 runs, CV 14.1 %) -36.5 % slower, "
                                             "not called: drifting's runs drift -8.0 %/run");
  // Drifting less, from A's level, the change is too small to tell, and the drift is said.
  write_dd_runs(dir / "e", {200, 184, 169.28, 155.74, 143.28});
  const auto e = compare(quoted((dir / "a").string()) + " " + quoted((dir / "e").string()));
  BOOST_TEST(contains(row(e.out, "copy #1 throughput"), "-15.4 % slower, cannot tell (CI -28.1 to -0.4 %; 13 runs a side would tell: B's runs drift -8.0 %/run)"));
  // A quoted glob is one side too; the JSON keeps each decision.
  const auto g = compare(quoted((dir / "a" / "*").string()) + " " + quoted((dir / "b" / "*").string()) + " " + quoted((dir / "c").string()) + " " +
                         quoted((dir / "d").string()) + " --json");
  BOOST_TEST(g.status == 0, g.err);
  const auto j = nlohmann::json::parse(g.out);
  BOOST_TEST(j["schema"] == "raidbench.comparison");
  BOOST_TEST(j["schema_version"] == 2);
  BOOST_TEST(j["sides"][0]["sources"].size() == 5u);
  const auto& change = j["rows"][0]["sides"];
  BOOST_TEST(change[1]["change"]["noise"] == "beyond noise");
  BOOST_TEST(change[1]["change"]["interval"]["low_percent"].get<double>() > 5);
  BOOST_TEST(change[2]["change"]["noise"] == "noise");
  BOOST_TEST(change[3]["change"]["noise"] == "drift");
  BOOST_TEST(change[3]["change"]["drift"]["side"]["significant"] == true);
  BOOST_TEST(change[1]["values"].size() == 5u);
  BOOST_TEST(j["summaries"][0]["faster"] == 1);
  BOOST_TEST(j["decision"]["min_effect"] == 0.05);
  // A larger minimum effect: 30 % is no longer beyond ±40 %.
  const auto strict = compare("--min-effect=40 " + sides);
  BOOST_TEST(strict.status == 0, strict.err);
  BOOST_TEST(contains(strict.out, "\nB against A: 0 faster"));
  BOOST_TEST(compare("--min-effect=0x10 " + sides).status == 2);
  BOOST_TEST(compare("--min-effect=60 " + sides).status == 2);
}

BOOST_AUTO_TEST_CASE(a_suite_reports_runs_are_ordered_by_their_start) {
  // raidbench --repeat 3 as its report.json holds it, with the runs listed out of time order.
  const auto run = write_result;
  const nlohmann::json report = {{"schema", "raidbench.suite_report"}, {"schema_version", 2}, {"repeat", 3},
                                 {"tests", {{{"name", "fsync 8 kB"}, {"result", run(200)}, {"runs", {run(100), run(200), run(300)}},
                                             {"run_started_at", {1764650030.0, 1764650020.0, 1764650010.0}}}}},
                                 {"verdicts", nlohmann::json::array()}};
  const temp_dir dir;
  std::ofstream(dir / "report.json") << report.dump();
  const auto r = compare(quoted((dir / "report.json").string()) + " " + quoted((dir / "report.json").string()) + " --json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  BOOST_TEST(j["rows"][0]["sides"][0]["values"] == nlohmann::json({300.0, 200.0, 100.0}));
  BOOST_TEST(j["rows"][0]["sides"][1]["change"]["drift"]["base"]["percent_per_run"].get<double>() < -25);
}

BOOST_AUTO_TEST_CASE(calibration_on_one_setup_judges_single_runs) {
  const temp_dir dir;
  write_dd_runs(dir / "a", {200, 204, 198, 202, 196});
  write_dd_runs(dir / "c", {201, 199, 203, 197, 200});
  write_dd_runs(dir / "b", {260, 262, 258, 265, 255});
  const std::string same = quoted((dir / "a").string()) + " " + quoted((dir / "c").string());
  const auto text = compare("--calibrate " + same);
  BOOST_TEST(text.status == 0, text.err);
  BOOST_TEST(contains(text.out, "Noise of dd results, measured on runs of one setup"));
  BOOST_TEST(row(text.out, "copy #1 throughput") == "copy #1 throughput 1.38 % 8");
  BOOST_TEST(contains(text.out, "The sides, compared as A/A, show no call: as expected of one setup."));
  const auto differ = compare("--calibrate " + quoted((dir / "a").string()) + " " + quoted((dir / "b").string()));
  BOOST_TEST(contains(differ.out, "show 1 call(s): they are not the same setup"));
  const auto json = compare("--calibrate --json " + same);
  BOOST_TEST_REQUIRE(json.status == 0, json.err);
  BOOST_TEST(nlohmann::json::parse(json.out)["schema"] == "raidbench.noise");
  std::ofstream(dir / "noise.json") << json.out;
  // One run a side, judged with the measured noise.
  const auto judged = compare("--noise=" + quoted((dir / "noise.json").string()) + " with=" + seed("bsd-dd-openbsd-altroot-with-bbu.txt") +
                              " without=" + seed("bsd-dd-openbsd-altroot-no-bbu.txt"));
  BOOST_TEST(judged.status == 0, judged.err);
  BOOST_TEST(contains(row(judged.out, "copy #1 throughput"), "-65.1 % slower, beyond noise (CI -"));
  std::ofstream(dir / "bad.json") << R"({"schema": "raidbench.noise", "schema_version": 1, "tool": "dd", "rows": [{"test": "x", "metric": "y", "sd_log": -1, "df": 3}]})";
  const auto bad = compare("--noise=" + quoted((dir / "bad.json").string()) + " " + same);
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(contains(bad.err, "noise calibration row 1: needs"));
  const auto other_tool = compare("--noise=" + quoted((dir / "noise.json").string()) + " " + seed("pg_test_fsync-9.1-perc-h720.txt") + " " +
                                  seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(other_tool.status == 1);
  BOOST_TEST(contains(other_tool.err, "the noise calibration is of dd results"));
}

BOOST_AUTO_TEST_CASE(bad_sides_get_a_clear_answer_never_a_call) {
  const temp_dir dir;
  // Copies of one run: no spread to measure the noise by.
  write_dd_runs(dir / "copies-a", {200, 200, 200});
  write_dd_runs(dir / "copies-b", {260, 260, 260});
  const auto copies = compare(quoted((dir / "copies-a").string()) + " " + quoted((dir / "copies-b").string()));
  BOOST_TEST(copies.status == 0, copies.err);
  BOOST_TEST(contains(row(copies.out, "copy #1 throughput"), "+30.0 % faster, cannot tell (no spread in either side's runs)"));
  // A thousand runs a side of one setup: no call.
  std::vector<double> a, b;
  std::uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return 200 * (0.95 + 0.1 * static_cast<double>(state >> 11) * 0x1.0p-53);
  };
  for (int i = 0; i < 1000; ++i) a.push_back(next()), b.push_back(next());
  write_dd_runs(dir / "many-a", a);
  write_dd_runs(dir / "many-b", b);
  const auto many = compare(quoted((dir / "many-a").string()) + " " + quoted((dir / "many-b").string()));
  BOOST_TEST(many.status == 0, many.err);
  BOOST_TEST(contains(many.out, "\nB against A: 0 faster, 0 slower, 1 unchanged, 0 undecided, of 1 row "), many.out.substr(0, 600));
}

// --paired: run k of each side is round k of an interleaved run (raidbench ab). A drift of the host
// through every round (-5 % a round) cancels in each round's ratio, so B's +30 % is called; a ratio
// that itself trends across the rounds is named; sides of unequal rounds are one line and exit 1.
BOOST_AUTO_TEST_CASE(interleaved_rounds_are_judged_paired) {
  const temp_dir dir;
  const std::vector<double> a{200, 190, 180.5, 171.5, 162.9, 154.8}, noise{1.004, 0.995, 1.002, 0.998, 1.006, 0.997};
  std::vector<double> b, trending;
  for (std::size_t i = 0; i < a.size(); ++i) {
    b.push_back(a[i] * 1.3 * noise[i]);
    trending.push_back(a[i] * (0.85 + 0.06 * static_cast<double>(i)) * noise[i]);
  }
  write_dd_runs(dir / "a", a);
  write_dd_runs(dir / "b", b);
  write_dd_runs(dir / "t", trending);
  write_dd_runs(dir / "short", {200, 190, 180.5, 171.5, 162.9});
  const std::string sides = quoted((dir / "a").string()) + " " + quoted((dir / "b").string());
  const auto paired = compare("--paired " + sides);
  BOOST_TEST(paired.status == 0, paired.err);
  BOOST_TEST(contains(paired.out, "\nB against A, paired over 6 ABBA rounds: 1 faster (median +30.0 %), 0 slower, 0 unchanged, 0 undecided, of 1 row "),
             paired.out);
  BOOST_TEST(contains(row(paired.out, "copy #1 throughput"), "+30.0 % faster, beyond noise (CI +"), paired.out);
  const auto unpaired = compare(sides);
  BOOST_TEST(contains(unpaired.out, "\nB against A: 0 faster, 0 slower, 0 unchanged, 1 undecided, of 1 row "), unpaired.out);
  const auto j = nlohmann::json::parse(compare("--paired --json " + sides).out);
  BOOST_TEST(j["decision"]["paired"] == true);
  BOOST_TEST(j["decision"]["rounds"] == 6);
  BOOST_TEST(j["rows"][0]["sides"][1]["change"]["method"] == "paired");

  const auto t = compare("--paired " + quoted((dir / "a").string()) + " " + quoted((dir / "t").string()));
  BOOST_TEST(t.status == 0, t.err);
  BOOST_TEST(contains(t.out, "\nDrift: B / A trends across the 6 rounds on 1 row (copy #1 throughput +"), t.out);
  BOOST_TEST(contains(row(t.out, "copy #1 throughput"), "rounds would tell: B / A drifts +"), t.out);

  const auto uneven = compare("--paired " + quoted((dir / "a").string()) + " " + quoted((dir / "short").string()));
  BOOST_TEST(uneven.status == 1);
  BOOST_TEST(uneven.err == "rb-compare: paired rounds: side B has 5 run(s), side A 6; an interleaved run has one run of every side a round\n");
  const auto calibrate = compare("--paired --calibrate " + sides);
  BOOST_TEST(calibrate.status == 2);
  BOOST_TEST(calibrate.err == "rb-compare: --paired is for a comparison of interleaved rounds (see --help)\n");
}

BOOST_AUTO_TEST_CASE(native_runs_compare_with_each_other_and_with_the_peers_text) {
  const temp_dir dir;
  const std::string in = quoted((dir / "in").string());
  const auto made = run_shell("(head -c 1048576 /dev/zero > " + in + " && cd " + quoted(dir.path().string()) + " && " +
                              quoted(RB_DD) + " if=in of=out1 bs=64k --json=a.json && " + quoted(RB_DD) +
                              " if=in of=out2 bs=64k --json=b.json && dd if=in of=out3 bs=64k 2> gnu.txt)");
  BOOST_TEST_REQUIRE(made.status == 0, made.err);
  const auto natives = compare(quoted((dir / "a.json").string()) + " " + quoted((dir / "b.json").string()));
  BOOST_TEST(natives.status == 0, natives.err);
  BOOST_TEST(contains(natives.out, "Comparison of dd results, 2 sides:"));
  BOOST_TEST(!row(natives.out, "copy #1 throughput").empty());
  // rb-dd's JSON against GNU dd's own statistics for the same copy.
  const auto mixed = compare(quoted((dir / "a.json").string()) + " " + quoted((dir / "gnu.txt").string()));
  BOOST_TEST(mixed.status == 0, mixed.err);
  BOOST_TEST(!row(mixed.out, "copy #1 throughput").empty());
}

BOOST_AUTO_TEST_CASE(two_sweeps_compare_point_by_point) {
  const temp_dir dir;
  for (const char* side : {"a", "b"}) {
    const auto ran = run_shell(quoted(RAIDBENCH_TOOL) + " sweep atto --bs 4k,8k --size 2M --no-progress --dir " +
                               quoted((dir / "scratch").string()) + " --json=" + quoted((dir / (std::string(side) + ".json")).string()));
    BOOST_TEST_REQUIRE(ran.status == 0, ran.err);
  }
  const auto r = compare(quoted((dir / "a.json").string()) + " " + quoted((dir / "b.json").string()) + " --html " +
                         quoted((dir / "page.html").string()));
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "Comparison of raidbench sweep atto results, 2 sides:"));
  // Below 64 KiB a point's rate is its operations per second (its MB/s is the same figure scaled).
  for (const char* point : {"write 4 KiB ops_per_second ", "read 4 KiB ops_per_second ", "write 8 KiB ops_per_second ", "read 8 KiB ops_per_second "})
    BOOST_TEST(!row(r.out, point).empty(), point);
  std::ifstream page(dir / "page.html");
  const std::string html((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  BOOST_TEST(contains(html, "<svg"));
  BOOST_TEST(contains(html, "data-series=\"A\""));
}

BOOST_AUTO_TEST_CASE(an_iometer_sweeps_mixed_points_carry_reads_and_writes_apart_beside_their_rate) {
  const std::string sweep = fixture_arg("reports/sweep-iometer-quick-vm.json");
  const auto r = compare("before=" + sweep + " after=" + sweep);
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  // By default the rows stay each point's rate and tail latency: 24 points, 48 rows in the family.
  BOOST_TEST(contains(r.out, "of 48 rows (each test's rate and tail latency)"), r.out);
  BOOST_TEST(!contains(r.out, "reads_per_second"));
  const temp_dir dir;
  const auto all = compare("--all-metrics before=" + sweep + " after=" + sweep + " --html " + quoted((dir / "page.html").string()));
  BOOST_TEST_REQUIRE(all.status == 0, all.err);
  // Their page charts each once, in the reads and writes apart (report_html/pages.cpp checks its layout).
  std::ifstream page(dir / "page.html");
  const std::string html((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  BOOST_TEST(contains(html, R"(aria-label="Bar chart: Reads and writes apart of the mixed access specifications, in IOPS")"));
  BOOST_TEST(!contains(html, R"(aria-label="Bar chart: reads_per_second")"));
  for (const char* metric : {"reads_per_second", "writes_per_second", "read_throughput", "write_throughput"}) {
    BOOST_TEST(!row(all.out, std::string("4 KiB 50 % read random QD1 ") + metric).empty(), metric);
    BOOST_TEST(row(all.out, std::string("4 KiB 100 % read random QD1 ") + metric).empty(), metric);  // a pure point's rate says it all
  }
  // The fixture's 4 KiB 50 % read random QD1: its reads and writes add up to its rate.
  BOOST_TEST(row(all.out, "4 KiB 50 % read random QD1 ops_per_second") == "4 KiB 50 % read random QD1 ops_per_second 4457.2 ops/s 4457.2 ops/s same");
  BOOST_TEST(row(all.out, "4 KiB 50 % read random QD1 reads_per_second") == "4 KiB 50 % read random QD1 reads_per_second 2201.6 ops/s 2201.6 ops/s same");
  BOOST_TEST(row(all.out, "4 KiB 50 % read random QD1 writes_per_second") == "4 KiB 50 % read random QD1 writes_per_second 2255.6 ops/s 2255.6 ops/s same");
}

BOOST_AUTO_TEST_CASE(import_json_reads_back_as_a_side) {
  const temp_dir dir;
  const auto imported = compare("--import=" + seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt") + " --json");
  BOOST_TEST_REQUIRE(imported.status == 0, imported.err);
  const auto j = nlohmann::json::parse(imported.out);
  BOOST_TEST(j["schema"] == "raidbench.imported_run");
  BOOST_TEST(j["tool"] == "sysbench fileio");
  BOOST_TEST(j["version"] == "0.4.12");
  BOOST_TEST(j["tests"][0]["name"] == "rndrw");
  BOOST_TEST(j["tests"][0]["parameters"]["block_size"] == "16384");
  std::ofstream(dir / "imported.json") << imported.out;
  const auto back = compare(seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt") + " " + quoted((dir / "imported.json").string()));
  BOOST_TEST(back.status == 0, back.err);
  BOOST_TEST(contains(row(back.out, "rndrw requests_per_second"), "209.51 ops/s 209.51 ops/s same"));
  const auto text = compare("--import=" + seed("bsd-dd-openbsd-altroot-with-bbu.txt"));
  BOOST_TEST(text.status == 0);
  BOOST_TEST(contains(text.out, ": dd (bsd dd)\n  copy #1  [records_in=31995+1 records_out=31995+1]\n"));
}

BOOST_AUTO_TEST_CASE(bad_input_is_one_line_and_exit_1) {
  const auto one_line = [](const tool_result& r) { return r.out.empty() && r.err.find('\n') + 1 == r.err.size(); };
  const auto unknown = compare(seed("tune2fs-l-ext4.txt") + " " + seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(unknown.status == 1);
  BOOST_TEST(one_line(unknown), unknown.err);
  BOOST_TEST(contains(unknown.err, "tune2fs-l-ext4.txt: not an output raidbench can import (tried: "));
  const temp_dir dir;
  std::ofstream(dir / "header-only.txt") << "5 seconds per test\nCompare file sync methods using one 8kB write:\n";
  const auto missing = compare(quoted((dir / "header-only.txt").string()) + " " + seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(one_line(missing), missing.err);
  BOOST_TEST(contains(missing.err, "pg_test_fsync: no 'ops/sec' figure under a section heading"));
  const auto different = compare(seed("pg_test_fsync-9.1-perc-h730.txt") + " " + seed("gnu-dd-pv-write-read-perc-h730.txt"));
  BOOST_TEST(different.status == 1);
  BOOST_TEST(one_line(different), different.err);
  BOOST_TEST(contains(different.err, "the sides hold results of different tools"));
  const auto nothing_common = compare(seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt") + " " +
                                      fixture_arg("imports/sysbench/sysbench-0.4.12-fileio-rndrd-anordertoreclaim.txt"));
  BOOST_TEST(nothing_common.status == 1);
  BOOST_TEST(one_line(nothing_common), nothing_common.err);
  BOOST_TEST(contains(nothing_common.err, "the sides have no test in common"));
  const auto absent = compare(quoted((dir / "absent").string()) + " " + seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(absent.status == 1);
  BOOST_TEST(one_line(absent), absent.err);
  const auto lonely = compare(seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(lonely.status == 2);
  BOOST_TEST(contains(lonely.err, "one side: a comparison needs two or more"));
  const auto owns_without_dump = compare("--controller-owns=B " + seed("pg_test_fsync-9.1-perc-h720.txt") + " " + seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(owns_without_dump.status == 2);
}

BOOST_AUTO_TEST_CASE(import_failures_say_why) {
  const temp_dir dir;
  const auto one_line = [](const tool_result& r) { return r.err.find('\n') + 1 == r.err.size(); };
  // A capture quoted in a mail reads as the capture.
  std::ifstream capture(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/pg_test_fsync-9.1-perc-h730.txt");
  std::string quoted_text;
  for (std::string line; std::getline(capture, line);) quoted_text += "> " + line + "\n";
  std::ofstream(dir / "quoted.txt") << "On Tue, Jan 8, Someone wrote:\n" << quoted_text;
  const auto quoted_side = compare(seed("pg_test_fsync-9.1-perc-h720.txt") + " " + quoted((dir / "quoted.txt").string()));
  BOOST_TEST(quoted_side.status == 0, quoted_side.err);
  BOOST_TEST(contains(row(quoted_side.out, "one_write/open_datasync ops_per_second"), "24739.0 ops/s +15.2 % faster"));
  BOOST_TEST(contains(compare("--import=" + quoted((dir / "quoted.txt").string())).out, "note: read after removing the mail quoting"));
  // A text that does not import, beside a real capture: one line on standard error, exit 1.
  struct refused {
    const char* file;
    std::string text, other_side, error;
  };
  const refused cases[] = {
      // A database benchmark is named as one.
      {"oltp.txt",
       "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\n"
       "Number of threads: 8\n\nSQL statistics:\n    queries performed:\n        read: 1400000\n"
       "    transactions: 100000 (1663.37 per sec.)\n",
       "sysbench-0.4.12-fileio-rndrw-kernel3.8.txt", "oltp.txt: a sysbench OLTP run: a database benchmark, which raidbench does not import"},
      // A known tool in a layout no importer reads: the tool and the first line after its banner.
      {"future.txt", "sysbench 9.0 (a layout of the future)\n\nThroughput in a new shape: 12 things/s\n",
       "sysbench-0.4.12-fileio-rndrw-kernel3.8.txt",
       "looks like sysbench's output (line 1: 'sysbench 9.0 (a layout of the future)') in a layout raidbench does "
       "not read; the first line it could not read: line 3: 'Throughput in a new shape: 12 things/s'"},
      // A recognised text whose figures do not read: the importer's reason and the first line it could not read.
      {"garbled.txt", "5 seconds per test\nCompare file sync methods using one 8kB write:\n        open_datasync   garbled\n",
       "pg_test_fsync-9.1-perc-h730.txt",
       "pg_test_fsync: no 'ops/sec' figure under a section heading; the first line it could not read: 'open_datasync   garbled'"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.file) {
      std::ofstream(dir / c.file) << c.text;
      const auto r = compare(quoted((dir / c.file).string()) + " " + seed(c.other_side));
      BOOST_TEST(r.status == 1);
      BOOST_TEST(one_line(r), r.err);
      BOOST_TEST(contains(r.err, c.error));
    }
  }
}

BOOST_AUTO_TEST_CASE(impossible_reports_are_refused) {
  const temp_dir dir;
  const auto made = run_shell("cd " + quoted(dir.path().string()) + " && head -c 65536 /dev/zero > in && " + quoted(RB_DD) +
                              " if=in of=out bs=4k --json=good.json");
  BOOST_TEST_REQUIRE(made.status == 0, made.err);
  std::ifstream in(dir / "good.json");
  const auto good = nlohmann::json::parse(in);
  auto refused = [&](const std::string& name, const std::function<void(nlohmann::json&)>& edit, const std::string& why) {
    nlohmann::json j = good;
    edit(j);
    std::ofstream(dir / name) << j.dump();
    const auto r = compare(quoted((dir / "good.json").string()) + " " + quoted((dir / name).string()));
    BOOST_TEST(r.status == 1, name);
    BOOST_TEST(r.err.find('\n') + 1 == r.err.size(), r.err);
    BOOST_TEST(contains(r.err, name + ": " + why), r.err);
  };
  refused("future.json", [](nlohmann::json& j) { j["schema_version"] = 99; },
          "raidbench.result schema version 99: this rb-compare reads up to version 1 (a newer raidbench wrote it)");
  refused("negative.json", [](nlohmann::json& j) { j["statistics"]["elapsed_ns"] = -5; },
          "statistics.elapsed_ns = -5: a time, count or rate cannot be negative");
  refused("beyond.json", [](nlohmann::json& j) {
    auto& latency = j["statistics"]["write"]["latency"];
    latency["buckets"].push_back({std::uint64_t{1} << 50, (std::uint64_t{1} << 50) + 9, 1});
    latency["count"] = latency["count"].get<std::uint64_t>() + 1;
  }, "statistics.write: latency bucket [1125899906842624, 1125899906842633] beyond the histogram's range");
  refused("more.json", [](nlohmann::json& j) {
    auto& latency = j["statistics"]["write"]["latency"];
    latency["buckets"][0][2] = latency["buckets"][0][2].get<std::uint64_t>() + 100;
    latency["count"] = latency["count"].get<std::uint64_t>() + 100;
  }, "statistics.write: 116 latencies recorded for 16 operations");
  // An imported run written back by rb-compare --import --json, edited to a negative rate.
  const auto imported = compare("--import=" + seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt") + " --json");
  BOOST_TEST_REQUIRE(imported.status == 0);
  auto negative_rate = nlohmann::json::parse(imported.out);
  for (auto& f : negative_rate["tests"][0]["figures"])
    if (f["metric"] == "requests_per_second") f["value"] = -3.5;
  std::ofstream(dir / "negative-rate.json") << negative_rate.dump();
  const auto rate = compare(quoted((dir / "negative-rate.json").string()) + " " + seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt"));
  BOOST_TEST(rate.status == 1);
  BOOST_TEST(contains(rate.err, "].value = -3.5: a figure in ops/s cannot be negative"), rate.err);
  refused("uneven.json", [](nlohmann::json& j) { j["statistics"]["write"]["latency"]["count"] = 3; },
          "statistics.write: latency buckets hold more values than the histogram's count (3)");
}

BOOST_AUTO_TEST_SUITE_END()
