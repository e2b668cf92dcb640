// Inputs are bounded and read by one reader (core/input_file.hpp): a directory, a device, a FIFO, a
// read that fails in the middle (/proc/self/mem: EIO) or more than 64 MiB is one line and exit
// status 1 in every tool, never an abort or a hang. And the phases a signal or a failure may cut
// keep what they already did: rb-fsync's 16 MiB fill (pg_test_fsync's end: exit with the signal's
// number), rb-fileio's prepare (its lines printed, as sysbench's), a sweep's points before the one
// that failed, a sweep refused before its first point when a later one cannot run. The moments are
// made certain by strace: an fsync held for a second, an io_uring that cannot be set up.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../fsync/shell.hpp"
#include "../support/refusals.hpp"
#include "../support/slurp.hpp"
#include "../support/spawned.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tree_snapshot.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(inputs_test)

namespace {

using raidbench::test::slurp;

const std::string fixtures = RAIDBENCH_FIXTURES_DIR;

// `args` under strace, with `fault` (strace's -e inject=…) on `call`; strace ignores SIGINT, which
// the test sends to the whole group.
std::vector<std::string> under_strace(const std::string& call, const std::string& fault, std::vector<std::string> args) {
  std::vector<std::string> traced = {"/usr/bin/strace", "-f", "-o", "/dev/null", "-e", "trace=" + call, "-e", "inject=" + call + ":" + fault};
  traced.insert(traced.end(), args.begin(), args.end());
  return traced;
}

// Where a traced tool runs: LeakSanitizer cannot work under ptrace, so a sanitized build's tool runs
// without it there (the rest of ASan's checks stay).
raidbench::test::spawn_setup traced_in(const fs::path& dir) {
  raidbench::test::spawn_setup s;
  s.dir = dir;
  const char* asan = std::getenv("ASAN_OPTIONS");
  s.env = {std::string("ASAN_OPTIONS=") + (asan ? asan : "") + ":detect_leaks=0"};
  return s;
}

}  // namespace

// What no tool reads as a controller dump or a benchmark output: each one line, status 1, nothing
// written (the tree is unchanged), and no wait on a FIFO.
BOOST_AUTO_TEST_CASE(every_file_option_refuses_what_is_not_a_bounded_regular_file) {
  raidbench::test::temp_dir dir, elsewhere;
  fs::create_directory(dir / "a-directory");
  BOOST_TEST_REQUIRE(::mkfifo((dir / "a-fifo").c_str(), 0600) == 0);
  // Sparse, and outside the tree compared after each command (reading it is what costs).
  const std::string huge = (elsewhere / "huge").string();
  { std::ofstream{huge}; }
  BOOST_TEST_REQUIRE(::truncate(huge.c_str(), (64 << 20) + 1) == 0);
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"a-directory", "cannot read a-directory: Is a directory"},
      {"/proc/self/mem", "cannot read /proc/self/mem: Input/output error"},
      {"/dev/zero", "cannot read /dev/zero: not a regular file"},
      {"a-fifo", "cannot read a-fifo: not a regular file"},
      {huge, "cannot read " + huge + ": larger than 64 MiB, the cap on an input"},
  };
  std::vector<raidbench::test::refusal> cases;
  const std::string timeout = "timeout 20 ";  // 124, a hang on the FIFO, fails the status check
  for (const auto& [file, why] : inputs) {
    cases.push_back({timeout + RAIDBENCH_TOOL + " --quick --dir s --controller-file " + file, "raidbench: --controller-file: " + why});
    cases.push_back({timeout + RB_RUN + " --json --controller-file " + file, "rb-run: " + why});
    cases.push_back({timeout + RB_DD + " if=/dev/zero of=/dev/null count=1 --json --controller-file=" + file, "rb-dd: " + why});
    cases.push_back({timeout + RB_FSYNC + " --json --controller-file=" + file, "rb-fsync: error: " + why});
    cases.push_back({timeout + RB_FILEIO + " --json --controller-file=" + file + " --file-test-mode=seqwr run", "rb-fileio: " + why});
    cases.push_back({timeout + RB_CTRL + " " + file, "rb-ctrl: " + why});
    cases.push_back({timeout + RAIDBENCH_TOOL + " --quick --dir s --durability " + file, "raidbench: --durability: " + why});
    cases.push_back({timeout + RB_FSYNC + " --durability=" + file, "rb-fsync: error: --durability: " + why});
    cases.push_back({timeout + RB_COMPARE + " A=a B=b --durability=A=" + file, "rb-compare: --durability: " + why});
    cases.push_back({timeout + RB_COMPARE + " --import=" + file, "rb-compare: " + why});
    if (file != "a-directory")  // a directory is a side of repeated runs
      cases.push_back({timeout + RB_COMPARE + " " + file + " " + file, "rb-compare: " + why});
  }
  cases.push_back({timeout + RB_CTRL + " - </dev/zero", "rb-ctrl: cannot read standard input: larger than 64 MiB, the cap on an input"});
  raidbench::test::check_refusals("cd '" + dir.path().string() + "' && ", cases, [&] { return raidbench::test::snapshot_tree(dir.path()); });
}

