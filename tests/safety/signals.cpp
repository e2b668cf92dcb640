// A run a signal stops never looks like a success: our own tools exit with 128 + the signal, the
// replicas end as their peer does (sysbench dies by the signal, pg_test_fsync 15 exits with its
// number), a notice goes to stderr, and what the tool created is removed. SIGHUP (an SSH session
// dropping) is handled like SIGTERM.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(signals_test)

namespace {

using raidbench::test::slurp;

struct ended {
  bool by_signal = false;
  int code = -1;  ///< the exit status, or the signal
  std::string out, err;
};

// Starts `args` in `dir` (stdout and stderr to files there), waits until `ready()` (at most 30 s),
// sends `signal`, and returns how the process ended.
ended signalled(const fs::path& dir, const std::vector<std::string>& args, const std::function<bool()>& ready, int signal) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawn_file_actions_addopen(&actions, 1, (dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, (dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  // Default dispositions, whatever this test inherited (a signal ignored here stays ignored in the tool).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, s);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  BOOST_REQUIRE(spawned == 0);
  using namespace std::chrono_literals;
  for (int i = 0; i < 1500 && !ready(); ++i) std::this_thread::sleep_for(20ms);
  ::kill(pid, signal);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ended e;
  e.by_signal = WIFSIGNALED(status);
  e.code = e.by_signal ? WTERMSIG(status) : WEXITSTATUS(status);
  e.out = slurp(dir / "stdout");
  e.err = slurp(dir / "stderr");
  return e;
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
