// Bad options and unusable paths: one line on stderr naming the problem, exit status 1, nothing left behind.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "../support/temp_dir.hpp"
#include "shell.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

namespace {

// stderr only; stdout goes away.
test::command_result errors_of(const fs::path& dir, const std::string& args) {
  return test::run_one("cd '" + dir.string() + "' && " RB_FSYNC " " + args + " 2>&1 >/dev/null");
}

void one_line_error(const fs::path& dir, const std::string& args, const std::string& expected) {
  const auto r = errors_of(dir, args);
  BOOST_TEST(r.status == 1, args);
  const auto lines = test::lines_of(r.output);
  BOOST_TEST_REQUIRE(lines.size() == 1u, args << ": " << r.output);
  BOOST_TEST(lines[0].rfind("rb-fsync: ", 0) == 0u, lines[0]);
  BOOST_TEST(lines[0].find(expected) != std::string::npos, lines[0] << " should say " << expected);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(options_test)

BOOST_AUTO_TEST_CASE(bad_options_give_one_line_and_status_1) {
  test::temp_dir dir;
  one_line_error(dir.path(), "-s 0", "--secs-per-test must be in range 1..4294967295");
  one_line_error(dir.path(), "-s abc", "invalid argument for option --secs-per-test: 'abc'");
  one_line_error(dir.path(), "-s -1", "invalid argument for option --secs-per-test");
  one_line_error(dir.path(), "-s 99999999999", "invalid argument for option --secs-per-test");
  one_line_error(dir.path(), "--secs-per-test=", "invalid argument for option --secs-per-test");
  one_line_error(dir.path(), "-s", "option -s needs a value");
  one_line_error(dir.path(), "--block-size=3k", "--block-size must be a power of two from 1k to 64k");
  one_line_error(dir.path(), "--block-size=128k", "--block-size must be a power of two");
  one_line_error(dir.path(), "--block-size=8x", "invalid size '8x'");
  one_line_error(dir.path(), "--bogus", "unknown option '--bogus'");
  one_line_error(dir.path(), "-x", "unknown option '-x'");
  one_line_error(dir.path(), "-s 1 extra", "too many command-line arguments (first is \"extra\")");
  one_line_error(dir.path(), "-f ''", "--filename needs a file name");
  one_line_error(dir.path(), "--controller-file=", "--controller-file needs a file name");
  one_line_error(dir.path(), "-s 1 --json --controller-file=/nonexistent/dump",
                 "cannot read /nonexistent/dump: No such file or directory");
  BOOST_TEST(fs::is_empty(dir.path()));
}

BOOST_AUTO_TEST_CASE(unusable_paths_give_one_line_and_leave_nothing) {
  test::temp_dir dir;
  one_line_error(dir.path(), "-s 1 -f missing/dir/file", "missing/dir/file: No such file or directory");
  fs::create_directory(dir / "a_directory");
  one_line_error(dir.path(), "-s 1 -f a_directory", "a_directory is not a regular file");
  one_line_error(dir.path(), "-s 1 -f /dev/null", "/dev/null is not a regular file");
  BOOST_TEST(fs::exists("/dev/null"));
  BOOST_TEST(fs::is_empty(dir / "a_directory"));
}

BOOST_AUTO_TEST_CASE(help_and_version_exit_0) {
  test::temp_dir dir;
  auto help = test::run_one("cd '" + dir.path().string() + "' && " RB_FSYNC " --help");
  BOOST_TEST(help.status == 0);
  BOOST_TEST(help.output.rfind("Usage: rb-fsync [-f FILENAME] [-s SECS-PER-TEST]", 0) == 0u, help.output);
  auto version = test::run_one(RB_FSYNC " -V");
  BOOST_TEST(version.status == 0);
  BOOST_TEST(version.output.find("pg_test_fsync (PostgreSQL) 15") != std::string::npos, version.output);
}

BOOST_AUTO_TEST_SUITE_END()
