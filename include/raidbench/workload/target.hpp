#pragma once
/// Target policies: what the I/O goes to.
#include <cstdint>
#include <filesystem>
#include <string>

#include "raidbench/workload/slot.hpp"

namespace raidbench::target {

/// One regular file of `size` bytes (created by write workloads when missing).
struct file {
  using slot = raidbench::slot::target;
  std::filesystem::path path;
  std::uint64_t size = 0;
};

/// `count` files named `<prefix><i>` (i from 0) in `directory`, `total_size` bytes together, each
/// total_size / count, as sysbench's test_file.0 … test_file.127.
struct file_set {
  using slot = raidbench::slot::target;
  std::filesystem::path directory;
  std::uint32_t count = 128;
  std::uint64_t total_size = 0;
  std::string prefix = "test_file.";

  std::uint64_t file_size() const noexcept { return count ? total_size / count : 0; }
  std::filesystem::path path_of(std::uint32_t i) const { return directory / (prefix + std::to_string(i)); }
};

/// A descriptor the caller opened and still owns (a pipe, stdin/stdout, a device, a file);
/// `size` bounds the offsets of positional engines and is ignored by the stream engine.
struct descriptor {
  using slot = raidbench::slot::target;
  int fd = -1;
  std::uint64_t size = 0;
};

}  // namespace raidbench::target
