#pragma once
// run_child's definition (see core/linkage.hpp): included by child_process.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/child_process.hpp"
#include "raidbench/core/stop_request.hpp"

namespace raidbench {

namespace detail::child {

inline std::atomic<int>& caught_signal() noexcept {
  static std::atomic<int> signal{0};
  return signal;
}

extern "C" inline void raidbench_child_caught(int signal) { caught_signal().store(signal, std::memory_order_relaxed); }

/// While alive, the caller's SIGINT, SIGTERM and SIGHUP (the ones it does not ignore) are only
/// noted; on destruction the caller's dispositions come back and a signal noted is raised again,
/// so that it does to the caller, after the child is gone, what it would have done during the call.
class signals_noted {
 public:
  static constexpr int handled[] = {SIGINT, SIGTERM, SIGHUP};

  signals_noted() {
    caught_signal().store(0);
    struct sigaction note {};
    note.sa_handler = raidbench_child_caught;
    sigemptyset(&note.sa_mask);
    for (std::size_t i = 0; i < std::size(handled); ++i) {
      ::sigaction(handled[i], nullptr, &old_[i]);
      // Ignored stays ignored (nohup: a dropped session must not stop the call either).
      installed_[i] = old_[i].sa_handler != SIG_IGN && ::sigaction(handled[i], &note, nullptr) == 0;
    }
  }
  signals_noted(const signals_noted&) = delete;
  signals_noted& operator=(const signals_noted&) = delete;
  ~signals_noted() {
    for (std::size_t i = 0; i < std::size(handled); ++i)
      if (installed_[i]) ::sigaction(handled[i], &old_[i], nullptr);
    if (const int signal = caught_signal().exchange(0)) ::raise(signal);
  }
  int noted() const noexcept { return caught_signal().load(std::memory_order_relaxed); }

