#pragma once
/// The block device under a path and whether it says it rotates: the short answer of the storage
/// context (context/storage_context.hpp), for tools that need no more.
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/context/block_chain.hpp"
#include "raidbench/context/filesystem.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

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
RAIDBENCH_API expected<path_storage> device_of_path(const std::filesystem::path& path,
                                                    const std::filesystem::path& sys = "/sys");

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/device_of_path.hpp"
#endif
