#pragma once
/// Everything raidbench gathers about where a benchmark runs: kernel, filesystem, the block device
/// chain down to the disks (with their queues, identity and PCIe links), RAM and CPU.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/context/block_chain.hpp"
#include "raidbench/context/cpu.hpp"
#include "raidbench/context/filesystem.hpp"
#include "raidbench/context/kernel.hpp"
#include "raidbench/context/memory.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// The storage context of one directory; unknown fields are empty, never guessed.
struct storage_context {
  std::string path;  ///< the directory or file it describes, as given
  std::optional<std::string> kernel;
  filesystem_info filesystem;
  std::vector<block_node> devices;  ///< top first (what the filesystem sits on), disks last
  std::optional<std::uint64_t> ram_bytes;
  cpu_info cpu;
  friend bool operator==(const storage_context&, const storage_context&) = default;
};

/// Gathers the context of `path` (which must exist); `root` replaces "/" for /sys and /proc in tests.
/// For a block device node the chain is that device's, not that of the filesystem holding the node.
inline expected<storage_context> gather_storage_context(const std::filesystem::path& path,
                                                        const std::filesystem::path& root = "/") {
  storage_context c;
  c.path = path.string();
  auto fs = read_filesystem(path, root);
  if (!fs) return fs.err();
  c.filesystem = std::move(*fs);
  unsigned maj = c.filesystem.device_major, min = c.filesystem.device_minor;
  if (struct stat node {}; ::stat(path.c_str(), &node) == 0 && S_ISBLK(node.st_mode)) {
    maj = major(node.st_rdev);
    min = minor(node.st_rdev);
  } else if (maj == 0 && c.filesystem.source && c.filesystem.source->starts_with("/dev/")) {
    // btrfs gives files an anonymous device (0:N); its mount source names the real one.
    struct stat st {};
    if (::stat((root / c.filesystem.source->substr(1)).c_str(), &st) == 0 && S_ISBLK(st.st_mode)) {
      maj = major(st.st_rdev);
      min = minor(st.st_rdev);
    }
  }
  c.devices = read_block_chain(maj, min, root / "sys");
  c.kernel = kernel_release(root);
  c.ram_bytes = raidbench::ram_bytes(root);
  c.cpu = read_cpu_info(root);
  return c;
}

}  // namespace raidbench
