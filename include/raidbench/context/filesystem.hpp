#pragma once
/// The filesystem holding a path: type, mount source, mount point and options (from
/// /proc/self/mountinfo), block size and space (from statfs(2)), and the device number it sits on.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>

#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"

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
inline std::string filesystem_name(long magic) {
  switch (static_cast<unsigned long>(magic)) {
    case 0xEF53: return "ext2/3/4";
    case 0x58465342: return "xfs";
    case 0x9123683E: return "btrfs";
    case 0x01021994: return "tmpfs";
    case 0x6969: return "nfs";
    case 0x2FC12FC1: return "zfs";
    case 0x794C7630: return "overlayfs";
    case 0xF2F52010: return "f2fs";
    default: return fmt::format("unknown (0x{:x})", static_cast<unsigned long>(magic));
  }
}

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

// "rw,relatime" + "rw,discard" -> "rw,relatime,discard": superblock options not already listed.
inline std::string join_mount_options(const std::string& per_mount, const std::string& super) {
  std::string out = per_mount;
  std::istringstream in(super);
  std::string option;
  while (std::getline(in, option, ',')) {
    if (option.empty() || ("," + out + ",").find("," + option + ",") != std::string::npos) continue;
    if (!out.empty()) out += ',';
    out += option;
  }
  return out;
}

inline bool is_under(const std::string& path, const std::string& mount_point) {
  if (mount_point == "/") return true;
  return path.starts_with(mount_point) && (path.size() == mount_point.size() || path[mount_point.size()] == '/');
}

/// The mount holding `path` on device major:minor: the longest mount point above it on that device
/// (the last such line wins, as a later mount hides an earlier one on the same point).
inline std::optional<mount_entry> find_mount(const std::filesystem::path& mountinfo, const std::string& path,
                                             unsigned major, unsigned minor) {
  std::ifstream in(mountinfo);
  std::string line;
  std::optional<mount_entry> best;
  while (std::getline(in, line)) {
    auto e = parse_mountinfo_line(line);
    if (!e || e->major != major || e->minor != minor || !is_under(path, e->mount_point)) continue;
    if (!best || e->mount_point.size() >= best->mount_point.size()) best = std::move(e);
  }
  return best;
}

}  // namespace detail

/// Describes the filesystem of `path` (which must exist); `root` replaces "/" for /proc in tests.
inline expected<filesystem_info> read_filesystem(const std::filesystem::path& path, const std::filesystem::path& root = "/") {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return system_failure("stat", path.string(), errno);
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return system_failure("statfs", path.string(), errno);
  filesystem_info out;
  out.device_major = major(st.st_dev);
  out.device_minor = minor(st.st_dev);
  out.block_size = static_cast<std::uint64_t>(fs.f_bsize);
  const auto unit = static_cast<std::uint64_t>(fs.f_frsize ? fs.f_frsize : fs.f_bsize);
  out.size_bytes = static_cast<std::uint64_t>(fs.f_blocks) * unit;
  out.available_bytes = static_cast<std::uint64_t>(fs.f_bavail) * unit;

  std::error_code ec;
  const auto absolute = std::filesystem::canonical(path, ec);
  const auto mount = detail::find_mount(root / "proc/self/mountinfo", ec ? path.string() : absolute.string(),
                                        out.device_major, out.device_minor);
  if (mount) {
    out.type = mount->type;
    out.source = mount->source;
    out.mount_point = mount->mount_point;
    out.mount_options = detail::join_mount_options(mount->options, mount->super_options);
  } else {
    out.type = detail::filesystem_name(static_cast<long>(fs.f_type));
  }
  return out;
}

}  // namespace raidbench
