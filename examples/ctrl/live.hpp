#pragma once
// rb-ctrl's live mode: finds the vendor RAID tools on a search path, runs each with the commands
// that dump its controllers, and hands back what they printed. No parsing here.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace rb_ctrl {

// Where to look and how long to wait; a test points these at fake tools in a temporary directory.
struct live_options {
  std::string search_path;                      // like $PATH: directories separated by ':'
  std::filesystem::path mdstat = "/proc/mdstat";
  std::chrono::seconds timeout{120};            // per command; vendor tools can hang on a sick bus
};

// One command that ran, or the mdstat file that was read.
struct captured_output {
  std::string name;  // "megacli -PDList -aALL -NoLog", "/proc/mdstat": used in warnings
  std::string text;
};

// What live mode found: the outputs, and one line per tool or command that did not give one.
struct live_result {
  std::vector<std::string> tools;  // the tools found, by full path (and the mdstat file when it lists arrays)
  std::vector<captured_output> outputs;
  std::vector<std::string> problems;
};

// Runs every tool family found: MegaCLI, StorCLI/PercCLI, ssacli/hpssacli/hpacucli, arcconf, and
// Linux md (mdadm --detail per array listed in mdstat, or the mdstat text itself).
live_result run_live(const live_options& o);

// The tool names live mode looks for, in the order it tries them, for the "none found" message.
std::string searched_tools();

}  // namespace rb_ctrl
