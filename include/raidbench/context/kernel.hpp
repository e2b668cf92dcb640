#pragma once
/// The running kernel's release ("6.1.0-18-amd64"), as `uname -r` prints it.
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/context/sysfs_text.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Reads <root>/proc/sys/kernel/osrelease; on the real root, falls back to uname(2).
RAIDBENCH_API std::optional<std::string> kernel_release(const std::filesystem::path& root = "/");

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/kernel.hpp"
#endif
