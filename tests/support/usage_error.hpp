#pragma once
// A usage error of raidbench's own tools (session/command_line.hpp): one line on
// stderr naming the tool, exit status 2, nothing on standard output.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>

#include "run_shell.hpp"

namespace raidbench::test {

/// Runs `command` through the shell, checks that it is a usage error of `program`, and returns its line.
inline std::string expect_usage_error(const std::string& command, const std::string& program) {
  const tool_result r = run_shell(command);
  BOOST_TEST(r.status == 2, command << ": status " << r.status << ": " << r.err);
  BOOST_TEST(r.out.empty(), command << ": " << r.out);
  BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1, command << ": " << r.err);
  BOOST_TEST(r.err.starts_with(program + ": "), command << ": " << r.err);
  return r.err;
}

}  // namespace raidbench::test
