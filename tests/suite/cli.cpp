// raidbench's bad input: one line on stderr, exit 1, nothing left behind.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>

#include "../support/temp_dir.hpp"
#include "spawn.hpp"

using namespace raidbench::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(cli_test)

void expect_error(const std::vector<std::string>& args, const std::string& message) {
  temp_dir dir;
  std::vector<std::string> all{"--dir", (dir / "scratch").string(), "--report", (dir / "report.json").string()};
  all.insert(all.end(), args.begin(), args.end());
  const tool_run r = run_tool(RAIDBENCH_TOOL, all);
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench: " + message + "\n");
  BOOST_TEST(r.out.empty());
  BOOST_TEST(!fs::exists(dir / "scratch"));
  BOOST_TEST(!fs::exists(dir / "report.json"));
}

BOOST_AUTO_TEST_CASE(bad_options) {
  expect_error({"--bogus"}, "unknown option '--bogus' (see --help)");
  expect_error({"--quick", "--full"}, "--quick and --full exclude each other");
  expect_error({"--size", "12x"}, "--size: invalid size '12x': unknown unit 'x' (use k, M, G, T, KiB, MB…)");
  expect_error({"--size", "1000k"}, "--size must be a whole number of MiB, at least 1 MiB");
  expect_error({"--test-seconds", "-1"}, "--test-seconds: '-1' is not a number of seconds above 0");
  expect_error({"--controller-file", "/nonexistent/dump.txt"}, "--controller-file: cannot read /nonexistent/dump.txt: No such file or directory");
  expect_error({"--size"}, "--size needs a value");
}

BOOST_AUTO_TEST_CASE(dir_that_is_a_file_and_files_that_exist) {
  temp_dir dir;
  std::ofstream(dir / "file") << "x";
  tool_run r = run_tool(RAIDBENCH_TOOL, {"--dir", (dir / "file").string(), "--report", (dir / "r.json").string()});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench: --dir " + (dir / "file").string() + ": not a directory\n");

  fs::create_directory(dir / "scratch");
  std::ofstream(dir / "scratch" / "seq.dat") << "someone else's";
  r = run_tool(RAIDBENCH_TOOL, {"--dir", (dir / "scratch").string(), "--report", (dir / "r.json").string()});
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
