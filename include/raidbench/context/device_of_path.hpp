#pragma once
/// The block device under a path and whether it says it rotates: the short answer of the storage
/// context (context/storage_context.hpp), for tools that need no more.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cerrno>
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/context/block_chain.hpp"
#include "raidbench/context/filesystem.hpp"
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

/// Finds the filesystem and block device under `path` (a file or directory that exists);
/// `sys` is the sysfs root, replaceable for tests.
inline expected<path_storage> device_of_path(const std::filesystem::path& path,
                                             const std::filesystem::path& sys = "/sys") {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return system_failure("stat", path.string(), errno);
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return system_failure("statfs", path.string(), errno);
  path_storage out{detail::filesystem_name(static_cast<long>(fs.f_type)), std::nullopt};
  const auto chain = read_block_chain(major(st.st_dev), minor(st.st_dev), sys);
  if (chain.empty()) return out;  // no block device: tmpfs, NFS, btrfs's anonymous devices
  block_device dev;
  const block_node* whole = &chain.front();
  if (whole->kind == block_kind::partition) {
    dev.partition = whole->name;
    if (chain.size() > 1) whole = &chain[1];
    else dev.disk = whole->below.front();
  }
  if (dev.disk.empty()) dev.disk = whole->name;
  if (whole->kind != block_kind::partition) dev.rotational = whole->rotational;
  out.device = std::move(dev);
  return out;
}

}  // namespace raidbench
