#pragma once
// The CPU reader's definition (see core/linkage.hpp): included by cpu.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "raidbench/context/cpu.hpp"

namespace raidbench {

RAIDBENCH_API cpu_info read_cpu_info(const std::filesystem::path& root) {
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
