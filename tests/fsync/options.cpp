// Bad options and unusable paths: the words, stream and exit status of pg_test_fsync 15 (run side by
// side, rb-fsync linked as pg_test_fsync), nothing left behind; rb-fsync's own options in the same style.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

#include "../support/temp_dir.hpp"
#include "shell.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

namespace {

// stderr only (stdout goes away), with the program's path as invoked replaced by PROGRAM.
test::command_result errors_of(const fs::path& dir, const std::string& program, const std::string& args) {
  auto r = test::run_one("cd '" + dir.string() + "' && " + program + " " + args + " 2>&1 >/dev/null");
  for (std::size_t at; (at = r.output.find(program)) != std::string::npos;) r.output.replace(at, program.size(), "PROGRAM");
  return r;
}

void error_and_hint(const fs::path& dir, const std::string& args, const std::string& expected) {
  const auto r = errors_of(dir, RB_FSYNC, args);
  BOOST_TEST(r.status == 1, args);
  const auto lines = test::lines_of(r.output);
  BOOST_TEST_REQUIRE(lines.size() == 2u, args << ": " << r.output);
  BOOST_TEST(lines[0] == "rb-fsync: error: " + expected);
  BOOST_TEST(lines[1] == "rb-fsync: hint: Try \"rb-fsync --help\" for more information.");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(options_test)

// Every case fails at once in both tools, so nothing here waits on a test's seconds.
BOOST_AUTO_TEST_CASE(bad_arguments_and_paths_as_pg_test_fsync_says_them) {
  BOOST_TEST_REQUIRE(fs::exists(PG_TEST_FSYNC), "install postgresql-15 (scripts/install-deps.sh)");
  test::temp_dir pg_dir, rb_dir, bin;
  fs::create_symlink(RB_FSYNC, bin / "pg_test_fsync");
  const std::string rb = (bin / "pg_test_fsync").string();
  for (const auto& dir : {pg_dir.path(), rb_dir.path()}) fs::create_directory(dir / "a_directory");
  for (const char* args : {"-s 0", "-s abc", "--secs-per-test a", "-s -1", "-s 99999999999", "-s 5x", "-s ' 7' extra",
                           "--secs-per-test=", "-s", "-f", "--bogus", "-x", "--filename", "-s 1 extra",
                           "-s 1 -f missing/dir/file", "-s 1 -f ''", "-s 1 -f a_directory"}) {
    const auto pg = errors_of(pg_dir.path(), PG_TEST_FSYNC, args), ours = errors_of(rb_dir.path(), rb, args);
    BOOST_TEST(ours.output == pg.output, args);
    BOOST_TEST(ours.status == pg.status, args);
    BOOST_TEST(ours.status == 1, args);
  }
  for (const auto& dir : {pg_dir.path(), rb_dir.path()}) {
    BOOST_TEST(fs::is_empty(dir / "a_directory"));
    fs::remove(dir / "a_directory");
    BOOST_TEST(fs::is_empty(dir));
  }
}

BOOST_AUTO_TEST_CASE(own_options_give_an_error_a_hint_and_status_1) {
  test::temp_dir dir;
  error_and_hint(dir.path(), "--block-size=3k", "--block-size must be a power of two from 1k to 64k, as PostgreSQL's WAL blocks, not '3k'");
  error_and_hint(dir.path(), "--block-size=128k", "--block-size must be a power of two from 1k to 64k, as PostgreSQL's WAL blocks, not '128k'");
  error_and_hint(dir.path(), "--block-size=8x", "invalid size '8x': unknown unit 'x' (use k, M, G, T, KiB, MB…)");
  error_and_hint(dir.path(), "--controller-file=", "--controller-file needs a file name");
  const auto dump = errors_of(dir.path(), RB_FSYNC, "-s 1 --json --controller-file=/nonexistent/dump");
  BOOST_TEST(dump.status == 1);
  BOOST_TEST(dump.output == "rb-fsync: error: cannot read /nonexistent/dump: No such file or directory\n");
  BOOST_TEST(fs::is_empty(dir.path()));
}

// pg_test_fsync would write to /dev/null and then unlink it (as root, the device node goes); rb-fsync
// refuses anything but a regular file or a new name, after the header as pg_test_fsync's open errors.
BOOST_AUTO_TEST_CASE(a_device_is_refused_and_left_alone) {
  test::temp_dir dir;
  const auto r = errors_of(dir.path(), RB_FSYNC, "-s 1 -f /dev/null");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.output == "rb-fsync: error: /dev/null is not a regular file; rb-fsync writes a test file there and removes it\n");
  BOOST_TEST(fs::is_character_file("/dev/null"));
  BOOST_TEST(fs::is_empty(dir.path()));
}

BOOST_AUTO_TEST_CASE(help_and_version_exit_0_on_stdout) {
  test::temp_dir dir;
  auto help = test::run_one("cd '" + dir.path().string() + "' && " RB_FSYNC " --help 2>/dev/null");
  BOOST_TEST(help.status == 0);
  BOOST_TEST(help.output.rfind("Usage: rb-fsync [-f FILENAME] [-s SECS-PER-TEST]", 0) == 0u, help.output);
  auto version = test::run_one(RB_FSYNC " -V 2>/dev/null");
  BOOST_TEST(version.status == 0);
  BOOST_TEST(version.output.find("pg_test_fsync (PostgreSQL) 15") != std::string::npos, version.output);
}

BOOST_AUTO_TEST_SUITE_END()
