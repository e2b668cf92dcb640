// A link planted under a name a tool writes is refused, whatever it points at (a file, nothing),
// the file behind it keeps every byte, and the tool's clean-up leaves the link alone.
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../fsync/shell.hpp"
#include "../support/refusals.hpp"
#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tree_snapshot.hpp"
#include "fileio_writes.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(links_test)

namespace {

using raidbench::test::changes_between;
using raidbench::test::snapshot_tree;

// Runs `command` in `dir` with stderr joined to stdout.
raidbench::test::command_result run_in(const fs::path& dir, const std::string& command) {
  return raidbench::test::run_one("cd '" + dir.string() + "' && " + command + " 2>&1");
}

const std::string secret = "not raidbench's data\n";

}  // namespace

BOOST_AUTO_TEST_CASE(rb_run_refuses_a_link_to_another_file_and_leaves_both) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "victim") << secret;
  fs::create_directory(dir / "scratch");
  fs::create_symlink("../victim", dir / "scratch" / "rb-run.0");
  const auto before = snapshot_tree(dir.path());
  for (const char* rw : {"write", "randwrite", "randrw"}) {
    const auto r = run_in(dir.path(), std::string(RB_RUN) + " --dir scratch --size 1M --time 1 --rw " + rw);
    BOOST_TEST(r.status == 1, rw << ": " << r.output);
    BOOST_TEST(r.output.find("rb-run.0 is a symbolic link; raidbench does not write through links") != std::string::npos,
               rw << ": " << r.output);
    BOOST_TEST(changes_between(before, snapshot_tree(dir.path())) == "", rw);
  }
}

BOOST_AUTO_TEST_CASE(rb_run_and_raidbench_create_nothing_through_a_dangling_link) {
  raidbench::test::temp_dir dir;
  fs::create_directory(dir / "scratch");
  fs::create_symlink("../outside", dir / "scratch" / "rb-run.0");
  fs::create_symlink("../outside", dir / "scratch" / "seq.dat");
  const auto before = snapshot_tree(dir.path());
  const auto run = run_in(dir.path(), std::string(RB_RUN) + " --dir scratch --size 1M --time 1 --rw write");
  BOOST_TEST(run.status == 1, run.output);
  BOOST_TEST(run.output.find("is a symbolic link") != std::string::npos, run.output);
  const auto suite = run_in(dir.path(), std::string(RAIDBENCH_TOOL) + " --quick --size 16M --test-seconds 1 --dir scratch");
  BOOST_TEST(suite.status != 0, suite.output);
  BOOST_TEST(suite.output.find("seq.dat exists already") != std::string::npos, suite.output);
  BOOST_TEST(changes_between(before, snapshot_tree(dir.path())) == "");  // no "outside", both links as they were
}

// The default scratch directory is a name the tool chose: a link planted under it (pointing at
// root's files of the same names) is refused, by every tool that uses it. A link the user names
// with --dir is the user's own and followed, once.
BOOST_AUTO_TEST_CASE(a_link_planted_as_the_default_scratch_directory_is_refused) {
  raidbench::test::temp_dir dir;
  fs::create_directory(dir / "decoy");
  for (const char* name : {"seq.dat", "commit.dat", "rndrw.0", "rb-run.0", "sweep.dat"})
    std::ofstream(dir / "decoy" / name) << secret;
  fs::create_directory_symlink("decoy", dir / "raidbench-scratch");
  const std::string refused = "./raidbench-scratch is a symbolic link; raidbench follows a link to its directory only when "
                              "the user names the directory with --dir";
  raidbench::test::check_refusals(
      "cd '" + dir.path().string() + "' && ",
      {{std::string(RAIDBENCH_TOOL) + " --quick --size 1M --test-seconds 0.2 --no-controller", "raidbench: " + refused},
       {std::string(RAIDBENCH_TOOL) + " sweep atto --quick --size 1M", "raidbench: " + refused},
       {std::string(RB_RUN) + " --size 1M --time 0.2", "rb-run: " + refused}},
      [&] { return raidbench::test::snapshot_tree(dir.path()); });
  fs::remove(dir / "decoy" / "rb-run.0");
  const auto named = run_in(dir.path(), std::string(RB_RUN) + " --dir raidbench-scratch --size 1M --time 0.2 --rw randrw");
  BOOST_TEST(named.status == 0, named.output);
  BOOST_TEST(!fs::exists(dir / "decoy" / "rb-run.0"));  // created in the directory behind the link, and removed
  BOOST_TEST(fs::is_symlink(dir / "raidbench-scratch"));
}

// A hard link is another name for the same file, wherever that is: no tool writes to a file with
// one. rb-fsync refuses it as its -f file, where pg_test_fsync would overwrite the other file with
// 16 MiB (docs/fsync.md).
BOOST_AUTO_TEST_CASE(every_tool_refuses_a_hard_linked_file_under_its_name) {
  raidbench::test::temp_dir dir;
  fs::create_directory(dir / "elsewhere");
  std::ofstream(dir / "elsewhere" / "data") << secret << std::string(1 << 20, 'x');
  fs::create_directory(dir / "scratch");
  for (const char* name : {"f", "test_file.0", "scratch/rb-run.0"}) fs::create_hard_link(dir / "elsewhere" / "data", dir / name);
  const std::string fileio = std::string(RB_FILEIO) + " --file-num=1 --file-total-size=1M ";
  const std::string why = " has 4 hard links; raidbench does not write to a file that has other names";
  raidbench::test::check_refusals("cd '" + dir.path().string() + "' && ", raidbench::test::with_fileio_writes({
      {std::string(RB_FSYNC) + " -s 1 -f f", "rb-fsync: error: f" + why},
      {std::string(RB_RUN) + " --dir scratch --size 1M --time 0.2 --rw randrw --keep", "rb-run: scratch/rb-run.0" + why},
  }, fileio, "FATAL: test_file.0" + why), [&] { return snapshot_tree(dir.path()); });
}

