// SIGUSR1 prints the statistics and the copy goes on; SIGINT prints them and ends the process by the
// signal: checked against GNU dd while copying, and on rb-dd alone while a read waits on a pipe; and
// status=progress prints while a read waits.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "../support/temp_dir.hpp"

BOOST_AUTO_TEST_SUITE(signals_test)

namespace {

struct outcome {
  bool killed_by_sigint = false;
  int records_in = 0, copied = 0;
  std::string err;
};

// True once `pid` catches SIGUSR1 (bit 10 of SigCgt): its handlers are installed.
bool catches_usr1(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("SigCgt:")) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGUSR1 - 1)) & 1;
  return false;
}

// True while `pid` waits in read(2) (syscall 0 on x86-64; elsewhere never, and the wait times out).
bool waits_in_read(pid_t pid) {
  std::ifstream syscall("/proc/" + std::to_string(pid) + "/syscall");
  std::string number;
  return syscall >> number && number == "0";
}

// A dd started with stdin from a pipe the test holds open (`input` is its writing end) and stderr
// in `err_path`, with SIGINT and SIGUSR1 at their default dispositions.
struct spawned_dd {
  pid_t pid = -1;
  int input = -1;
};

spawned_dd spawn_dd(const std::string& dd, const std::vector<std::string>& operands, const std::string& err_path) {
  int in[2];
  BOOST_REQUIRE(::pipe2(in, O_CLOEXEC) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGUSR1);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> argv{const_cast<char*>(dd.c_str())};
  for (const auto& o : operands) argv.push_back(const_cast<char*>(o.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, dd.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  BOOST_REQUIRE(spawned == 0);
  return {pid, in[1]};
}

// Runs `dd operands...` with stdin from an empty pipe that stays open (a read waits) and stderr in
// `dir`/err; sends SIGUSR1, then SIGINT, and collects the end.
outcome signalled(const raidbench::test::temp_dir& dir, const std::string& dd, const std::vector<std::string>& operands,
                  bool blocked) {
  const std::string err_path = (dir / "err").string();
  const spawned_dd child = spawn_dd(dd, operands, err_path);
  const pid_t pid = child.pid;

  using namespace std::chrono_literals;
  for (int i = 0; i < 500 && !catches_usr1(pid); ++i) std::this_thread::sleep_for(10ms);
  // A read that has not started yet would see the signal only by chance: wait until it waits.
  for (int i = 0; blocked && i < 500 && !waits_in_read(pid); ++i) std::this_thread::sleep_for(10ms);
  ::kill(pid, SIGUSR1);
  // SIGINT only once the statistics SIGUSR1 asked for are out: both pending at once print once.
  auto printed = [&] {
    std::ifstream err(err_path);
    return std::string(std::istreambuf_iterator<char>(err), {}).find(" copied, ") != std::string::npos;
  };
  for (int i = 0; i < 500 && !printed(); ++i) std::this_thread::sleep_for(10ms);
  ::kill(pid, SIGINT);
  int status = 0;
  for (int i = 0; i < 500 && ::waitpid(pid, &status, WNOHANG) == 0; ++i) std::this_thread::sleep_for(10ms);
  if (::waitpid(pid, &status, WNOHANG) == 0) {  // still running: SIGINT did not end it
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  ::close(child.input);

  outcome o;
  o.killed_by_sigint = WIFSIGNALED(status) && WTERMSIG(status) == SIGINT;
  std::ifstream err(err_path);
  o.err.assign(std::istreambuf_iterator<char>(err), {});
  for (std::size_t at = 0; (at = o.err.find(" records in\n", at)) != std::string::npos; ++at) ++o.records_in;
  for (std::size_t at = 0; (at = o.err.find(" copied, ", at)) != std::string::npos; ++at) ++o.copied;
  return o;
}

}  // namespace


BOOST_AUTO_TEST_CASE(usr1_reports_and_int_reports_and_ends_like_gnu_dd) {
  const std::vector<std::string> operands{"if=/dev/zero", "of=/dev/null", "bs=4k"};
  raidbench::test::temp_dir gnu_dir, rb_dir;
  const auto gnu = signalled(gnu_dir, "/bin/dd", operands, false);
  const auto rb = signalled(rb_dir, RB_DD_PATH, operands, false);
  BOOST_TEST(gnu.killed_by_sigint, gnu.err);
  BOOST_TEST(rb.killed_by_sigint, rb.err);
  BOOST_TEST(gnu.records_in == 2, gnu.err);
  BOOST_TEST(rb.records_in == gnu.records_in, rb.err);
  BOOST_TEST(rb.copied == gnu.copied, rb.err);
}

// The copy runs on rb-dd's only thread: a read waiting on a pipe must still answer both signals.
// (Not compared with GNU dd here: when SIGUSR1 lands just before its read, GNU dd only looks at it
// once that read returns, so its answer depends on timing.)
BOOST_AUTO_TEST_CASE(signals_are_answered_while_a_read_waits_on_a_pipe) {
  raidbench::test::temp_dir dir;
  const auto rb = signalled(dir, RB_DD_PATH, {"of=/dev/null", "bs=4k"}, true);
  BOOST_TEST(rb.killed_by_sigint, rb.err);
  BOOST_TEST(rb.records_in == 2, rb.err);
  BOOST_TEST(rb.err.starts_with("0+0 records in\n0+0 records out\n0 bytes copied, "), rb.err);
}

// status=progress must print while a read waits: the input gives 3 bytes, then stays open and
// silent (as `cmd | dd status=progress` between bursts); the progress line must come anyway. The 20 s
// bound only keeps a failing tool from hanging the test.
BOOST_AUTO_TEST_CASE(progress_is_printed_while_a_read_waits_on_a_pipe) {
  raidbench::test::temp_dir dir;
  const std::string err_path = (dir / "err").string();
  const spawned_dd child = spawn_dd(RB_DD_PATH, {"of=/dev/null", "bs=64k", "status=progress"}, err_path);
  const pid_t pid = child.pid;
  BOOST_REQUIRE(::write(child.input, "abc", 3) == 3);

  using namespace std::chrono_literals;
  const auto err_text = [&] {
    std::ifstream err(err_path);
    return std::string(std::istreambuf_iterator<char>(err), {});
  };
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (err_text().find("3 bytes copied, ") == std::string::npos && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  const std::string while_waiting = err_text();
  ::close(child.input);  // end of input: the copy ends
  int status = 0;
  ::waitpid(pid, &status, 0);
  BOOST_TEST(while_waiting.find("3 bytes copied, ") != std::string::npos, while_waiting);
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  BOOST_TEST(err_text().find("\n0+1 records in\n0+1 records out\n3 bytes copied, ") != std::string::npos, err_text());
}

// After a line printed while the read waited, data that arrives gets its line at once, as GNU dd
// prints the first record that comes after a second (coreutils' tests/dd/stats.sh: "1 byte copied").
BOOST_AUTO_TEST_CASE(data_after_an_idle_progress_line_is_shown_at_once) {
  raidbench::test::temp_dir dir;
  const std::string err_path = (dir / "err").string();
  const spawned_dd child = spawn_dd(RB_DD_PATH, {"of=/dev/null", "bs=1", "status=progress"}, err_path);
  using namespace std::chrono_literals;
  const auto err_text = [&] {
    std::ifstream err(err_path);
    return std::string(std::istreambuf_iterator<char>(err), {});
  };
  const auto wait_for = [&](const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (err_text().find(text) == std::string::npos && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(20ms);
    return err_text();
  };
  const std::string idle = wait_for("0 bytes copied, ");
  BOOST_REQUIRE(::write(child.input, "x", 1) == 1);
  const std::string after = wait_for("1 byte copied, ");
  ::close(child.input);
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  BOOST_TEST(idle.find("0 bytes copied, ") != std::string::npos, idle);
  BOOST_TEST(after.find("\r1 byte copied, ") != std::string::npos, after);
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
}

BOOST_AUTO_TEST_SUITE_END()
