// A run a signal stops never looks like a success: our own tools exit with 128 + the signal, the
// replicas end as their peer does (sysbench dies by the signal, pg_test_fsync 15 exits with its
// number), a notice goes to stderr, and what the tool created is removed. SIGHUP (an SSH session
// dropping) is handled like SIGTERM.
#include <boost/test/unit_test.hpp>

#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tool_process.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(signals_test)

namespace {

using raidbench::test::slurp;

using ended = raidbench::test::tool_process::ended;

// Starts `args` in `dir` (stdout and stderr to files there), waits until `ready()` (at most 30 s),
// sends `signal`, and returns how the process ended.
ended signalled(const fs::path& dir, const std::vector<std::string>& args, const std::function<bool()>& ready, int signal) {
  raidbench::test::tool_process tool(dir, args, dir);
  tool.wait_until(ready);
  tool.signal(signal);
  return tool.wait();
}

}  // namespace

BOOST_AUTO_TEST_CASE(rb_fsync_exits_with_the_signal_number_as_pg_test_fsync_15) {
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
    raidbench::test::temp_dir dir;
    const auto e = signalled(dir.path(), {RB_FSYNC, "-s", "1", "-f", "f"},
                             [&] { return slurp(dir / "stdout").find("ops/sec") != std::string::npos; }, signal);
    BOOST_TEST(!e.by_signal, signal);
    BOOST_TEST(e.code == signal, e.err);
    BOOST_TEST(e.err.find("rb-fsync: interrupted by SIG") != std::string::npos, e.err);
    BOOST_TEST(!fs::exists(dir / "f"), signal);
  }
}

BOOST_AUTO_TEST_CASE(rb_fileio_dies_by_the_signal_as_sysbench_after_its_report) {
  raidbench::test::temp_dir dir;
  const std::string fileio = RB_FILEIO;
  BOOST_TEST_REQUIRE(std::system(("cd '" + dir.path().string() + "' && " + fileio +
                                  " --file-num=2 --file-total-size=8M prepare >/dev/null")
                                     .c_str()) == 0);
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
    const auto e = signalled(dir.path(),
                             {fileio, "--file-num=2", "--file-total-size=8M", "--file-test-mode=rndrd", "--time=30", "run"},
                             [&] { return slurp(dir / "stdout").find("Threads started!") != std::string::npos; }, signal);
    BOOST_TEST(e.by_signal, e.err);
    BOOST_TEST(e.code == signal);
    BOOST_TEST(e.err.find("rb-fileio: interrupted by SIG") != std::string::npos, e.err);
    BOOST_TEST(e.out.find("Throughput:") != std::string::npos, e.out);  // the report of what ran, on stdout
  }
}

BOOST_AUTO_TEST_CASE(rb_run_exits_with_128_plus_the_signal_and_removes_its_scratch) {
  for (int signal : {SIGTERM, SIGHUP}) {
    raidbench::test::temp_dir dir;
    const fs::path data = dir / "scratch" / "rb-run.0";
    const auto e = signalled(dir.path(), {RB_RUN, "--dir", "scratch", "--rw", "randread", "--size", "8M", "--time", "30"},
                             [&] {
                               std::error_code ec;
                               return fs::file_size(data, ec) == 8u << 20;
                             },
                             signal);
    BOOST_TEST(!e.by_signal, signal);
    BOOST_TEST(e.code == 128 + signal, e.err);
    BOOST_TEST(!fs::exists(dir / "scratch"), signal);
  }
}

BOOST_AUTO_TEST_SUITE_END()
