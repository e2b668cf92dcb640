#pragma once
/// Target policies: what the I/O goes to.
#include <cstdint>
#include <filesystem>
#include <string>

#include "raidbench/core/held_directory.hpp"
#include "raidbench/workload/slot.hpp"

// The files of a target are reached through a directory held open (core/held_directory.hpp): the
// caller's, when it holds one (`in`: a tool's scratch directory, held for all its runs), else one the
// runner holds for the call, resolved once from the path.
namespace raidbench::target {

/// One regular file of `size` bytes (created by write workloads when missing).
struct file {
  using slot = raidbench::slot::target;
  std::filesystem::path path;  ///< with `in`, the file's name in that directory
  std::uint64_t size = 0;
  held_directory* in = nullptr;  ///< the directory the caller holds the file in, if any

  /// The file as a person reads it.
  std::filesystem::path shown() const { return in ? in->path() / path : path; }
};

/// `count` files named `<prefix><i>` (i from 0) in `directory`, `total_size` bytes together, each
/// total_size / count, as sysbench's test_file.0 … test_file.127.
struct file_set {
  using slot = raidbench::slot::target;
  std::filesystem::path directory;  ///< left empty with `in`
  std::uint32_t count = 128;
  std::uint64_t total_size = 0;
  std::string prefix = "test_file.";
  held_directory* in = nullptr;  ///< the directory the caller holds, in place of `directory`

  std::uint64_t file_size() const noexcept { return count ? total_size / count : 0; }
  std::string name_of(std::uint32_t i) const { return prefix + std::to_string(i); }
  /// Where the files are, as a person reads it.
  std::filesystem::path where() const { return in ? in->path() : directory; }
  std::filesystem::path path_of(std::uint32_t i) const { return where() / name_of(i); }
};

/// A descriptor the caller opened and still owns (a pipe, stdin/stdout, a device, a file);
/// `size` bounds the offsets of positional engines and is ignored by the stream engine.
struct descriptor {
  using slot = raidbench::slot::target;
  int fd = -1;
  std::uint64_t size = 0;
};

}  // namespace raidbench::target