// SIGINT during rb-fsync's initial 16 MiB fill (its fsync held by strace): an interrupted run as
// pg_test_fsync 15 ends one (the file removed, the line ended, exit with the signal's number), not
// a file "to prepare first".
BOOST_AUTO_TEST_CASE(rb_fsync_interrupted_in_its_fill_exits_as_pg_test_fsync) {
  raidbench::test::temp_dir dir;
  raidbench::test::stream_file out(dir / "out", O_WRONLY | O_CREAT), err(dir / "err", O_WRONLY | O_CREAT);
  auto s = traced_in(dir.path());
  s.out = out.fd();
  s.err = err.fd();
  raidbench::test::spawned_tool tool(under_strace("fsync", "delay_enter=1s", {RB_FSYNC, "-s", "1", "-f", "f"}), s);
  BOOST_TEST_REQUIRE(raidbench::test::wait_until([&] {
    std::error_code ec;
    return fs::file_size(dir / "f", ec) == 16u << 20;
  }));
  ::kill(-tool.pid(), SIGINT);
  const auto end = tool.wait();
  BOOST_TEST((!end.by_signal && end.code == SIGINT), slurp(dir / "err"));
  BOOST_TEST(slurp(dir / "err") == "rb-fsync: interrupted by SIGINT; the test file is removed\n");
  BOOST_TEST(slurp(dir / "out").ends_with("open_datasync and open_sync.\n\n"), slurp(dir / "out"));
  BOOST_TEST(!fs::exists(dir / "f"));
}

// SIGINT during rb-fileio's prepare: the lines it printed are on stdout, as sysbench's are (both
// run with every fsync held; sysbench is the reference), and it dies of the signal as sysbench.
BOOST_AUTO_TEST_CASE(rb_fileio_prepare_interrupted_keeps_its_lines_as_sysbench) {
  const auto interrupted_prepare = [](const std::string& program, bool subcommand) {
    raidbench::test::temp_dir dir;
    raidbench::test::stream_file out(dir / "out", O_WRONLY | O_CREAT);
    auto s = traced_in(dir.path());
    s.out = out.fd();
    std::vector<std::string> args = {program};
    if (subcommand) args.push_back("fileio");
    for (const char* a : {"--file-num=2", "--file-total-size=2M", "prepare"}) args.push_back(a);
    raidbench::test::spawned_tool tool(under_strace("fsync", "delay_enter=1s", args), s);
    BOOST_TEST_REQUIRE(raidbench::test::wait_until([&] { return slurp(dir / "out").ends_with("Creating file test_file.0\n"); }),
                       program << ": " << slurp(dir / "out"));
    ::kill(-tool.pid(), SIGINT);
    const auto end = tool.wait();
    BOOST_TEST((end.by_signal && end.code == SIGINT), program);
    const std::string text = slurp(dir / "out");
    return text.substr(text.find('\n'));  // after the banner's first line, which names the program
  };
  BOOST_TEST(interrupted_prepare(RB_FILEIO, false) == interrupted_prepare("/usr/bin/sysbench", true));
}

// A sweep whose later point cannot run is refused before the first; one whose point fails while
// running (io_uring refused by strace) keeps the points before it, in the table and the JSON, says
// which failed, and exits 1.
BOOST_AUTO_TEST_CASE(a_sweep_is_checked_whole_first_and_keeps_its_points_when_one_fails) {
  raidbench::test::temp_dir dir;
  const auto refused = raidbench::test::run_one("cd '" + dir.path().string() + "' && " + RAIDBENCH_TOOL +
                                                " sweep atto --quick --bs 64m,512 --no-progress 2>&1");
  BOOST_TEST(refused.status == 1, refused.output);
  BOOST_TEST(refused.output == "raidbench: write 64 MiB: the target (32 MiB per file) is smaller than one block (64 MiB)\n");
  BOOST_TEST(fs::is_empty(dir.path()));

  raidbench::test::stream_file out(dir / "out", O_WRONLY | O_CREAT), err(dir / "err", O_WRONLY | O_CREAT);
  auto s = traced_in(dir.path());
  s.out = out.fd();
  s.err = err.fd();
  raidbench::test::spawned_tool tool(under_strace("io_uring_setup", "error=ENOMEM",
                                                  {RAIDBENCH_TOOL, "sweep", "iometer", "--quick", "--bs", "4k", "--read-pct", "100",
                                                   "--pattern", "random", "--qd", "1,32", "--seconds", "0.2", "--warmup", "0",
                                                   "--size", "1M", "--buffered", "--no-progress"}),
                                     s);
  const auto end = tool.wait();
  BOOST_TEST((!end.by_signal && end.code == 1), slurp(dir / "err"));
  BOOST_TEST(slurp(dir / "err") ==
             "raidbench: sweep stopped at 4 KiB 100 % read random QD32: io_uring_queue_init: Cannot allocate memory (1 of 2 points "
             "finished, and written)\n");
  BOOST_TEST(slurp(dir / "out").find("4 KiB 100 % read random ") != std::string::npos, slurp(dir / "out"));
  const auto j = nlohmann::json::parse(slurp(dir / "sweep-iometer.json"));
  BOOST_TEST(j.at("points").size() == 1u);
  BOOST_TEST(j.at("points")[0].at("name") == "4 KiB 100 % read random QD1");
  BOOST_TEST(j.at("failed") == "4 KiB 100 % read random QD32: io_uring_queue_init: Cannot allocate memory");
  BOOST_TEST(!fs::exists(dir / "raidbench-scratch"));
}

BOOST_AUTO_TEST_SUITE_END()
