#pragma once
/// The block device under a path, found through stat(2) and /sys, and whether it says it rotates.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"

namespace raidbench {

/// A block device as /sys describes it.
struct block_device {
  std::string disk;                ///< the whole device: "sda", "vda", "nvme0n1", "dm-0", "md0"
  std::string partition;           ///< the partition holding the path ("sda1"); empty on a whole device
  std::optional<bool> rotational;  ///< queue/rotational; empty when /sys does not say
};

/// What holds a path: its filesystem and, when it has one, the block device under it.
struct path_storage {
  std::string filesystem;              ///< "ext2/3/4", "xfs", "tmpfs"…, or "unknown (0x…)"
  std::optional<block_device> device;  ///< none for tmpfs, NFS, btrfs and other device-less mounts
};

namespace detail {
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
}  // namespace detail

/// Finds the filesystem and block device under `path` (a file or directory that exists);
/// `sys` is the sysfs root, replaceable for tests.
inline expected<path_storage> device_of_path(const std::filesystem::path& path,
                                             const std::filesystem::path& sys = "/sys") {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return system_failure("stat", path.string(), errno);
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return system_failure("statfs", path.string(), errno);
  path_storage out{detail::filesystem_name(static_cast<long>(fs.f_type)), std::nullopt};

  std::error_code ec;
  const auto link = sys / "dev" / "block" / fmt::format("{}:{}", major(st.st_dev), minor(st.st_dev));
  auto dir = std::filesystem::canonical(link, ec);
  if (ec) return out;  // no block device: tmpfs, NFS, btrfs's anonymous devices
  block_device dev;
  if (std::filesystem::exists(dir / "partition", ec)) {
    dev.partition = dir.filename().string();
    dir = dir.parent_path();
  }
  dev.disk = dir.filename().string();
  if (std::ifstream in(dir / "queue" / "rotational"); in) {
    int flag = -1;
    if (in >> flag && (flag == 0 || flag == 1)) dev.rotational = flag == 1;
  }
  out.device = std::move(dev);
  return out;
}

}  // namespace raidbench
