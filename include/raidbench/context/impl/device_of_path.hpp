#pragma once
// The device-of-path lookup's definition (see core/linkage.hpp): included by device_of_path.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>

#include <cerrno>
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/context/device_of_path.hpp"
#include "raidbench/context/block_chain.hpp"
#include "raidbench/context/filesystem.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"

namespace raidbench {

RAIDBENCH_API expected<path_storage> device_of_path(const std::filesystem::path& path,
                                                    const std::filesystem::path& sys) {
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
