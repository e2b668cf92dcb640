#pragma once
/// Runs a program without a shell and collects what it prints, killing it at a timeout: how the
/// vendor RAID tools are asked for their state (they can hang on a sick bus).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace raidbench {

/// What a command printed and how it ended.
struct command_output {
  std::string out, err;
  int status = -1;      ///< exit status; -1 when it was killed or did not start
  std::string failure;  ///< why it did not run to an exit status; empty when it did
};

/// Runs `path args...` in a process group of its own, with stdin from /dev/null, collecting stdout
/// and stderr; kills the whole group (SIGKILL) when it runs longer than `timeout`, and whatever of
/// the group is still running when it ends.
inline command_output run_command(const std::string& path, const std::vector<std::string>& args,
                                  std::chrono::seconds timeout) {
  command_output r;
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
  pid_t pid = 0;
  // Its own process group: a wrapper script's children end with it (killed as a group below).
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  ::posix_spawnattr_setpgroup(&attributes, 0);
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

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  int open_fds = 2;
  bool timed_out = false;
  while (open_fds > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    const int n = ::poll(fds, 2, static_cast<int>(left.count()));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buf[65536];
      const ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
      if (got > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) ::close(f.fd);
  if (timed_out) ::kill(-pid, SIGKILL);
  // Wait for the tool without reaping it, so its process group id cannot be reused yet, end what it
  // left running in its group, then reap it.
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
  ::kill(-pid, SIGKILL);
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  if (timed_out) r.failure = "no answer after " + std::to_string(timeout.count()) + " s, killed";
  else if (WIFEXITED(st)) r.status = WEXITSTATUS(st);
  else if (WIFSIGNALED(st)) r.failure = std::string("killed by signal ") + ::strsignal(WTERMSIG(st));
  return r;
}

/// The first executable regular file called `name` in `search_path` (directories separated by ':';
/// an empty entry is the current directory, as for the shell).
inline std::optional<std::string> find_in_path(std::string_view search_path, std::string_view name) {
  std::size_t start = 0;
  while (start <= search_path.size()) {
    std::size_t end = search_path.find(':', start);
    if (end == std::string_view::npos) end = search_path.size();
    const std::string_view dir = end > start ? search_path.substr(start, end - start) : std::string_view(".");
    std::string candidate(dir);
    candidate += '/';
    candidate += name;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace raidbench
