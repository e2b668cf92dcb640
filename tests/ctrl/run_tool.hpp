#pragma once
// Runs rb-ctrl (or any command) through the shell for the ctrl tests: stdout, stderr and exit status.
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "../support/temp_dir.hpp"

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

// rb-ctrl with the arguments given (already quoted where needed).
inline tool_result rb_ctrl(const std::string& arguments) { return run_shell(quoted(RB_CTRL) + " " + arguments); }

// A fixture's full path, quoted for the shell.
inline std::string fixture_arg(const std::string& relative) {
  return quoted(std::string(RAIDBENCH_FIXTURES_DIR) + "/" + relative);
}

// promtool's complaints about a metrics text; empty when it passes.
inline std::string promtool_check(const std::string& metrics) {
  const temp_dir dir;
  const auto file = dir / "metrics.prom";
  std::ofstream(file, std::ios::binary) << metrics;
  const auto r = run_shell(std::string(PROMTOOL) + " check metrics < " + quoted(file.string()));
  return r.status == 0 ? std::string() : "status " + std::to_string(r.status) + ": " + r.out + r.err;
}

// True when `line` is a whole line of `text`.
inline bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

// Number of lines in a text.
inline std::size_t count_lines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace raidbench::test
