#pragma once
// Live mode's definitions (see core/linkage.hpp): included by live.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/controller/live.hpp"
#include "raidbench/core/child_process.hpp"
#include "raidbench/core/input_file.hpp"
#include "raidbench/core/program_path.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail {

using tool_args = std::vector<std::string>;

/// A tool family: the names its binary goes by (first found wins) and the commands that dump everything.
struct tool_family {
  std::vector<std::string_view> names;
  std::vector<tool_args> commands;
};

inline const std::vector<tool_family>& fixed_tool_families() {
  static const std::vector<tool_family> families{
      {{"megacli", "MegaCli64", "MegaCli"},
       {{"-AdpAllInfo", "-aALL", "-NoLog"},
        {"-LDInfo", "-Lall", "-aALL", "-NoLog"},
        {"-PDList", "-aALL", "-NoLog"},
        {"-AdpBbuCmd", "-aALL", "-NoLog"},
        {"-AdpGetPciInfo", "-aALL", "-NoLog"}}},  // the PCI address ties a controller to its disks
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

// First line of a tool's complaint, for a one-line problem report.
inline std::string first_line(std::string_view text) {
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return {};
  text.remove_prefix(start);
  return std::string(text.substr(0, text.find_first_of("\r\n")));
}

inline child_limits limits_of(const live_options& o) { return {o.timeout, input_cap}; }

/// What live mode does after a command.
enum class after_command { go_on, skip_tool, stop };

// Runs one command; keeps any output it printed (a failing storcli still explains itself in JSON on
// stdout), and notes a problem when it printed nothing or could not run. A tool that did not answer
// in time is not asked again (its other commands would each wait as long); a signal that stopped it
// stops live mode.
inline after_command run_into(live_result& r, const std::string& path, std::string_view tool, const tool_args& a,
                              const live_options& o) {
  std::string name(tool);
  for (const auto& x : a) name += " " + x;
  auto c = run_child(path, a, limits_of(o));
  if (!c.failure.empty()) {
    r.problems.push_back(name + ": " + c.failure);
    r.interrupted_by = c.interrupted_by;
    return c.interrupted_by != 0 ? after_command::stop : c.timed_out ? after_command::skip_tool : after_command::go_on;
  }
  if (c.out.find_first_not_of(" \t\r\n") == std::string::npos) {
    const std::string why = first_line(c.err);
    r.problems.push_back(name + ": exit status " + std::to_string(c.status) + ", no output" + (why.empty() ? "" : ": " + why));
    return after_command::go_on;
  }
  r.outputs.push_back({name, std::move(c.out)});
  return after_command::go_on;
}

// Runs a tool's commands in turn until one asks to stop or skip the rest; false when live mode stops.
inline bool run_all(live_result& r, const std::string& path, std::string_view tool, const std::vector<tool_args>& commands,
                    const live_options& o) {
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const auto next = run_into(r, path, tool, commands[i], o);
    if (next == after_command::stop) return false;
    if (next == after_command::skip_tool) {
      if (i + 1 < commands.size()) r.problems.push_back(fmt::format("{}: its {} other command(s) not run", tool, commands.size() - i - 1));
      break;
    }
  }
  return true;
}

/// "Controllers found: 2" in `arcconf GETVERSION`; 1 when the line is missing.
inline unsigned arcconf_controller_count(const std::string& text) {
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

/// Array names ("md0", "md_d0") listed in /proc/mdstat.
inline std::vector<std::string> md_arrays(const std::string& mdstat) {
  std::vector<std::string> names;
  for (const auto& line : text::split_lines(mdstat)) {
    const std::string_view s = line.text;
    const auto colon = s.find(" : ");
    if (s.starts_with("md") && colon != std::string_view::npos && s.substr(0, colon).find(' ') == std::string_view::npos)
      names.emplace_back(s.substr(0, colon));
  }
  return names;
}

inline void run_md(live_result& r, const live_options& o) {
  auto text = read_input_file(o.mdstat.string());
  if (!text) {
    if (text.err().errnum != ENOENT) r.problems.push_back(text.message());  // no md driver: no mdstat, nothing to say
    return;
  }
  const auto arrays = md_arrays(*text);
  if (arrays.empty()) return;
  r.tools.push_back(o.mdstat.string());
  // mdadm --detail says more per array (sizes, device roles); /proc/mdstat stands in when mdadm is
  // missing or cannot read an array (it needs the /dev/md* node, usually root).
  if (const auto mdadm = find_in_path(o.search_path, "mdadm")) {
    r.tools.push_back(*mdadm);
    live_result details;
    std::vector<tool_args> commands;
    for (const auto& a : arrays) commands.push_back({"--detail", "/dev/" + a});
    if (!run_all(details, *mdadm, "mdadm", commands, o)) {
      r.interrupted_by = details.interrupted_by;
      for (auto& p : details.problems) r.problems.push_back(std::move(p));
      return;
    }
    if (details.problems.empty()) {
      for (auto& d : details.outputs) r.outputs.push_back(std::move(d));
      return;
    }
    for (auto& p : details.problems) r.problems.push_back(p + " (using " + o.mdstat.string() + " instead)");
  }
  r.outputs.push_back({o.mdstat.string(), std::move(*text)});
}

}  // namespace detail

RAIDBENCH_API std::string searched_tools() {
  std::string s;
  for (const auto& f : detail::fixed_tool_families())
    for (auto n : f.names) s += std::string(n) + ", ";
  return s + "arcconf, mdadm";
}

RAIDBENCH_API live_result run_live(const live_options& o) {
  live_result r;
  for (const auto& f : detail::fixed_tool_families()) {
    for (auto name : f.names) {
      const auto path = find_in_path(o.search_path, name);
      if (!path) continue;
      r.tools.push_back(*path);
      if (!detail::run_all(r, *path, name, f.commands, o)) return r;
      break;
    }
  }
  if (const auto arcconf = find_in_path(o.search_path, "arcconf")) {
    r.tools.push_back(*arcconf);
    const auto version = run_child(*arcconf, {"GETVERSION"}, detail::limits_of(o));
    if (!version.failure.empty()) {
      r.problems.push_back("arcconf GETVERSION: " + version.failure);
      r.interrupted_by = version.interrupted_by;
      if (version.interrupted_by != 0) return r;
    }
    std::vector<detail::tool_args> commands;
    if (!version.timed_out)
      for (unsigned n = 1; n <= detail::arcconf_controller_count(version.out); ++n) commands.push_back({"GETCONFIG", std::to_string(n), "AL"});
    if (!detail::run_all(r, *arcconf, "arcconf", commands, o)) return r;
  }
  detail::run_md(r, o);
  return r;
}

}  // namespace raidbench
