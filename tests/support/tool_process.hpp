#pragma once
// A tool started in the background for a test that acts while it runs (swaps its directory, puts a
// file in it, signals it): stdout and stderr to files, waited for, and killed and reaped if the
// test ends first, so no run leaves one behind.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "slurp.hpp"
#include "temp_dir.hpp"

namespace raidbench::test {

class tool_process {
 public:
  /// How it ended: by a signal (`code` is the signal) or an exit (`code` is the status).
  struct ended {
    bool by_signal = false;
    int code = -1;
    std::string out, err;
  };

  /// Starts `args` (argv[0] a path) in `cwd`, with SIGINT, SIGTERM and SIGHUP at their defaults;
  /// stdout and stderr go to the files "stdout" and "stderr" in `output` (default: a directory of
  /// their own, apart from every tree a test compares).
  tool_process(const std::filesystem::path& cwd, const std::vector<std::string>& args, std::filesystem::path output = {})
      : output_(output.empty() ? files_.path() : std::move(output)) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    posix_spawn_file_actions_addopen(&actions, 1, out_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, s);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    const int spawned = ::posix_spawn(&pid_, argv[0], &actions, &attributes, argv.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    BOOST_REQUIRE_MESSAGE(spawned == 0, "cannot start " << args.front());
  }
  tool_process(const tool_process&) = delete;
  tool_process& operator=(const tool_process&) = delete;
  ~tool_process() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }

  /// Waits (at most 30 s, polling) until `ready()`; false if the tool ended or the time ran out first.
  bool wait_until(const std::function<bool()>& ready) {
    using namespace std::chrono_literals;
    for (int i = 0; i < 15000; ++i) {
      if (ready()) return true;
      if (::waitpid(pid_, &status_, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
      }
      std::this_thread::sleep_for(2ms);
    }
    return false;
  }
  /// What it wrote to stdout so far.
  std::string out() const { return slurp(out_path()); }
  void signal(int sig) const {
    if (pid_ > 0) ::kill(pid_, sig);
  }
  /// Waits for it to end.
  ended wait() {
    if (pid_ > 0) ::waitpid(pid_, &status_, 0);
    pid_ = -1;
    ended e;
    e.by_signal = WIFSIGNALED(status_);
    e.code = e.by_signal ? WTERMSIG(status_) : WEXITSTATUS(status_);
    e.out = slurp(out_path());
    e.err = slurp(err_path());
    return e;
  }

 private:
  std::filesystem::path out_path() const { return output_ / "stdout"; }
  std::filesystem::path err_path() const { return output_ / "stderr"; }

  temp_dir files_;
  std::filesystem::path output_;
  pid_t pid_ = -1;
  int status_ = 0;
};

}  // namespace raidbench::test
