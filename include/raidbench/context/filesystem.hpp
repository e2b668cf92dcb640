#pragma once
/// The filesystem holding a path: type, mount source, mount point and options (from
/// /proc/self/mountinfo), block size and space (from statfs(2)), and the device number it sits on.
#include <cstdio>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// A filesystem as the kernel describes it; what it does not say stays unknown.
struct filesystem_info {
  std::optional<std::string> type;           ///< "ext4", "xfs", "tmpfs", "overlay" (mountinfo), else from statfs
  std::optional<std::string> source;         ///< "/dev/vda1", "tmpfs", "overlay"
  std::optional<std::string> mount_point;
  std::optional<std::string> mount_options;  ///< per-mount options, then the superblock's ("rw,relatime,discard")
  std::optional<std::uint64_t> block_size;   ///< statfs f_bsize
  std::optional<std::uint64_t> size_bytes;
  std::optional<std::uint64_t> available_bytes;  ///< what an unprivileged writer may still use
  unsigned device_major = 0;                 ///< st_dev of the path (0:N for device-less filesystems)
  unsigned device_minor = 0;
  friend bool operator==(const filesystem_info&, const filesystem_info&) = default;
};

namespace detail {

/// A name for a statfs magic number, for when mountinfo does not list the mount.
RAIDBENCH_API std::string filesystem_name(long magic);

/// One line of /proc/self/mountinfo, with the fields raidbench uses.
struct mount_entry {
  unsigned major = 0, minor = 0;
  std::string mount_point, options, type, source, super_options;
};

// mountinfo escapes space, tab, newline and backslash as \ooo.
inline std::string unescape_mount_field(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '3') {
      out += static_cast<char>((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

inline std::optional<mount_entry> parse_mountinfo_line(const std::string& line) {
  std::istringstream in(line);
  std::string id, parent, dev, root, point, options, field;
  if (!(in >> id >> parent >> dev >> root >> point >> options)) return std::nullopt;
  while (in >> field && field != "-") {}  // optional fields end with "-"
  mount_entry e;
  if (field != "-" || !(in >> e.type >> e.source)) return std::nullopt;
  in >> e.super_options;
  if (std::sscanf(dev.c_str(), "%u:%u", &e.major, &e.minor) != 2) return std::nullopt;
  e.mount_point = unescape_mount_field(point);
  e.source = unescape_mount_field(e.source);
  e.options = std::move(options);
  return e;
}

inline bool is_under(const std::string& path, const std::string& mount_point) {
  if (mount_point == "/") return true;
  return path.starts_with(mount_point) && (path.size() == mount_point.size() || path[mount_point.size()] == '/');
}

}  // namespace detail

/// Describes the filesystem of `path` (which must exist); `root` replaces "/" for /proc in tests.
RAIDBENCH_API expected<filesystem_info> read_filesystem(const std::filesystem::path& path,
                                                       const std::filesystem::path& root = "/");

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/filesystem.hpp"
#endif
