#pragma once
/// Everything raidbench gathers about where a benchmark runs: kernel, filesystem, the block device
/// chain down to the disks (with their queues, identity and PCIe links), RAM and CPU.
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
#include "raidbench/core/linkage.hpp"

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
RAIDBENCH_API expected<storage_context> gather_storage_context(const std::filesystem::path& path,
                                                               const std::filesystem::path& root = "/");

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/storage_context.hpp"
#endif
