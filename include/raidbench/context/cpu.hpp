#pragma once
/// The CPU model and the number of logical CPUs, from /proc/cpuinfo.
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

namespace raidbench {

/// What /proc/cpuinfo says about the processors.
struct cpu_info {
  std::optional<std::string> model;    ///< "model name" (x86), "Model"/"cpu model" elsewhere
  std::optional<unsigned> logical_cpus;  ///< number of "processor" entries
  friend bool operator==(const cpu_info&, const cpu_info&) = default;
};

/// Reads <root>/proc/cpuinfo; fields it does not find stay unknown.
inline cpu_info read_cpu_info(const std::filesystem::path& root = "/") {
  cpu_info out;
  std::ifstream in(root / "proc/cpuinfo");
  std::string line;
  unsigned processors = 0;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string_view key = std::string_view(line).substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.remove_suffix(1);
    std::string_view value = std::string_view(line).substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    if (key == "processor") ++processors;
    else if ((key == "model name" || key == "Model" || key == "cpu model") && !out.model && !value.empty())
      out.model = std::string(value);
  }
  if (processors > 0) out.logical_cpus = processors;
  return out;
}

}  // namespace raidbench
