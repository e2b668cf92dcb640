#pragma once
// Whether rb-dd may write to an output: never to a mounted device, to another block device only
// with --allow-device. The decision is a pure function of stat(2) facts and /proc/self/mountinfo.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"

namespace rbdd {

/// What the guard needs to know about an output.
struct output_facts {
  std::string name;           ///< as the user wrote it (or "standard output")
  bool block_device = false;
  dev_t device = 0;           ///< st_rdev of a block device
  std::string canonical;      ///< its resolved path (/dev/sdb), to match mount sources
  std::span<const dev_t> parts;  ///< partitions and holders of the device (from /sys), also never written when mounted
};

namespace detail {

// mountinfo escapes blanks in paths as \040 and backslashes as \134.
inline std::string unescape_mount_field(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size()) {
      const auto oct = [&](char c) { return c >= '0' && c <= '7'; };
      if (oct(s[i + 1]) && oct(s[i + 2]) && oct(s[i + 3])) {
        out += static_cast<char>((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
        i += 3;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

inline std::string_view field(std::string_view line, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t sp = line.find(' ');
    if (sp == std::string_view::npos) return {};
    line.remove_prefix(sp + 1);
  }
  return line.substr(0, line.find(' '));
}

}  // namespace detail

/// The mount point of the first filesystem in `mountinfo` that lives on `device` (by device
/// number, or by its source path `canonical`), or an empty string.
inline std::string mounted_at(std::string_view mountinfo, dev_t device, std::string_view canonical) {
  while (!mountinfo.empty()) {
    const std::size_t nl = mountinfo.find('\n');
    const std::string_view line = mountinfo.substr(0, nl);
    mountinfo.remove_prefix(nl == std::string_view::npos ? mountinfo.size() : nl + 1);
    const std::string_view numbers = detail::field(line, 2);
    const std::size_t colon = numbers.find(':');
    bool same = false;
    if (colon != std::string_view::npos) {
      const std::string major_text(numbers.substr(0, colon)), minor_text(numbers.substr(colon + 1));
      same = std::strtoul(major_text.c_str(), nullptr, 10) == major(device) &&
             std::strtoul(minor_text.c_str(), nullptr, 10) == minor(device);
    }
    const std::size_t dash = line.find(" - ");
    if (!same && dash != std::string_view::npos && !canonical.empty())
      same = detail::unescape_mount_field(detail::field(line.substr(dash + 3), 1)) == canonical;
    if (same) return detail::unescape_mount_field(detail::field(line, 4));
  }
  return {};
}

/// Refuses a block device that is mounted (itself, a partition or a holder of it) whatever the
/// override, and any other block device unless `allow_device`.
inline raidbench::expected<void> check_output(const output_facts& out, std::string_view mountinfo, bool allow_device) {
  if (!out.block_device) return {};
  std::string where = mounted_at(mountinfo, out.device, out.canonical);
  for (std::size_t i = 0; where.empty() && i < out.parts.size(); ++i) where = mounted_at(mountinfo, out.parts[i], {});
  if (!where.empty())
    return raidbench::fail(fmt::format("refusing to write to {}: a filesystem on it is mounted at {} "
                                       "(rb-dd never writes to a mounted device, not even with --allow-device)",
                                       out.name, where));
  if (!allow_device)
    return raidbench::fail(fmt::format("refusing to write to block device {}: its data would be overwritten; "
                                       "add --allow-device to write to it anyway", out.name));
  return {};
}

}  // namespace rbdd
