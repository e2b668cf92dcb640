// rb-compare on the seed write-ups' captures (their comparisons reproduced, as the README shows
// them), on native runs made here, and on bad input.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"

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

const std::string h730_dumps = " --controller-file=H730=" + seed("megacli-adpallinfo-perc-h730-mini-excerpt.txt") +
                               " --controller-file=H730=" + seed("megacli-ldgetprop-cache-perc-h730.txt") +
                               " --controller-file=H730=" + seed("megacli-adpbbucmd-perc-h730-excerpt.txt");

}  // namespace

BOOST_AUTO_TEST_CASE(h730_against_h720_pg_test_fsync) {
  const auto r = compare("H720=" + seed("pg_test_fsync-9.1-perc-h720.txt") + " H730=" + seed("pg_test_fsync-9.1-perc-h730.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(row(r.out, "one_write/open_datasync ops_per_second") ==
             "one_write/open_datasync ops_per_second 21474.7 ops/s 24739.0 ops/s +15.2 % faster, cannot tell noise (1 run per side)");
  BOOST_TEST(row(r.out, "one_write/fdatasync ops_per_second") ==
             "one_write/fdatasync ops_per_second 20687.4 ops/s 18467.0 ops/s -10.7 % slower, cannot tell noise (1 run per side)");
  BOOST_TEST(row(r.out, "one_write/fsync_writethrough ops_per_second") ==
             "one_write/fsync_writethrough ops_per_second n/a: not available on this platform n/a: not available on this platform -");
  // No dump: the cache is there, its safety unknown.
  BOOST_TEST(contains(r.out, "H730: [warning] flush_faster_than_media (one_write/open_datasync): a write cache absorbs the flushes "
                             "(a controller's, the drive's or the hypervisor's); whether it survives a power loss is unknown"));
}

BOOST_AUTO_TEST_CASE(battery_backed_h730_verdict_needs_the_asserted_link) {
  const std::string sides = "H720=" + seed("pg_test_fsync-9.1-perc-h720.txt") + " H730=" + seed("pg_test_fsync-9.1-perc-h730.txt");
  const auto asserted = compare(sides + h730_dumps + " --controller-owns=H730");
  BOOST_TEST(asserted.status == 0);
  BOOST_TEST(contains(asserted.out, "H730: [info] flush_faster_than_media (one_write/open_datasync): a write cache absorbs the "
                                    "flushes; the controller asserted to hold the device has a healthy battery and the policy falls "
                                    "back to write-through on a bad battery, so they survive a power loss if that assertion is right "
                                    "(asserted link)"));
  // The controller's facts are listed as what differs.
  BOOST_TEST(row(asserted.out, "controller 0 battery state") == "controller 0 battery state H720: ? | H730: optimal");
  BOOST_TEST(row(asserted.out, "controller 0 VD 0 policy write") == "controller 0 VD 0 policy write H720: ? | H730: write_back");

  const auto observed_only = compare(sides + h730_dumps);
  BOOST_TEST(observed_only.status == 0);
  BOOST_TEST(contains(observed_only.out, "which could not be tied to the imported run's disk: whether the flushes survive a power loss is unknown"));
  BOOST_TEST(!contains(observed_only.out, "so they survive a power loss"));
}

BOOST_AUTO_TEST_CASE(h730_against_h720_dd) {
  const auto r = compare("H720=" + seed("gnu-dd-pv-write-read-perc-h720.txt") + " H730=" + seed("gnu-dd-pv-write-read-perc-h730.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(row(r.out, "copy #1 throughput") == "copy #1 throughput 161.39 MB/s 220.52 MB/s +36.6 % faster, cannot tell noise (1 run per side)");
  BOOST_TEST(row(r.out, "copy #2 throughput") == "copy #2 throughput 163.72 MB/s 224.28 MB/s +37.0 % faster, cannot tell noise (1 run per side)");
}

BOOST_AUTO_TEST_CASE(openbsd_battery_on_and_off) {
  const auto r = compare("--format=markdown with=" + seed("bsd-dd-openbsd-altroot-with-bbu.txt") + " without=" +
                         seed("bsd-dd-openbsd-altroot-no-bbu.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, "| copy #1 | throughput | 22.525 MB/s | 7.8715 MB/s | -65.1 % slower, cannot tell noise (1 run per side) |"));
  const auto raw = compare("--format=csv with=" + seed("bsd-dd-openbsd-raw-writeback-no-bbu.txt") + " thru=" +
                           seed("bsd-dd-openbsd-raw-writethru-no-bbu.txt"));
  BOOST_TEST(raw.status == 0);
  BOOST_TEST(contains(raw.out, "test,metric,unit,better,side,runs,median,min,max,change_percent,word,noise\n"));
}

BOOST_AUTO_TEST_CASE(kernel_3_2_against_3_8_sysbench) {
  const auto r = compare("3.2=" + seed("sysbench-0.4.12-fileio-rndrw-kernel3.2.txt") + " 3.8=" + seed("sysbench-0.4.12-fileio-rndrw-kernel3.8.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(row(r.out, "rndrw requests_per_second") ==
             "rndrw requests_per_second 174.98 ops/s 209.51 ops/s +19.7 % faster, cannot tell noise (1 run per side)");
  BOOST_TEST(row(r.out, "rndrw latency_avg") == "rndrw latency_avg 5.660 ms 4.650 ms -17.8 % faster, cannot tell noise (1 run per side)");
  // The 1 against 8 threads cpu seed: the parameter that differs is listed.
  const auto cpu = compare(seed("sysbench-0.4.12-cpu-1thread.txt") + " " + seed("sysbench-0.4.12-cpu-8threads.txt"));
  BOOST_TEST(cpu.status == 0);
  BOOST_TEST(row(cpu.out, "cpu: threads") == "cpu: threads A: 1 | B: 8");
  BOOST_TEST(row(cpu.out, "cpu total_time") == "cpu total_time 21.189 s 4.354 s -79.5 % faster, cannot tell noise (1 run per side)");
}

BOOST_AUTO_TEST_CASE(repeated_runs_tell_noise_from_change) {
  // Three runs a side: the same capture thrice is no spread, and the other side's values lie outside it.
  const temp_dir dir;
  for (const char* side : {"a", "b", "c"}) std::filesystem::create_directory(dir / side);
  for (int i = 0; i < 3; ++i) {
    std::filesystem::copy_file(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/pg_test_fsync-9.1-perc-h720.txt", dir / "a" / std::to_string(i));
    std::filesystem::copy_file(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/pg_test_fsync-9.1-perc-h730.txt", dir / "b" / std::to_string(i));
  }
  // Side c spans both seeds: a range that swallows the change.
  std::filesystem::copy_file(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/pg_test_fsync-9.1-perc-h720.txt", dir / "c" / "0");
  std::filesystem::copy_file(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/pg_test_fsync-9.1-perc-h730.txt", dir / "c" / "1");
  std::filesystem::copy_file(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/pg_test_fsync-9.1-perc-h730.txt", dir / "c" / "2");
  const auto r = compare(quoted((dir / "a").string()) + " " + quoted((dir / "b").string()) + " " + quoted((dir / "c").string()));
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(row(r.out, "one_write/open_datasync ops_per_second"), "+15.2 % faster, beyond noise"));
  BOOST_TEST(contains(row(r.out, "one_write/open_datasync ops_per_second"), "+15.2 % faster, within noise"));
  BOOST_TEST(contains(r.out, "(21474.7 ops/s–24739.0 ops/s, 3 runs)"));
  // A quoted glob is one side too.
  const auto g = compare(quoted((dir / "a" / "*").string()) + " " + quoted((dir / "b" / "*").string()) + " --json");
  BOOST_TEST(g.status == 0, g.err);
  const auto j = nlohmann::json::parse(g.out);
  BOOST_TEST(j["schema"] == "raidbench.comparison");
  BOOST_TEST(j["sides"][0]["sources"].size() == 3u);
  BOOST_TEST(j["rows"][0]["sides"][1]["change"]["noise"] == "beyond noise");
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
                               quoted((dir / "scratch").string()) + " --json " + quoted((dir / (std::string(side) + ".json")).string()));
    BOOST_TEST_REQUIRE(ran.status == 0, ran.err);
  }
  const auto r = compare(quoted((dir / "a.json").string()) + " " + quoted((dir / "b.json").string()) + " --html " +
                         quoted((dir / "page.html").string()));
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "Comparison of raidbench sweep atto results, 2 sides:"));
  for (const char* point : {"write 4 KiB throughput ", "read 4 KiB throughput ", "write 8 KiB throughput ", "read 8 KiB throughput "})
    BOOST_TEST(!row(r.out, point).empty(), point);
  std::ifstream page(dir / "page.html");
  const std::string html((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  BOOST_TEST(contains(html, "<svg"));
  BOOST_TEST(contains(html, "data-series=\"A\""));
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
  BOOST_TEST(contains(row(back.out, "rndrw requests_per_second"), "+0.0 % same"));
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

BOOST_AUTO_TEST_SUITE_END()