 private:
  struct sigaction old_[std::size(handled)] {};
  bool installed_[std::size(handled)] = {};
};

/// A descriptor that becomes readable when the process ends (Linux 5.3+); -1 where there is none,
/// and the loop below then looks every 100 ms.
inline int process_descriptor(pid_t pid) noexcept {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

/// Whether the child has ended, without reaping it: its pid, and so its process group id, stay
/// reserved until the group is killed.
inline bool has_ended(pid_t pid) noexcept {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

/// Reaps the child, waiting at most `grace` for it (SIGKILL waits for a process inside a system
/// call that cannot be interrupted); false when it is still there.
inline bool reap(pid_t pid, int pidfd, std::chrono::milliseconds grace, int& status) noexcept {
  const auto until = std::chrono::steady_clock::now() + grace;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return true;
    if (done < 0 && errno != EINTR) return false;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
    if (left <= 0) return false;
    pollfd p{pidfd, POLLIN, 0};
    ::poll(&p, pidfd >= 0 ? 1 : 0, static_cast<int>(std::min<long long>(left, pidfd >= 0 ? left : 10)));
  }
}

inline std::string seconds_text(std::chrono::milliseconds d) {
  return d.count() % 1000 == 0 ? fmt::format("{} s", d.count() / 1000) : fmt::format("{:.1f} s", static_cast<double>(d.count()) / 1000);
}

}  // namespace detail::child

RAIDBENCH_API child_output run_child(const std::string& path, const std::vector<std::string>& args, const child_limits& limits) {
  using namespace detail::child;
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + limits.deadline;
  child_output r;
  // First, so that it goes last: a signal noted is given back once the child is reaped.
  const signals_noted signals;
  if (stop_request().load()) {
    r.interrupted_by = stop_signal().load() ? stop_signal().load() : SIGINT;
    r.failure = "not started: a stop was asked for";
    return r;
  }
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return r.failure = std::strerror(errno), r;
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    r.failure = std::strerror(errno);
    ::close(out_pipe[0]), ::close(out_pipe[1]);
    return r;
  }
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  ::posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  ::posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  std::vector<char*> argv{const_cast<char*>(path.c_str())};
  for (const auto& s : args) argv.push_back(const_cast<char*>(s.c_str()));
  argv.push_back(nullptr);
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  // Its own process group, so that it and whatever it starts are killed together; the signals a
  // tool of ours ignores or catches (SIGPIPE, SIGINT…) at their defaults, none blocked.
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  ::posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) sigaddset(&defaults, s);
  sigemptyset(&none);
  ::posix_spawnattr_setsigdefault(&attributes, &defaults);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, path.c_str(), &actions, &attributes, argv.data(), environ);
  ::posix_spawnattr_destroy(&attributes);
  ::posix_spawn_file_actions_destroy(&actions);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (spawned != 0) {
    ::close(out_pipe[0]), ::close(err_pipe[0]);
    r.failure = std::strerror(spawned);
    return r;
  }
  const int pidfd = process_descriptor(pid);

  enum class stopped { no, deadline, cap, signal } why = stopped::no;
  int pipes[2] = {out_pipe[0], err_pipe[0]};
  std::string* sinks[2] = {&r.out, &r.err};
  bool ended = false;
  for (;;) {
    if (signals.noted() != 0 || stop_request().load()) {
      why = stopped::signal;
      break;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
    if (left <= 0) {
      why = stopped::deadline;
      break;
    }
    if (!ended && has_ended(pid)) {
      ended = true;
      ::kill(-pid, SIGKILL);  // what it left running in its group, which may hold its pipes
    }
    if (ended && pipes[0] < 0 && pipes[1] < 0) break;
    pollfd fds[3];
    nfds_t n = 0;
    for (int p : pipes)
      if (p >= 0) fds[n++] = {p, POLLIN, 0};
    if (!ended && pidfd >= 0) fds[n++] = {pidfd, POLLIN, 0};
    // At most 100 ms between looks at the signals, the deadline and the child.
    const int ready = ::poll(fds, n, static_cast<int>(std::min<long long>(left, 100)));
    if (ready < 0 && errno != EINTR) break;
    // After its end and its group's, a pipe that stays silent is held by a process that left the
    // group (setsid): it is not waited for.
    if (ready == 0 && ended) break;
    for (nfds_t i = 0; i < n && ready > 0; ++i) {
      if (fds[i].revents == 0 || fds[i].fd == pidfd) continue;
      const int k = fds[i].fd == pipes[0] ? 0 : 1;
      char buf[65536];
      const ssize_t got = ::read(pipes[k], buf, sizeof buf);
      if (got > 0) {
        sinks[k]->append(buf, static_cast<std::size_t>(got));
        if (r.out.size() + r.err.size() > limits.output_cap) why = stopped::cap;
      } else if (got == 0 || errno != EINTR) {
        ::close(pipes[k]);
        pipes[k] = -1;
      }
    }
    if (why == stopped::cap) break;
  }
  for (int p : pipes)
    if (p >= 0) ::close(p);
  ::kill(-pid, SIGKILL);
  int status = 0;
  const bool reaped = reap(pid, pidfd, std::chrono::seconds(1), status);
  if (pidfd >= 0) ::close(pidfd);
  switch (why) {
    case stopped::deadline:
      r.failure = fmt::format("no answer after {}, killed", seconds_text(limits.deadline));
      r.timed_out = true;
      break;
    case stopped::cap:
      r.failure = fmt::format("printed more than {} MiB, the cap on a tool's output: killed", limits.output_cap >> 20);
      r.out.clear();
      r.err.clear();
      break;
    case stopped::signal:
      r.interrupted_by = signals.noted() ? signals.noted() : stop_signal().load() ? stop_signal().load() : SIGINT;
      r.failure = fmt::format("stopped by SIG{}", ::sigabbrev_np(r.interrupted_by));
      break;
    case stopped::no:
      if (!reaped) r.failure = "it did not end";
      else if (WIFEXITED(status)) r.status = WEXITSTATUS(status);
      else if (WIFSIGNALED(status)) r.failure = fmt::format("killed by SIG{}", ::sigabbrev_np(WTERMSIG(status)));
      break;
  }
  if (!reaped && why != stopped::no) r.failure += "; it had not ended 1 s after SIGKILL (stuck in the kernel?)";
  return r;
}

}  // namespace raidbench
