#pragma once
// rb-ctrl and promtool for the ctrl tests (support/run_shell.hpp runs them).
#include <sys/wait.h>

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "../support/run_shell.hpp"

namespace raidbench::test {

// rb-ctrl with the arguments given (already quoted where needed).
inline tool_result rb_ctrl(const std::string& arguments) { return run_shell(quoted(RB_CTRL) + " " + arguments); }

// A run that failed as rb-ctrl fails: exit status 1 and nothing on stdout (stderr says why).
inline void check_failed(const tool_result& r) {
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
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

// Number of lines of `text` that start with `prefix`: the series of one metric family.
inline std::size_t count_series(const std::string& text, const std::string& prefix) {
  const std::string lines = "\n" + text, start = "\n" + prefix;
  std::size_t n = 0;
  for (auto at = lines.find(start); at != std::string::npos; at = lines.find(start, at + 1)) ++n;
  return n;
}

// Number of lines in a text.
inline std::size_t count_lines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace raidbench::test
