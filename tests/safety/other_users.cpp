// On a shared server: a tool run by an ordinary user (here nobody, through setpriv) in a sticky,
// world-writable directory, as /tmp is, next to root's files it could write to (mode 0666). It
// reuses no file that is not its own, even one it may write; a path it may not write is one line
// naming the system error, found before the run; and nothing in the tree changes.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../support/refusals.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tree_snapshot.hpp"
#include "fileio_writes.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(other_users_test)

namespace {

using raidbench::test::refusal;

void plant(const fs::path& p, const std::string& text, fs::perms mode) {
  std::ofstream(p) << text;
  fs::permissions(p, mode);
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_ordinary_user_reuses_none_of_roots_files_and_writes_nowhere_it_may_not) {
  BOOST_TEST_REQUIRE(::geteuid() == 0u, "the safety tests run as root (they start the tools as nobody)");
  raidbench::test::temp_dir dir;
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  // Copies of the tools nobody can run wherever the build tree is (root's home may be closed to it).
  fs::create_directory(dir / "bin");
  for (const char* tool : {RB_RUN, RB_FILEIO, RB_FSYNC, RB_DD, RAIDBENCH_TOOL})
    fs::copy_file(tool, dir / "bin" / fs::path(tool).filename());
  const fs::path shared = dir / "shared";
  fs::create_directory(shared);
  fs::permissions(shared, fs::perms::all | fs::perms::sticky_bit);
  fs::create_directory(shared / "scratch");
  fs::permissions(shared / "scratch", fs::perms::all);
  fs::create_directory(dir / "closed");  // root's, 0755: nobody may not create anything in it
  const auto writable = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::group_write |
                        fs::perms::others_read | fs::perms::others_write;
  plant(shared / "test_file.0", std::string(1 << 20, 'r'), writable);
  plant(shared / "pg_test_fsync.out", "root's\n", writable);
  plant(shared / "scratch" / "rb-run.0", "root's\n", writable);
  plant(shared / "dd.out", "root's, not writable by others\n", fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);

  const std::string bin = "../bin/", fileio = bin + "rb-fileio --file-num=1 --file-total-size=1M ";
  const std::vector<refusal> cases = raidbench::test::with_fileio_writes({
      {bin + "rb-fsync -s 1", "rb-fsync: error: ./pg_test_fsync.out belongs to another user (uid 0)"},
      {bin + "rb-fsync -s 1 -f ../closed/f", "rb-fsync: error: could not open output file: Permission denied"},
      {bin + "rb-run --dir scratch --size 1M --time 1 --rw write --keep", "rb-run: scratch/rb-run.0 belongs to another user (uid 0)"},
      {bin + "rb-run --dir ../closed/x --size 1M --time 1", "rb-run: create ../closed/x: Permission denied"},
      {bin + "rb-dd if=/dev/zero of=dd.out count=1", "rb-dd: failed to open 'dd.out': Permission denied"},
      {bin + "raidbench --quick --size 16M --test-seconds 1 --dir ../closed/x", "raidbench: create ../closed/x: Permission denied"},
      {bin + "raidbench --quick --size 16M --test-seconds 1 --dir mine --report ../closed/r.json",
       "raidbench: --report: cannot write ../closed/r.json: Permission denied"},
  }, fileio, "FATAL: test_file.0 belongs to another user (uid 0)");
  // The tree the tools could touch (bin/ holds only the copies of the tools, tens of MB each).
  const auto snapshot = [&] {
    auto tree = raidbench::test::snapshot_tree(shared);
    for (auto& [path, what] : raidbench::test::snapshot_tree(dir / "closed")) tree["../closed/" + path] = what;
    return tree;
  };
  const auto before = snapshot();
  const std::string as_nobody = "cd '" + shared.string() + "' && setpriv --reuid=65534 --regid=65534 --clear-groups ";
  raidbench::test::check_refusals(as_nobody, cases, snapshot);
  // cleanup removes what is its own only: root's file stays, and it says so.
  const auto cleanup = raidbench::test::run_one(as_nobody + fileio + "cleanup 2>&1");
  BOOST_TEST(cleanup.status == 0, cleanup.output);
  BOOST_TEST(cleanup.output.find("rb-fileio: left test_file.0 alone: not a regular file of this user") != std::string::npos,
             cleanup.output);
  BOOST_TEST(raidbench::test::changes_between(before, snapshot()) == "");
}

BOOST_AUTO_TEST_SUITE_END()
