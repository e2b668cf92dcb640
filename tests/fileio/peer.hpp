#pragma once
// Runs sysbench and rb-fileio side by side in one directory and compares their reports' structure.
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "../fsync/shell.hpp"
#include "../support/temp_dir.hpp"

namespace raidbench::test {

struct command_output {
  std::string out;
  int status = -1;
};

// `command` for sh in `dir`, stdout and stderr together.
inline std::string in_dir(const std::filesystem::path& dir, const std::string& command) {
  return "cd '" + dir.string() + "' && " + command + " 2>&1";
}

/// Runs `command` with sh in `dir`, stdout and stderr together.
inline command_output run_in(const std::filesystem::path& dir, const std::string& command) {
  const auto r = run_one(in_dir(dir, command));
  return {r.output, r.status};
}

/// Runs the peer's and the replica's command at once in `dir` (run_all), for runs that last a set
/// time waiting on the disk: the pair takes that time once.
inline std::pair<command_output, command_output> run_both_in(const std::filesystem::path& dir, const std::string& peer,
                                                             const std::string& ours) {
  const auto r = run_all({in_dir(dir, peer), in_dir(dir, ours)});
  return {{r[0].output, r[0].status}, {r[1].output, r[1].status}};
}

/// One line's shape: every number becomes N with its decimals kept (12.345 → N.ddd), runs of
/// spaces inside the line become one (right-aligned numbers move), leading indentation stays.
inline std::string shape(const std::string& line) {
  static const std::regex number(R"(\d+(\.(\d+))?)");
  std::string out;
  auto it = std::sregex_iterator(line.begin(), line.end(), number);
  std::size_t last = 0;
  for (; it != std::sregex_iterator(); ++it) {
    out += line.substr(last, static_cast<std::size_t>(it->position()) - last);
    out += "N";
    if ((*it)[2].matched) out += "." + std::string(static_cast<std::size_t>((*it)[2].length()), 'd');
    last = static_cast<std::size_t>(it->position() + it->length());
  }
  out += line.substr(last);
  const std::size_t indent = out.find_first_not_of(' ');
  if (indent == std::string::npos) return out;
  std::string body = out.substr(indent);
  body = std::regex_replace(body, std::regex(" {2,}"), " ");
  return out.substr(0, indent) + body;
}

/// A report's lines as shapes, the banner without its parentheses (the one text the replica may
/// change, as sysbench's own tests glob it), and with each run of interval lines counted once (how
/// many fit in the time differs by a tick). Nothing is left out: with stderr not a terminal, rb-fileio
/// adds no line of its own to either stream.
inline std::vector<std::string> shapes(const std::string& text) {
  static const std::regex parentheses(R"( *\(.*\))");
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("sysbench ")) line = std::regex_replace(line, parentheses, "");
    std::string s = shape(line);
    if (s.starts_with("[ Ns ]") && !out.empty() && out.back() == s) continue;
    out.push_back(std::move(s));
  }
  return out;
}

/// Checks that two reports have the same lines, labels and number formats, line by line.
inline void check_same_structure(const std::string& peer, const std::string& ours, const std::string& what) {
  const auto a = shapes(peer), b = shapes(ours);
  BOOST_TEST_CONTEXT(what << "\n--- sysbench:\n" << peer << "\n--- rb-fileio:\n" << ours) {
    BOOST_TEST(a.size() == b.size());
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) BOOST_TEST(a[i] == b[i], "line " << i + 1);
  }
}

/// Every test mode against sysbench with one --file-io-mode, in one temporary directory. A count of
/// events, not a time, ends each run: the report has the same lines, and 36 runs of a second each
/// would keep a core busy for half a minute (the time-limited stop is compared in compare_prepare.cpp).
inline void compare_all_modes(const std::string& io_mode) {
  temp_dir dir;
  const std::string common =
      " --file-total-size=4M --file-num=4 --file-block-size=16K --time=0 --events=600 --file-io-mode=" + io_mode;
  BOOST_TEST_REQUIRE(run_in(dir.path(), "sysbench fileio" + common + " prepare").status == 0);
  // seqwr recreates the files, so it goes last.
  for (const char* mode : {"seqrd", "rndrd", "seqrewr", "rndwr", "rndrw", "seqwr"}) {
    const std::string options = common + " --file-test-mode=" + mode;
    const auto peer = run_in(dir.path(), "sysbench fileio" + options + " run");
    const auto ours = run_in(dir.path(), std::string(RB_FILEIO) + options + " run");
    BOOST_TEST(peer.status == 0);
    BOOST_TEST(ours.status == 0);
    check_same_structure(peer.out, ours.out, std::string(mode) + " " + io_mode);
  }
}

}  // namespace raidbench::test
