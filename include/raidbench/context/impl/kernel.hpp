#pragma once
// The kernel release reader's definition (see core/linkage.hpp): included by kernel.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <sys/utsname.h>

#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/context/kernel.hpp"
#include "raidbench/context/sysfs_text.hpp"

namespace raidbench {

RAIDBENCH_API std::optional<std::string> kernel_release(const std::filesystem::path& root) {
  if (auto r = detail::read_first_line(root / "proc/sys/kernel/osrelease")) return r;
  if (root != "/") return std::nullopt;
  struct utsname u {};
  if (::uname(&u) != 0) return std::nullopt;
  return std::string(u.release);
}

}  // namespace raidbench
