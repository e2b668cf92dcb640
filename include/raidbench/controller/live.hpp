#pragma once
/// Live mode: finds the vendor RAID tools on a search path, runs each with the commands that dump
/// its controllers (core/child_process.hpp: a deadline per call, the output capped, nothing left
/// running), and hands back what they printed (controller/collect.hpp reads it).
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// $PATH, then where LSI/Broadcom packages install their tools without touching PATH.
inline std::string default_tool_search_path() {
  const char* path = std::getenv("PATH");
  std::string s = path && *path ? path : "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  return s + ":/opt/MegaRAID/MegaCli:/opt/MegaRAID/storcli:/opt/MegaRAID/perccli";
}

/// Where to look and how long to wait; a test points these at fake tools in a temporary directory.
struct live_options {
  std::string search_path = default_tool_search_path();  ///< like $PATH: directories separated by ':'
  std::filesystem::path mdstat = "/proc/mdstat";
  std::chrono::seconds timeout{120};  ///< per command, start to exit; vendor tools can hang on a sick bus
};

/// One text to read: what a command printed, the mdstat file, or a saved dump, named for messages.
struct captured_output {
  std::string name;  ///< "megacli -PDList -aALL -NoLog", "/proc/mdstat", a file name
  std::string text;
};

/// What live mode found: the outputs, and one line per tool or command that did not give one.
struct live_result {
  std::vector<std::string> tools;  ///< the tools found, by full path (and the mdstat file when it lists arrays)
  std::vector<captured_output> outputs;
  std::vector<std::string> problems;
  /// SIGINT, SIGTERM or SIGHUP stopped a command, and live mode ran no further one (0: none did).
  int interrupted_by = 0;
};

/// The tool names live mode looks for, in the order it tries them, for a "none found" message.
RAIDBENCH_API std::string searched_tools();

/// Runs every tool family found: MegaCLI, StorCLI/PercCLI, ssacli/hpssacli/hpacucli, arcconf, and
/// Linux md (mdadm --detail per array listed in mdstat, or the mdstat text itself).
RAIDBENCH_API live_result run_live(const live_options& o);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/live.hpp"
#endif
