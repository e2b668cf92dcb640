#pragma once
// The storage context gatherer's definition (see core/linkage.hpp): included by storage_context.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <filesystem>
#include <string>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/context/block_chain.hpp"
#include "raidbench/context/cpu.hpp"
#include "raidbench/context/filesystem.hpp"
#include "raidbench/context/kernel.hpp"
#include "raidbench/context/memory.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

RAIDBENCH_API expected<storage_context> gather_storage_context(const std::filesystem::path& path,
                                                               const std::filesystem::path& root) {
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