BOOST_AUTO_TEST_CASE(a_fifo_under_the_name_is_refused_without_waiting_on_it) {
  raidbench::test::temp_dir dir;
  fs::create_directory(dir / "scratch");
  BOOST_TEST_REQUIRE(::mkfifo((dir / "scratch" / "rb-run.0").c_str(), 0600) == 0);
  const auto r = run_in(dir.path(), "timeout 20 " + std::string(RB_RUN) + " --dir scratch --size 1M --time 1 --rw write");
  BOOST_TEST(r.status == 1, r.output);  // 124 would be a hang in open()
  BOOST_TEST(r.output.find("rb-run.0 is not a regular file") != std::string::npos, r.output);
  BOOST_TEST(fs::is_fifo(dir / "scratch" / "rb-run.0"));
}

BOOST_AUTO_TEST_CASE(rb_fileio_prepare_run_and_cleanup_leave_a_link_and_its_target_alone) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "victim") << secret << std::string(1 << 20, 'x');
  fs::create_symlink("victim", dir / "test_file.0");
  const auto before = snapshot_tree(dir.path());
  const std::string fileio = std::string(RB_FILEIO) + " --file-num=1 --file-total-size=1M ";

  const auto prepare = run_in(dir.path(), fileio + "prepare");
  BOOST_TEST(prepare.status == 1, prepare.output);
  BOOST_TEST(prepare.output.find("test_file.0 is a symbolic link") != std::string::npos, prepare.output);
  const auto run = run_in(dir.path(), fileio + "--file-test-mode=rndwr --time=1 run");
  BOOST_TEST(run.status == 1, run.output);
  BOOST_TEST(run.output.find("test_file.0 is a symbolic link") != std::string::npos, run.output);
  const auto cleanup = run_in(dir.path(), fileio + "cleanup");
  BOOST_TEST(cleanup.output.find("left test_file.0 alone") != std::string::npos, cleanup.output);

  BOOST_TEST(changes_between(before, snapshot_tree(dir.path())) == "");
}

// seqwr replaces the old test files: one it may not replace stops it before any is removed.
BOOST_AUTO_TEST_CASE(rb_fileio_seqwr_removes_nothing_when_one_name_is_a_link) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "victim") << secret;
  std::ofstream(dir / "test_file.0") << std::string(1 << 19, 'o');  // its own, from an earlier prepare
  fs::create_symlink("victim", dir / "test_file.1");
  const auto before = snapshot_tree(dir.path());
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-num=2 --file-total-size=1M --file-test-mode=seqwr --time=1 run");
  BOOST_TEST(r.status == 1, r.output);
  BOOST_TEST(r.output.find("\nFATAL: test_file.1 is a symbolic link; raidbench does not write through links\n") != std::string::npos,
             r.output);
  BOOST_TEST(r.output.find("Threads started!") == std::string::npos, r.output);
  BOOST_TEST(changes_between(before, snapshot_tree(dir.path())) == "");
}

// The report a tool writes by default (./report-HOST-TIME.json and its copy ./report.json) or where the user says (--report, rb-dd
// --json=FILE) is a file like any other: a link or FIFO planted under the name is refused before
// the run, and an own report from an earlier run is rewritten whole.
BOOST_AUTO_TEST_CASE(reports_are_never_written_through_a_link_or_into_a_fifo) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "victim") << secret;
  fs::create_symlink("victim", dir / "report.json");
  BOOST_TEST_REQUIRE(::mkfifo((dir / "fifo.json").c_str(), 0600) == 0);
  const auto before = snapshot_tree(dir.path());
  const std::string suite = "timeout 20 " + std::string(RAIDBENCH_TOOL) + " --quick --size 16M --test-seconds 1 --dir scratch";
  const auto link = run_in(dir.path(), suite);
  BOOST_TEST(link.status == 1, link.output);
  BOOST_TEST(link.output == "raidbench: the report's copy: ./report.json is a symbolic link; raidbench does not write through links\n");
  const auto fifo = run_in(dir.path(), suite + " --report fifo.json");
  BOOST_TEST(fifo.status == 1, fifo.output);  // 124 would be a hang in open()
  BOOST_TEST(fifo.output == "raidbench: --report: fifo.json is not a regular file; raidbench only works on regular files\n");
  const auto dd = run_in(dir.path(), std::string(RB_DD) + " if=/dev/zero of=/dev/null count=1 --json=report.json");
  BOOST_TEST(dd.status == 1, dd.output);
  BOOST_TEST(dd.output == "rb-dd: report.json is a symbolic link; raidbench does not write through links\n");
  BOOST_TEST(changes_between(before, snapshot_tree(dir.path())) == "");

  // An own, longer report from before is replaced whole, not left with its old tail.
  fs::remove(dir / "report.json");
  std::ofstream(dir / "old.json") << std::string(100000, 'x');
  const auto again = run_in(dir.path(), std::string(RB_DD) + " if=/dev/zero of=/dev/null count=1 --json=old.json");
  BOOST_TEST(again.status == 0, again.output);
  const std::string report = raidbench::test::slurp(dir / "old.json");
  BOOST_TEST(report.find(std::string(64, 'x')) == std::string::npos);
  BOOST_TEST(report.ends_with("}\n"));
}

BOOST_AUTO_TEST_SUITE_END()
