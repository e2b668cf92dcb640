// A full filesystem is a failure, never a report: each tool exits non-zero with one line naming the
// error, and removes what it created (rb-dd keeps what it wrote to the of= the user named, as dd
// does). On an 8 MiB tmpfs the test mounts (and unmounts) itself.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "raidbench/run/runner.hpp"

#include "../fsync/shell.hpp"
#include "../support/small_tmpfs.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(full_filesystem_test)

namespace {

using raidbench::test::small_tmpfs;

bool empty(const fs::path& dir) { return fs::is_empty(dir); }

}  // namespace

BOOST_AUTO_TEST_CASE(rb_fsync_fails_on_a_full_filesystem_as_pg_test_fsync_does) {
  small_tmpfs fs8;
  const auto r = raidbench::test::run_one(std::string(RB_FSYNC) + " -s 1 -f " + (fs8.path() / "f").string() + " 2>&1");
  BOOST_TEST(r.status == 1, r.output);
  BOOST_TEST(r.output.find("No space left on device") != std::string::npos, r.output);
  BOOST_TEST(r.output.find("ops/sec") == std::string::npos, r.output);  // no figure was printed
  BOOST_TEST(empty(fs8.path()));
}

BOOST_AUTO_TEST_CASE(rb_run_refuses_a_set_larger_than_the_free_space_before_writing) {
  small_tmpfs fs8;
  const auto r = raidbench::test::run_one(std::string(RB_RUN) + " --dir " + fs8.path().string() + " --rw write --size 16M 2>&1");
  BOOST_TEST(r.status == 1, r.output);
  BOOST_TEST(r.output.find("has 8 MiB free; the file set needs 16 MiB") != std::string::npos, r.output);
  BOOST_TEST(empty(fs8.path()));
}

BOOST_AUTO_TEST_CASE(rb_dd_rb_fileio_and_raidbench_fail_on_a_full_filesystem) {
  small_tmpfs fs8;
  const std::string in = "cd '" + fs8.path().string() + "' && ";
  // rb-dd: GNU dd's words and counts; like dd, it keeps what it wrote (the user named of=).
  const auto dd = raidbench::test::run_one(in + RB_DD + " if=/dev/zero of=big bs=1M count=16 2>&1");
  BOOST_TEST(dd.status == 1, dd.output);
  BOOST_TEST(dd.output.starts_with("rb-dd: error writing 'big': No space left on device\n9+0 records in\n8+0 records out\n"),
             dd.output);
  fs::remove(fs8.path() / "big");
  // rb-fileio's seqwr creates its files as it runs: the write that finds no room is its FATAL line,
  // and the file it created goes.
  { std::ofstream(fs8.path() / "fill") << std::string(6 << 20, 'f'); }
  const auto fileio = raidbench::test::run_one(in + RB_FILEIO + " --file-num=1 --file-total-size=4M --file-test-mode=seqwr --time=1 run 2>&1");
  BOOST_TEST(fileio.status == 1, fileio.output);
  BOOST_TEST(fileio.output.find("\nFATAL: write test_file.0: No space left on device (the filesystem is full)\n") != std::string::npos,
             fileio.output);
  BOOST_TEST(!fs::exists(fs8.path() / "test_file.0"));
  // raidbench measures the free space before it writes anything.
  const auto suite = raidbench::test::run_one(in + RAIDBENCH_TOOL + " --quick --dir scratch 2>&1");
  BOOST_TEST(suite.status == 1, suite.output);
  BOOST_TEST(suite.output.find("raidbench: scratch has 2 MiB free; this mode needs") == 0u, suite.output);
  BOOST_TEST(!fs::exists(fs8.path() / "scratch"));
}

// The runner itself, below any tool's free-space check: every engine's writes meet the full
// filesystem, the run fails with ENOSPC, and the file it created is gone.
BOOST_AUTO_TEST_CASE(the_runner_fails_on_a_full_filesystem_on_every_engine_and_removes_its_file) {
  using namespace raidbench;
  small_tmpfs fs8;
  const target::file file{fs8.path() / "data", 16_MiB};
  const stop::after once{.one_pass = true};
  const expected<result> runs[] = {run(workload(mix::writes, engine::psync, block{1_MiB}, file, once)),
                                   run(workload(mix::writes, engine::io_uring, queue_depth{4}, block{1_MiB}, file, once)),
                                   run(workload(mix::writes, engine::mmap, block{1_MiB}, file, once)),
                                   run(workload(mix::writes, engine::reopen, block{1_MiB}, file, once))};
  for (const auto& r : runs) {
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.message().find("No space left on device") != std::string::npos, r.message());
  }
  BOOST_TEST(empty(fs8.path()));
}

BOOST_AUTO_TEST_SUITE_END()
