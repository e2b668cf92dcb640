// raidbench's command line: a usage error is one line on stderr and exit status 2, other bad input
// one line and exit 1, nothing left behind; the spellings of an option and of the report.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "spawn.hpp"

using namespace raidbench::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(cli_test)

// A usage error: one line on stderr, exit status 2, nothing on stdout, nothing created.
void expect_usage_error(const std::vector<std::string>& args, const std::string& message) {
  temp_dir dir;
  std::vector<std::string> all{"--dir", (dir / "scratch").string(), "--report", (dir / "report.json").string()};
  all.insert(all.end(), args.begin(), args.end());
  const tool_run r = run_tool(RAIDBENCH_TOOL, all);
  BOOST_TEST(r.exit_code == 2, args.front() << ": " << r.err);
  BOOST_TEST(r.err == "raidbench: " + message + " (see --help)\n");
  BOOST_TEST(r.out.empty());
  BOOST_TEST(!fs::exists(dir / "scratch"));
  BOOST_TEST(!fs::exists(dir / "report.json"));
}

BOOST_AUTO_TEST_CASE(bad_options) {
  expect_usage_error({"--bogus"}, "unknown option '--bogus'");
  expect_usage_error({"stray"}, "unexpected argument 'stray'");
  expect_usage_error({"--quick", "--full"}, "--quick and --full exclude each other");
  expect_usage_error({"--size", "12x"}, "--size: '12x' is not a size (invalid size '12x': unknown unit 'x' (use k, M, G, T, KiB, MB…))");
  expect_usage_error({"--size", "1000k"}, "--size: '1000k' is not a size from 1 MiB to 1 PiB");
  expect_usage_error({"--size", "1537k"}, "--size must be a whole number of MiB, at least 1 MiB");
  expect_usage_error({"--size", "2P"}, "--size: '2P' is not a size from 1 MiB to 1 PiB");
  expect_usage_error({"--test-seconds", "-1"}, "--test-seconds: '-1' is not a decimal number from 0.001 to 86400");
  expect_usage_error({"--test-seconds", "0x10"}, "--test-seconds: '0x10' is not a decimal number from 0.001 to 86400");
  expect_usage_error({"--test-seconds=1e20"}, "--test-seconds: '1e20' is not a decimal number from 0.001 to 86400");
  expect_usage_error({"--test-seconds", "inf"}, "--test-seconds: 'inf' is not a decimal number from 0.001 to 86400");
  expect_usage_error({"--size"}, "--size needs a value");
  expect_usage_error({"--max-rounds", "4"}, "--max-rounds: '4' is not a whole number from 5 to 1000");
  expect_usage_error({"--ramp", "soon"}, "--ramp: 'soon' is not a decimal number from 0 to 86400");
  expect_usage_error({"--ramp", "0x10"}, "--ramp: '0x10' is not a decimal number from 0 to 86400");
  expect_usage_error({"--repeat", "101"}, "--repeat: '101' is not a whole number from 1 to 100");
  expect_usage_error({"--journal-batch", "0"}, "--journal-batch: '0' is not a whole number from 1 to 1000000");
  expect_usage_error({"--verify-payload", "ones"}, "--verify-payload: 'ones' is not one of random, compressible, zero");
  expect_usage_error({"--json", "r.json"}, "unexpected argument 'r.json' (--json takes its file attached: --json=r.json)");
  expect_usage_error({"--json="}, "--json= needs a file name");
  expect_usage_error({"--json=r.json"}, "--report and --json=FILE both name the report: give one");
}

BOOST_AUTO_TEST_CASE(a_dump_that_cannot_be_read_is_one_line_and_exit_1) {
  temp_dir dir;
  const tool_run r = run_tool(RAIDBENCH_TOOL, {"--dir", (dir / "scratch").string(), "--controller-file", "/nonexistent/dump.txt"});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench: --controller-file: cannot read /nonexistent/dump.txt: No such file or directory\n");
  BOOST_TEST(!fs::exists(dir / "scratch"));
}

