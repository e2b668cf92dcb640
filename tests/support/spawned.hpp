#pragma once
// A tool started by a test as a process group of its own, its standard streams wherever the test
// puts them (a file, /dev/full, a pipe whose reader is gone, a terminal that is closed), with the
// default dispositions of the signals, and waited for with a bound: a tool that hangs fails the
// test (its group is killed), it never holds the test run.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "slurp.hpp"

namespace raidbench::test {

/// How a tool ended.
struct tool_end {
  bool by_signal = false;
  int code = -1;      ///< its exit status, or the signal that ended it
  bool hung = false;  ///< still running at the bound: killed by the test
};

/// Where a tool runs and what it is given; -1 for a stream is /dev/null.
struct spawn_setup {
  std::filesystem::path dir = ".";
  int in = -1, out = -1, err = -1;
  std::vector<std::string> env;  ///< "NAME=value" entries put before the test's own environment
};

class spawned_tool {
 public:
  spawned_tool(const std::vector<std::string>& args, const spawn_setup& s) {
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_addchdir_np(&actions, s.dir.c_str());
    int fd = 0;
    for (const int given : {s.in, s.out, s.err}) {
      if (given >= 0) ::posix_spawn_file_actions_adddup2(&actions, given, fd);
      else ::posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0);
      ++fd;
    }
    posix_spawnattr_t attributes;
    ::posix_spawnattr_init(&attributes);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&defaults, sig);
    sigemptyset(&none);
    ::posix_spawnattr_setsigdefault(&attributes, &defaults);
    ::posix_spawnattr_setsigmask(&attributes, &none);
    ::posix_spawnattr_setpgroup(&attributes, 0);
    ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::vector<std::string> env_text = s.env;
    for (char** e = environ; *e != nullptr; ++e) env_text.emplace_back(*e);
    std::vector<char*> envp;
    for (auto& e : env_text) envp.push_back(e.data());
    envp.push_back(nullptr);
    spawned_ = ::posix_spawn(&pid_, argv[0], &actions, &attributes, argv.data(), envp.data()) == 0;
    ::posix_spawnattr_destroy(&attributes);
    ::posix_spawn_file_actions_destroy(&actions);
  }
  spawned_tool(const spawned_tool&) = delete;
  spawned_tool& operator=(const spawned_tool&) = delete;
  ~spawned_tool() {
    if (spawned_ && !ended_) wait(std::chrono::seconds(0));
  }

  bool started() const { return spawned_; }
  pid_t pid() const { return pid_; }
  void signal(int sig) const { ::kill(pid_, sig); }

  /// Waits at most `bound` for the tool; past it, kills its group.
  tool_end wait(std::chrono::seconds bound = std::chrono::seconds(30)) {
    tool_end e;
    if (!spawned_) return e;
    const auto until = std::chrono::steady_clock::now() + bound;
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() >= until) {
        e.hung = true;
        ::kill(-pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ended_ = true;
    e.by_signal = WIFSIGNALED(status);
    e.code = e.by_signal ? WTERMSIG(status) : WEXITSTATUS(status);
    return e;
  }

 private:
  pid_t pid_ = -1;
  bool spawned_ = false;
  bool ended_ = false;
};

/// Waits, at most `bound`, until `ready()`; whether it became so.
inline bool wait_until(const std::function<bool()>& ready, std::chrono::seconds bound = std::chrono::seconds(30)) {
  const auto until = std::chrono::steady_clock::now() + bound;
  while (!ready()) {
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

/// No process is left in process group `pgid` (a zombie waiting for init to reap it counts as gone).
inline bool group_gone(pid_t pgid) {
  if (::kill(-pgid, 0) != 0) return errno == ESRCH;
  // Only zombies left: each member's /proc entry says Z.
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;  // not a process
    const std::string stat = slurp(e.path() / "stat");
    const auto close = stat.rfind(')');
    if (close == std::string::npos || close + 2 >= stat.size()) continue;
    // After ") ": state, ppid, pgrp.
    char state = 0;
    int ppid = 0, pgrp = 0;
    if (std::sscanf(stat.c_str() + close + 2, "%c %d %d", &state, &ppid, &pgrp) == 3 && pgrp == pgid && state != 'Z') return false;
  }
  return true;
}

/// Waits (at most 10 s: init reaps what an ended tool left) until group `pgid` is gone.
inline bool group_ends(pid_t pgid) {
  return wait_until([&] { return group_gone(pgid); }, std::chrono::seconds(10));
}

/// A file opened for a tool's stream; closed with the object.
class stream_file {
 public:
  stream_file(const std::filesystem::path& p, int flags) : fd_(::open(p.c_str(), flags | O_CLOEXEC, 0600)) {}
  stream_file(const stream_file&) = delete;
  stream_file& operator=(const stream_file&) = delete;
  ~stream_file() {
    if (fd_ >= 0) ::close(fd_);
  }
  int fd() const { return fd_; }

 private:
  int fd_;
};

}  // namespace raidbench::test
