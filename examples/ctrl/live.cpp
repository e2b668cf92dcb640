// rb-ctrl live mode: which tools, which commands, and running them without a shell.
#include "live.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <string_view>

extern char** environ;

namespace rb_ctrl {
namespace {

using args = std::vector<std::string>;

// A tool family: the names its binary goes by (first found wins) and the commands that dump everything.
struct family {
  std::vector<std::string_view> names;
  std::vector<args> commands;
};

const std::vector<family>& fixed_families() {
  static const std::vector<family> families{
      {{"megacli", "MegaCli64", "MegaCli"},
       {{"-AdpAllInfo", "-aALL", "-NoLog"},
        {"-LDInfo", "-Lall", "-aALL", "-NoLog"},
        {"-PDList", "-aALL", "-NoLog"},
        {"-AdpBbuCmd", "-aALL", "-NoLog"}}},
      {{"storcli64", "storcli", "perccli64", "perccli"},
       {{"/call", "show", "all", "J"},
        {"/call/vall", "show", "all", "J"},
        {"/call/eall/sall", "show", "all", "J"},
        {"/call/bbu", "show", "all", "J"},
        {"/call/cv", "show", "all", "J"}}},
      {{"ssacli", "hpssacli", "hpacucli"}, {{"ctrl", "all", "show", "config", "detail"}}},
  };
  return families;
}

// The first executable regular file called `name` in the ':'-separated directories.
std::optional<std::string> find_in_path(std::string_view search_path, std::string_view name) {
  std::size_t start = 0;
  while (start <= search_path.size()) {
    std::size_t end = search_path.find(':', start);
    if (end == std::string_view::npos) end = search_path.size();
    // An empty entry means the current directory, as for the shell.
    std::string dir(search_path.substr(start, end - start));
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + std::string(name);
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

struct command_output {
  std::string out, err;
  int status = -1;  // exit status; -1 when killed or not started
  std::string failure;  // why it did not run to an exit status
};

// Runs `path args...` with stdin from /dev/null, collecting stdout and stderr, killing it at the timeout.
command_output run_command(const std::string& path, const args& a, std::chrono::seconds timeout) {
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
  for (const auto& s : a) argv.push_back(const_cast<char*>(s.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
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
  if (timed_out) ::kill(pid, SIGKILL);
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  if (timed_out) r.failure = "no answer after " + std::to_string(timeout.count()) + " s, killed";
  else if (WIFEXITED(st)) r.status = WEXITSTATUS(st);
  else if (WIFSIGNALED(st)) r.failure = std::string("killed by signal ") + ::strsignal(WTERMSIG(st));
  return r;
}

std::string command_name(std::string_view tool, const args& a) {
  std::string s(tool);
  for (const auto& x : a) s += " " + x;
  return s;
}

// First line of a tool's complaint, for a one-line problem report.
std::string first_line(std::string_view text) {
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return {};
  text.remove_prefix(start);
  const auto end = text.find_first_of("\r\n");
  return std::string(text.substr(0, end));
}

// Runs one command; keeps any output it printed (a failing storcli still explains itself in JSON on
// stdout), and notes a problem when it printed nothing or could not run.
void run_into(live_result& r, const std::string& path, std::string_view tool, const args& a, std::chrono::seconds timeout) {
  const std::string name = command_name(tool, a);
  auto c = run_command(path, a, timeout);
  if (!c.failure.empty()) {
    r.problems.push_back(name + ": " + c.failure);
    return;
  }
  if (c.out.find_first_not_of(" \t\r\n") == std::string::npos) {
    const std::string why = first_line(c.err);
    r.problems.push_back(name + ": exit status " + std::to_string(c.status) + ", no output" + (why.empty() ? "" : ": " + why));
    return;
  }
  r.outputs.push_back({name, std::move(c.out)});
}

// "Controllers found: 2" in `arcconf GETVERSION`; 1 when the line is missing.
unsigned arcconf_controller_count(const std::string& text) {
  const std::string_view key = "Controllers found:";
  const auto at = text.find(key);
  if (at == std::string::npos) return 1;
  unsigned n = 0;
  for (std::size_t i = at + key.size(); i < text.size() && n < 100; ++i) {
    if (text[i] == ' ') continue;
    if (text[i] < '0' || text[i] > '9') break;
    n = n * 10 + static_cast<unsigned>(text[i] - '0');
  }
  return n;
}

// Array names ("md0", "md_d0") listed in /proc/mdstat.
std::vector<std::string> md_arrays(const std::string& mdstat) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start < mdstat.size()) {
    std::size_t end = mdstat.find('\n', start);
    if (end == std::string::npos) end = mdstat.size();
    const std::string_view line(mdstat.data() + start, end - start);
    const auto colon = line.find(" : ");
    if (line.starts_with("md") && colon != std::string_view::npos && line.substr(0, colon).find(' ') == std::string_view::npos)
      names.emplace_back(line.substr(0, colon));
    start = end + 1;
  }
  return names;
}

void run_md(live_result& r, const live_options& o) {
  std::ifstream in(o.mdstat, std::ios::binary);
  if (!in) return;
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto arrays = md_arrays(text);
  if (arrays.empty()) return;
  r.tools.push_back(o.mdstat.string());
  // mdadm --detail says more per array (sizes, device roles); /proc/mdstat stands in when mdadm is
  // missing or cannot read an array (it needs the /dev/md* node, usually root).
  if (const auto mdadm = find_in_path(o.search_path, "mdadm")) {
    r.tools.push_back(*mdadm);
    live_result details;
    for (const auto& a : arrays) run_into(details, *mdadm, "mdadm", {"--detail", "/dev/" + a}, o.timeout);
    if (details.problems.empty()) {
      for (auto& d : details.outputs) r.outputs.push_back(std::move(d));
      return;
    }
    for (auto& p : details.problems) r.problems.push_back(p + " (using " + o.mdstat.string() + " instead)");
  }
  r.outputs.push_back({o.mdstat.string(), std::move(text)});
}

}  // namespace

std::string searched_tools() {
  std::string s;
  for (const auto& f : fixed_families())
    for (auto n : f.names) s += std::string(n) + ", ";
  return s + "arcconf, mdadm";
}

live_result run_live(const live_options& o) {
  live_result r;
  for (const auto& f : fixed_families()) {
    for (auto name : f.names) {
      const auto path = find_in_path(o.search_path, name);
      if (!path) continue;
      r.tools.push_back(*path);
      for (const auto& a : f.commands) run_into(r, *path, name, a, o.timeout);
      break;
    }
  }
  if (const auto arcconf = find_in_path(o.search_path, "arcconf")) {
    r.tools.push_back(*arcconf);
    const auto version = run_command(*arcconf, {"GETVERSION"}, o.timeout);
    const unsigned count = arcconf_controller_count(version.out);
    for (unsigned n = 1; n <= count; ++n)
      run_into(r, *arcconf, "arcconf", {"GETCONFIG", std::to_string(n), "AL"}, o.timeout);
  }
  run_md(r, o);
  return r;
}

}  // namespace rb_ctrl