BOOST_AUTO_TEST_CASE(version_and_help) {
  const tool_run version = run_tool(RAIDBENCH_TOOL, {"--version"});
  BOOST_TEST(version.exit_code == 0);
  BOOST_TEST(version.out.starts_with("raidbench "), version.out);
  BOOST_TEST(version.out.ends_with(")\n"), version.out);
  const tool_run help = run_tool(RAIDBENCH_TOOL, {"--help"});
  BOOST_TEST(help.exit_code == 0);
  for (const char* part : {"Usage: raidbench [OPTIONS]", "  --test-seconds SECONDS ", "  --report FILE ", "--json=FILE", "raidbench sweep --help"})
    BOOST_TEST(help.out.find(part) != std::string::npos, part);
}

// "--name value" and "--name=value" are the same options; --json=FILE is --report FILE, and the text
// still goes to stdout; --json alone prints the report on stdout instead and writes no file.
BOOST_AUTO_TEST_CASE(spellings_of_the_options_and_of_the_report) {
  temp_dir dir;
  const std::vector<std::string> quick{"--quick", "--no-controller", "--no-progress"};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.begin(), quick.begin(), quick.end());
    return run_tool(RAIDBENCH_TOOL, args);
  };
  const tool_run separate = with({"--dir", (dir / "a").string(), "--size", "2M", "--test-seconds", "0.05", "--repeat", "1",
                                  "--report", (dir / "a.json").string()});
  const tool_run attached = with({"--dir=" + (dir / "b").string(), "--size=2M", "--test-seconds=0.05", "--repeat=1",
                                  "--json=" + (dir / "b.json").string()});
  BOOST_TEST_REQUIRE(separate.exit_code == 0, separate.err);
  BOOST_TEST_REQUIRE(attached.exit_code == 0, attached.err);
  BOOST_TEST(attached.out.find("\nreport written to " + (dir / "b.json").string() + "\n") != std::string::npos, attached.out);
  std::ifstream a_in(dir / "a.json"), b_in(dir / "b.json");
  const auto a = nlohmann::json::parse(a_in), b = nlohmann::json::parse(b_in);
  for (const char* field : {"mode", "repeat", "rounds"}) BOOST_TEST(a.at(field) == b.at(field), field);
  BOOST_TEST_REQUIRE(a.at("tests").size() == b.at("tests").size());
  for (std::size_t i = 0; i < a.at("tests").size(); ++i) {
    BOOST_TEST(a.at("tests")[i].at("name") == b.at("tests")[i].at("name"));
    // The same workload, in another directory.
    auto wa = a.at("tests")[i].at("result").at("workload"), wb = b.at("tests")[i].at("result").at("workload");
    wa.erase("path"), wb.erase("path");
    BOOST_TEST(wa == wb, a.at("tests")[i].at("name"));
  }

  const tool_run on_stdout = run_tool(RAIDBENCH_TOOL, {"--quick", "--no-controller", "--no-progress", "--size", "1M", "--test-seconds",
                                                       "0.05", "--dir", (dir / "c").string(), "--json"});
  BOOST_TEST_REQUIRE(on_stdout.exit_code == 0, on_stdout.err);
  BOOST_TEST(nlohmann::json::parse(on_stdout.out).at("tests").size() == 9u);
  BOOST_TEST(!fs::exists("report.json"));  // in the test's working directory: no file without --report
}

