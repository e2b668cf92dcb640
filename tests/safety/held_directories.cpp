// A tool holds the directory it works in from its start to its end: the directory swapped for a
// link to another one while the tool runs carries none of its writes or removals there, and its
// clean-up removes only files it created itself, not one another user put under one of its names
// meanwhile. Root's decoy files of the same names wait outside; every byte of them is compared.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tool_process.hpp"
#include "../support/tree_snapshot.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(held_directories_test)

namespace {

using raidbench::test::changes_between;
using raidbench::test::snapshot_tree;
using raidbench::test::tool_process;

// Root's files under the names a tool uses, in `decoy`.
void plant_decoys(const fs::path& decoy, std::initializer_list<const char*> names) {
  fs::create_directory(decoy);
  for (const char* name : names) std::ofstream(decoy / name) << "root's " << name << ", not the tool's\n";
}

// The directory `dir` goes (renamed to `moved`) and a link to `decoy` takes its name.
void swap_for_link(const fs::path& dir, const fs::path& moved, const fs::path& decoy) {
  fs::rename(dir, moved);
  fs::create_directory_symlink(decoy, dir);
}

bool is_there(const fs::path& p) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(p, ec));
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(raidbench_keeps_to_its_directory_when_it_is_swapped_for_a_link_mid_run) {
  raidbench::test::temp_dir dir;
  plant_decoys(dir / "decoy", {"seq.dat", "commit.dat", "rndrw.0"});
  fs::create_directory(dir / "D");
  BOOST_TEST_REQUIRE(::chown((dir / "D").c_str(), 65534, 65534) == 0);  // a user's directory, root's run
  const auto before = snapshot_tree(dir / "decoy");
  tool_process suite(dir.path(), {RAIDBENCH_TOOL, "--quick", "--size", "1M", "--test-seconds", "0.25", "--no-controller",
                                  "--no-progress", "--dir", "D", "--report", (dir / "report.json").string()});
  // The commit tests run on commit.dat: once it is there, the sequential tests are over and the
  // commit tests and the file set are still to come.
  BOOST_TEST_REQUIRE(suite.wait_until([&] { return is_there(dir / "D" / "commit.dat"); }));
  swap_for_link(dir / "D", dir / "moved", dir / "decoy");
  const auto e = suite.wait();
  BOOST_TEST(!e.by_signal);
  BOOST_TEST(e.code == 0, e.err);
  BOOST_TEST(e.out.find("rndrw 16 KiB fsync/100") != std::string::npos, e.out);  // every test ran, in the held directory
  BOOST_TEST(changes_between(before, snapshot_tree(dir / "decoy")) == "");
  BOOST_TEST(fs::is_empty(dir / "moved"), "raidbench's own files are left in the directory it held");
  BOOST_TEST(fs::is_symlink(dir / "D"));
}

BOOST_AUTO_TEST_CASE(rb_fsync_removes_its_file_from_the_directory_it_held_not_through_the_link) {
  raidbench::test::temp_dir dir;
  plant_decoys(dir / "decoy", {"f"});
  fs::create_directory(dir / "D");
  const auto before = snapshot_tree(dir / "decoy");
  tool_process fsync(dir.path(), {RB_FSYNC, "-s", "1", "-f", "D/f"});
  BOOST_TEST_REQUIRE(fsync.wait_until([&] { return count(fsync.out(), "ops/sec") >= 1; }));
  swap_for_link(dir / "D", dir / "moved", dir / "decoy");
  // A whole test after the swap, then the interrupt: the file is removed as pg_test_fsync removes it.
  BOOST_TEST_REQUIRE(fsync.wait_until([&] { return count(fsync.out(), "ops/sec") >= 2; }));
  fsync.signal(SIGINT);
  const auto e = fsync.wait();
  BOOST_TEST(!e.by_signal);
  BOOST_TEST(e.code == SIGINT, e.err);  // pg_test_fsync 15: exit(signal number)
  BOOST_TEST(changes_between(before, snapshot_tree(dir / "decoy")) == "");
  BOOST_TEST(fs::is_empty(dir / "moved"));
}

// In a shared directory (sticky and world-writable, as /tmp) another user creates a file under a
// name raidbench will use later (the file set's rndrw.5) while raidbench runs; raidbench is
// interrupted before it gets there. Its clean-up removes what it created, and that file stays.
BOOST_AUTO_TEST_CASE(another_users_file_under_one_of_its_names_survives_the_clean_up_after_sigint) {
  raidbench::test::temp_dir dir;
  const fs::path shared = dir / "shared";
  fs::create_directory(shared);
  fs::permissions(shared, fs::perms::all | fs::perms::sticky_bit);
  tool_process suite(dir.path(), {RAIDBENCH_TOOL, "--quick", "--size", "8M", "--test-seconds", "20", "--no-controller",
                                  "--no-progress", "--dir", "shared", "--report", (dir / "report.json").string()});
  BOOST_TEST_REQUIRE(suite.wait_until([&] { return is_there(shared / "commit.dat"); }));
  std::ofstream(shared / "rndrw.5") << "nobody's\n";
  BOOST_TEST_REQUIRE(::chown((shared / "rndrw.5").c_str(), 65534, 65534) == 0);
  const auto before = snapshot_tree(shared);
  BOOST_TEST_REQUIRE(before.size() == 2u);  // commit.dat and rndrw.5
  suite.signal(SIGINT);
  const auto e = suite.wait();
  BOOST_TEST(!e.by_signal);
  BOOST_TEST(e.code == 128 + SIGINT, e.err);
  const auto after = snapshot_tree(shared);
  BOOST_TEST(after.size() == 1u);  // its commit.dat gone
  BOOST_TEST(after.at("rndrw.5") == before.at("rndrw.5"));
  BOOST_TEST(raidbench::test::slurp(shared / "rndrw.5") == "nobody's\n");
}

BOOST_AUTO_TEST_SUITE_END()
