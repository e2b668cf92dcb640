#pragma once
/// What rb-durable writes and verifies, under the rules every raidbench tool keeps: a file is opened
/// relative to its directory, held open (core/held_directory.hpp), never through a link, and only
/// when it is a regular file of the tool's user with one name; a block device only when the user
/// allows it explicitly, never one whose data is in use (mounted or swap, context/device_use.hpp).
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/durability/flush_method.hpp"

namespace raidbench::durability {

class durable_target {
 public:
  /// Opens `path` to write `size` bytes: an existing file or device, or a new file (created, then
  /// extended to `size`); a block device only with `allow_device`, and never one in use.
  RAIDBENCH_API static expected<durable_target> for_writing(const std::filesystem::path& path, std::uint64_t size,
                                                             bool allow_device);
  /// Opens `path` to read back, with O_DIRECT when the file or device takes it (the page cache must
  /// not answer for the media).
  RAIDBENCH_API static expected<durable_target> for_reading(const std::filesystem::path& path);

  /// A descriptor for writes made durable by `m` (its open flags), opened once and kept.
  RAIDBENCH_API expected<int> descriptor_for(flush_method m);
  /// The descriptor the target was opened with (O_RDWR, or O_RDONLY to read back).
  int fd() const noexcept { return fd_.get(); }
  /// Bytes it holds now.
  std::uint64_t size() const noexcept { return size_; }
  bool is_device() const noexcept { return device_; }
  /// Whether reads bypass the page cache.
  bool direct() const noexcept { return direct_; }
  /// The block device under it, as /sys names it ("sdb", "sda1"), or the filesystem when it has none.
  const std::string& device_name() const noexcept { return device_name_; }
  const std::string& shown() const noexcept { return shown_; }

 private:
  durable_target() = default;

  std::optional<held_directory> dir_;  ///< a file's directory; none for a device
  std::string name_, shown_, device_name_;
  file_descriptor fd_;
  file_descriptor by_method_[all_flush_methods.size()];
  std::uint64_t size_ = 0;
  bool device_ = false, direct_ = false;
};

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/target.hpp"
#endif