// Without --report, each run writes report-HOST-TIME.json, and report.json is a copy of the latest
// (a regular file, not a link); files smaller than RAM are said at the start unless --direct, which
// opens the random tests' files with O_DIRECT. The report records its sizes and build.
BOOST_AUTO_TEST_CASE(default_report_names_and_direct) {
  temp_dir dir;
  auto in_dir = [&](const std::string& extra) {
    return run_tool("/bin/sh", {"-c", "cd '" + dir.path().string() + "' && exec '" RAIDBENCH_TOOL "' --quick --no-controller "
                                      "--no-progress --size 2M --test-seconds 0.05 --dir s " + extra});
  };
  const tool_run first = in_dir("");
  BOOST_TEST_REQUIRE(first.exit_code == 0, first.err);
  BOOST_TEST(first.err.starts_with("raidbench: the random tests' files (2 MiB) are smaller than RAM ("), first.err);
  BOOST_TEST(first.err.find("--direct runs them with O_DIRECT") != std::string::npos, first.err);
  const tool_run second = in_dir("--direct");
  BOOST_TEST_REQUIRE(second.exit_code == 0, second.err);
  BOOST_TEST(second.err.find("smaller than RAM") == std::string::npos, second.err);

  std::vector<fs::path> reports;
  for (const auto& e : fs::directory_iterator(dir.path()))
    if (e.path().filename().string().starts_with("report-")) reports.push_back(e.path());
  std::sort(reports.begin(), reports.end());
  BOOST_TEST_REQUIRE(reports.size() == 2u);
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  // Two runs within one second: the second name gets "-2".
  const std::regex named("report-" + std::string(host) + R"(-\d{8}T\d{6}Z(-2)?\.json)");
  for (const auto& r : reports) BOOST_TEST(std::regex_match(r.filename().string(), named), r.filename().string());
  const fs::path latest = dir / "report.json";
  BOOST_TEST(fs::is_regular_file(fs::symlink_status(latest)));
  auto read = [](const fs::path& p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
  };
  const auto newest = read(latest);
  BOOST_TEST((newest == read(reports[0]) || newest == read(reports[1])));
  BOOST_TEST(newest.at("sizes").at("random_direct") == true);
  BOOST_TEST(second.out.find("report written to ./report-" + std::string(host) + "-") != std::string::npos, second.out);
  BOOST_TEST(second.out.find(" (the latest also in ./report.json)\n") != std::string::npos, second.out);

  const auto older = read(reports[0]) == newest ? read(reports[1]) : read(reports[0]);
  BOOST_TEST(older.at("sizes") == nlohmann::json::parse(R"({"sequential_bytes": 2097152, "file_set_bytes": 2097152,
      "file_set_files": 2, "commit_seconds": 0.05, "random_seconds": 0.05, "random_direct": false})"));
  BOOST_TEST(older.at("build").at("version") == "0.1.0");
  for (const auto& t : newest.at("tests")) {
    const std::string name = t.at("name"), flags = t.at("result").at("workload").at("open_flags");
    if (name.starts_with("rnd")) BOOST_TEST(flags.find("direct") != std::string::npos, name);
  }
  for (const auto& t : older.at("tests"))
    if (t.at("name").get<std::string>().starts_with("rnd")) BOOST_TEST(t.at("result").at("workload").at("open_flags") == "none");
}

// --steady runs the random tests in rounds until steady or --max-rounds; --ramp's warm-up is not counted.
BOOST_AUTO_TEST_CASE(steady_and_ramp) {
  temp_dir dir;
  const tool_run r = run_tool(RAIDBENCH_TOOL, {"--quick", "--size", "16M", "--test-seconds", "0.25", "--steady",
                                               "--max-rounds", "6", "--ramp", "0.05", "--no-controller", "--dir",
                                               (dir / "s").string(), "--report", (dir / "r.json").string()});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.find("\nsteady state (SNIA PTS; rounds of a fifth of the test's time until steady, at most 6, "
                        "after a 0.05 s ramp not counted):\n") != std::string::npos);
  BOOST_TEST(r.err.find("] rndrd 16 KiB (ramp, not counted)\n") != std::string::npos);
  std::ifstream in(dir / "r.json");
  const auto j = nlohmann::json::parse(in);
  for (const auto& t : j.at("tests")) {
    if (t.at("steady_state").is_null()) continue;
    const auto rounds = t.at("steady_state").at("rounds").size();
    BOOST_TEST((rounds >= 5u && rounds <= 6u));
    // Fewer than the budget only when steady.
    if (rounds < 6u) BOOST_TEST(t.at("steady_state").at("steady").get<bool>());
  }
}

// --verify: the random tests' file set stamped and checked, re-read at the end, the journal removed
// with it; the report says so in text and JSON, and the JSON still validates.
BOOST_AUTO_TEST_CASE(verify_checks_the_file_set) {
  temp_dir dir;
  const tool_run r = run_tool(RAIDBENCH_TOOL, {"--quick", "--size", "4M", "--test-seconds", "0.1", "--verify", "--no-controller",
                                               "--no-progress", "--dir", (dir / "s").string(), "--report", (dir / "r.json").string()});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.find("verify: final pass re-read 256 blocks (4 MiB)") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("verify: no errors\n") != std::string::npos);
  BOOST_TEST(!fs::exists(dir / "s"));
  const std::string validate = "/usr/bin/python3 -c \"import json,jsonschema,sys; jsonschema.validate(json.load(open(sys.argv[1])), "
                               "json.load(open(sys.argv[2])))\" '" + (dir / "r.json").string() + "' '" RAIDBENCH_SUITE_SCHEMA "'";
  BOOST_TEST(std::system(validate.c_str()) == 0);
  std::ifstream in(dir / "r.json");
  const auto v = nlohmann::json::parse(in).at("verification");
  BOOST_TEST(v.at("errors").at("total") == 0);
  BOOST_TEST(v.at("checked_blocks").get<int>() > 0);
  BOOST_TEST(v.at("journal").at("kept") == false);
}

