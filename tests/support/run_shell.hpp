#pragma once
// Runs a command through the shell for the tool tests: its stdout, stderr and exit status.
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "temp_dir.hpp"

namespace raidbench::test {

struct tool_result {
  std::string out;
  std::string err;
  int status = -1;  // exit status; -1 when the command did not exit normally
};

// The text in single quotes for sh, whatever it holds.
inline std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline tool_result run_shell(const std::string& command) {
  const temp_dir dir;
  const auto err_file = dir / "stderr";
  FILE* p = ::popen((command + " 2>" + quoted(err_file.string())).c_str(), "r");
  if (p == nullptr) throw std::runtime_error("popen failed: " + command);
  tool_result r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream in(err_file, std::ios::binary);
  r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return r;
}

// A fixture's full path, quoted for the shell.
inline std::string fixture_arg(const std::string& relative) {
  return quoted(std::string(RAIDBENCH_FIXTURES_DIR) + "/" + relative);
}

}  // namespace raidbench::test
