#pragma once
// Runs shell commands for the tool tests: several at once, each one's output and exit status.
#include <sys/wait.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace raidbench::test {

struct command_result {
  std::string output;
  int status = -1;  // exit status; -1 when the command did not exit normally
};

// Starts every command, then collects them: they run side by side.
inline std::vector<command_result> run_all(const std::vector<std::string>& commands) {
  std::vector<FILE*> pipes;
  for (const auto& c : commands) {
    FILE* p = ::popen(c.c_str(), "r");
    if (p == nullptr) throw std::runtime_error("popen failed: " + c);
    pipes.push_back(p);
  }
  std::vector<command_result> out(commands.size());
  for (std::size_t i = 0; i < pipes.size(); ++i) {
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipes[i])) > 0) out[i].output.append(buf, n);
    const int st = ::pclose(pipes[i]);
    out[i].status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }
  return out;
}

inline command_result run_one(const std::string& command) { return run_all({command}).front(); }

// The lines of a text, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace raidbench::test