// --repeat N: each test N times in a row, the median run in the table and every run in the report.
BOOST_AUTO_TEST_CASE(repeat_reports_every_run_and_the_spread) {
  temp_dir dir;
  const tool_run r = run_tool(RAIDBENCH_TOOL, {"--quick", "--size", "4M", "--test-seconds", "0.1", "--repeat", "3", "--no-controller",
                                               "--no-progress", "--dir", (dir / "s").string(), "--report", (dir / "r.json").string()});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.find("ops/s range  latency of\n") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("each row is the run with the median ops/s; ops/s range = (max - min) / median of the runs\n") != std::string::npos);
  std::ifstream in(dir / "r.json");
  const auto j = nlohmann::json::parse(in);
  BOOST_TEST(j.at("repeat") == 3);
  BOOST_TEST(j.at("tests").size() == 9u);
  for (const auto& t : j.at("tests")) {
    BOOST_TEST(t.at("runs").size() == 3u);
    // Each run's start, in order: rb-compare tells a drift by them.
    const auto& started = t.at("run_started_at");
    BOOST_TEST_REQUIRE(started.size() == 3u);
    BOOST_TEST(started[0].get<double>() > 1.7e9);
    BOOST_TEST(started[0].get<double>() <= started[1].get<double>());
    BOOST_TEST(started[1].get<double>() <= started[2].get<double>());
    const auto& ops = t.at("spread").at("ops_per_second");
    BOOST_TEST(ops.at("min").get<double>() <= ops.at("median").get<double>());
    BOOST_TEST(ops.at("median").get<double>() <= ops.at("max").get<double>());
    // The test's own figures are the median run's.
    BOOST_TEST(t.at("ops_per_second").get<double>() == ops.at("median").get<double>(), boost::test_tools::tolerance(1e-9));
  }
  const tool_run bad = run_tool(RAIDBENCH_TOOL, {"--repeat", "0"});
  BOOST_TEST(bad.exit_code == 2);
  BOOST_TEST(bad.err == "raidbench: --repeat: '0' is not a whole number from 1 to 100 (see --help)\n");
}

BOOST_AUTO_TEST_CASE(dir_that_is_a_file_and_files_that_exist) {
  temp_dir dir;
  std::ofstream(dir / "file") << "x";
  tool_run r = run_tool(RAIDBENCH_TOOL, {"--dir", (dir / "file").string(), "--report", (dir / "r.json").string()});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench: --dir " + (dir / "file").string() + ": not a directory\n");

  fs::create_directory(dir / "scratch");
  std::ofstream(dir / "scratch" / "seq.dat") << "someone else's";
  // --direct: without it, files smaller than RAM are said first.
  r = run_tool(RAIDBENCH_TOOL, {"--dir", (dir / "scratch").string(), "--report", (dir / "r.json").string(), "--direct"});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench: " + (dir / "scratch" / "seq.dat").string() +
                          " exists already; raidbench only writes files it creates\n");
  BOOST_TEST(fs::exists(dir / "scratch" / "seq.dat"));  // never removed: not ours
}

BOOST_AUTO_TEST_CASE(garbage_controller_file) {
  temp_dir dir;
  std::ofstream(dir / "dump.txt") << "hello\n";
  const tool_run r = run_tool(RAIDBENCH_TOOL, {"--dir", (dir / "s").string(), "--controller-file", (dir / "dump.txt").string()});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err.starts_with("raidbench: --controller-file: " + (dir / "dump.txt").string() + ": "));
  BOOST_TEST(!fs::exists(dir / "s"));
}

BOOST_AUTO_TEST_SUITE_END()
