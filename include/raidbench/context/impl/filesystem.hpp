#pragma once
// The filesystem reader's definitions (see core/linkage.hpp): included by filesystem.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>

#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "raidbench/context/filesystem.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"

namespace raidbench {

namespace detail {

RAIDBENCH_API std::string filesystem_name(long magic) {
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

RAIDBENCH_API expected<filesystem_info> read_filesystem(const std::filesystem::path& path, const std::filesystem::path& root) {
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
