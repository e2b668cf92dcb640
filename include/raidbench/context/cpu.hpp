#pragma once
/// The CPU model and the number of logical CPUs, from /proc/cpuinfo.
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// What /proc/cpuinfo says about the processors.
struct cpu_info {
  std::optional<std::string> model;    ///< "model name" (x86), "Model"/"cpu model" elsewhere
  std::optional<unsigned> logical_cpus;  ///< number of "processor" entries
  friend bool operator==(const cpu_info&, const cpu_info&) = default;
};

/// Reads <root>/proc/cpuinfo; fields it does not find stay unknown.
RAIDBENCH_API cpu_info read_cpu_info(const std::filesystem::path& root = "/");

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/cpu.hpp"
#endif
