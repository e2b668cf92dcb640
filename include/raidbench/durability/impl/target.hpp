#pragma once
// The target's definitions (see core/linkage.hpp): included by target.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "raidbench/context/device_of_path.hpp"
#include "raidbench/context/device_use.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/durability/target.hpp"

namespace raidbench::durability {

namespace detail {

inline std::string device_name_of(dev_t device) {
  std::error_code ec;
  const auto link = std::filesystem::read_symlink(fmt::format("/sys/dev/block/{}:{}", major(device), minor(device)), ec);
  return ec ? fmt::format("block device {}:{}", major(device), minor(device)) : link.filename().string();
}

/// What lstat(2) says of the path the user named: a link is refused outright.
inline expected<struct stat> named_status(const std::filesystem::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return system_failure("stat", path.string(), errno);
  if (S_ISLNK(st.st_mode)) return fail(fmt::format("{} is a symbolic link; rb-durable does not go through links", path.string()));
  return st;
}

/// The block device under a file ("sda1"), or its filesystem when it has none ("tmpfs").
inline std::string storage_name(const std::filesystem::path& path) {
  const auto storage = device_of_path(path);
  if (!storage) return "unknown";
  if (!storage->device) return storage->filesystem;
  return storage->device->partition.empty() ? storage->device->disk : storage->device->partition;
}

inline expected<std::uint64_t> device_size(int fd, const std::string& shown) {
  std::uint64_t bytes = 0;
  if (::ioctl(fd, BLKGETSIZE64, &bytes) != 0) return system_failure("BLKGETSIZE64", shown, errno);
  return bytes;
}

}  // namespace detail

RAIDBENCH_API expected<durable_target> durable_target::for_writing(const std::filesystem::path& path, std::uint64_t size,
                                                                    bool allow_device) {
  durable_target t;
  t.shown_ = path.string();
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0) {
    auto named = detail::named_status(path);
    if (!named) return named.err();
    if (S_ISBLK(st.st_mode)) {
      t.device_ = true;
      t.device_name_ = detail::device_name_of(st.st_rdev);
      if (const auto chain = device_in_use(st.st_rdev, read_block_links()))
        return fail(fmt::format("refusing to write to {}: its data is in use: {} (rb-durable never writes to a device in use)",
                                t.shown_, *chain));
      if (!allow_device)
        return fail(fmt::format("refusing to write to block device {}: its data would be overwritten; add --allow-device "
                                "to write to it anyway", t.shown_));
      // O_EXCL: the kernel refuses it while anything (a mount, md, dm) holds the device.
      t.fd_.reset(::open(path.c_str(), O_RDWR | O_EXCL | O_NOFOLLOW | O_CLOEXEC));
      if (!t.fd_) return system_failure("open", t.shown_, errno);
      auto bytes = detail::device_size(t.fd_.get(), t.shown_);
      if (!bytes) return bytes.err();
      t.size_ = *bytes;
      if (t.size_ < size)
        return fail(fmt::format("{} holds {} bytes, fewer than --size {}", t.shown_, t.size_, size));
      return t;
    }
  } else if (errno != ENOENT) {
    return system_failure("stat", t.shown_, errno);
  }
  t.name_ = path.filename().string();
  auto dir = held_directory::open(path.has_parent_path() ? path.parent_path() : std::filesystem::path(), named_by::user);
  if (!dir) return dir.err();
  t.dir_.emplace(std::move(*dir));
  auto file = t.dir_->create_or_open_own(t.name_, O_RDWR);
  if (!file) return file.err();
  t.fd_ = std::move(file->fd);
  struct stat now {};
  if (::fstat(t.fd_.get(), &now) != 0) return system_failure("stat", t.shown_, errno);
  t.size_ = static_cast<std::uint64_t>(now.st_size);
  if (t.size_ < size) {
    if (::ftruncate(t.fd_.get(), static_cast<off_t>(size)) != 0) return system_failure("truncate", t.shown_, errno);
    t.size_ = size;
  }
  t.device_name_ = detail::storage_name(path);
  return t;
}

RAIDBENCH_API expected<durable_target> durable_target::for_reading(const std::filesystem::path& path) {
  durable_target t;
  t.shown_ = path.string();
  auto st = detail::named_status(path);
  if (!st) return st.err();
  if (S_ISBLK(st->st_mode)) {
    t.device_ = true;
    t.device_name_ = detail::device_name_of(st->st_rdev);
    t.fd_.reset(::open(path.c_str(), O_RDONLY | O_DIRECT | O_NOFOLLOW | O_CLOEXEC));
    t.direct_ = static_cast<bool>(t.fd_);
    if (!t.fd_) t.fd_.reset(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (!t.fd_) return system_failure("open", t.shown_, errno);
    auto bytes = detail::device_size(t.fd_.get(), t.shown_);
    if (!bytes) return bytes.err();
    t.size_ = *bytes;
    return t;
  }
  t.name_ = path.filename().string();
  auto dir = held_directory::open(path.has_parent_path() ? path.parent_path() : std::filesystem::path(), named_by::user);
  if (!dir) return dir.err();
  t.dir_.emplace(std::move(*dir));
  auto file = t.dir_->open_regular(t.name_, O_DIRECT);
  t.direct_ = file.has_value();
  if (!file) file = t.dir_->open_regular(t.name_, 0);
  if (!file) return file.err();
  t.fd_ = std::move(*file);
  struct stat now {};
  if (::fstat(t.fd_.get(), &now) != 0) return system_failure("stat", t.shown_, errno);
  t.size_ = static_cast<std::uint64_t>(now.st_size);
  t.device_name_ = detail::storage_name(path);
  return t;
}

RAIDBENCH_API expected<int> durable_target::descriptor_for(flush_method m) {
  file_descriptor& fd = by_method_[static_cast<std::size_t>(m)];
  if (fd) return fd.get();
  const int flags = O_RDWR | open_flags_of(m);
  if (device_) {
    fd.reset(::open(shown_.c_str(), flags | O_NOFOLLOW | O_CLOEXEC));
    if (!fd) return system_failure((flags & O_DIRECT) ? "open with O_DIRECT" : "open", shown_, errno);
    // The same device as the one checked: a node swapped since then is refused.
    struct stat a {}, b {};
    if (::fstat(fd.get(), &a) != 0 || ::fstat(fd_.get(), &b) != 0 || a.st_rdev != b.st_rdev)
      return fail(fmt::format("{} is no longer the device rb-durable checked", shown_));
    return fd.get();
  }
  auto file = dir_->open_own(name_, flags);
  if (!file) return file.err();
  fd = std::move(file->fd);
  return fd.get();
}

}  // namespace raidbench::durability
