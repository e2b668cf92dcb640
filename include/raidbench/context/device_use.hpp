#pragma once
/// Whether a block device's data is in use: a write to a device changes every device built on it
/// (holders: dm, md; loop devices over its node or over a file on it; its partitions) and every
/// device it is built on (slaves, a partition's disk, a loop device's backing device or file), and
/// through those whatever is built on them. A chain of such devices that ends in a mounted
/// filesystem or an active swap area means the write would destroy data in use. A loop device on a
/// loop device shows in no holders/ directory: loop/backing_file is followed instead.
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/core/file_identity.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// One block device as /sys links it to the others, and what uses it directly.
struct block_link_node {
  std::string name;  ///< "sda1", "dm-0", "md127", "loop3"
  dev_t device = 0;
  std::string disk;                   ///< a partition's disk; empty for a whole device
  std::vector<std::string> holders;   ///< the devices built on it (holders/)
  std::vector<std::string> slaves;    ///< the devices it is built on (slaves/)
  /// Each slave holds only an extent of it (LVM, kpartx partitions), so its siblings on the slave
  /// are not changed by writing it; md, dm-crypt and multipath cover their slaves whole.
  bool maps_part_of_slaves = false;
  std::optional<dev_t> backing_device;        ///< a loop device over a block device node
  std::optional<file_identity> backing_file;  ///< a loop device over a regular file
  std::vector<std::string> mount_points;      ///< filesystems on it that are mounted
  bool swap = false;                          ///< an active swap area (/proc/swaps)
};

/// Every block device the system knows, linked, with the mounts and swap areas that use them.
struct block_links {
  std::vector<block_link_node> nodes;
  std::vector<file_identity> swap_files;  ///< active swap areas in regular files
};

/// Reads /sys/class/block, /sys/fs/btrfs (a btrfs filesystem spans devices its mountinfo line does
/// not name), /proc/self/mountinfo and /proc/swaps; the roots are replaceable for tests.
RAIDBENCH_API block_links read_block_links(const std::filesystem::path& sys = "/sys",
                                           const std::filesystem::path& proc = "/proc");

/// The first chain from `device` to a mount or an active swap area that a write to it would
/// reach, as one line ("loop0 → loop1 (a loop device over it) → mounted at /mnt"); nothing when
/// the device's data is not in use.
RAIDBENCH_API std::optional<std::string> device_in_use(dev_t device, const block_links& links);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/device_use.hpp"
#endif
