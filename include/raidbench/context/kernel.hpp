#pragma once
/// The running kernel's release ("6.1.0-18-amd64"), as `uname -r` prints it.
#include <sys/utsname.h>

#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/context/sysfs_text.hpp"

namespace raidbench {

/// Reads <root>/proc/sys/kernel/osrelease; on the real root, falls back to uname(2).
inline std::optional<std::string> kernel_release(const std::filesystem::path& root = "/") {
  if (auto r = detail::read_first_line(root / "proc/sys/kernel/osrelease")) return r;
  if (root != "/") return std::nullopt;
  struct utsname u {};
  if (::uname(&u) != 0) return std::nullopt;
  return std::string(u.release);
}

}  // namespace raidbench
