#pragma once
/// Opens a workload's target before the timed run: files created, sizes checked, flags applied.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/owned_file.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/workload/target.hpp"

namespace raidbench {

/// What the run does to the target, which decides how it is opened.
enum class target_use : unsigned char {
  read,        ///< data must be there
  write,       ///< files are created when missing and may grow
  rewrite,     ///< data must be there and is overwritten
  read_write,  ///< data must be there; read and overwritten (a mix)
};

/// The target, open: one descriptor per file, all of `file_size` bytes.
class opened_target {
 public:
  opened_target() = default;
  opened_target(opened_target&&) noexcept = default;
  opened_target& operator=(opened_target&&) noexcept = default;
  ~opened_target() { unmap(); }

  const std::vector<int>& fds() const noexcept { return fds_; }
  std::uint32_t file_count() const noexcept { return static_cast<std::uint32_t>(fds_.size()); }
  std::uint64_t file_size() const noexcept { return file_size_; }
  /// The path of each file ("descriptor N" for a lent descriptor).
  const std::vector<std::string>& names() const noexcept { return names_; }
  /// Closes the descriptors but keeps the files, for engines that open a file for every I/O.
  void close_descriptors() noexcept {
    owned_.clear();
    for (int& fd : fds_) fd = -1;
  }
  /// Mappings of each file (mmap engine only).
  const std::vector<std::byte*>& maps() const noexcept { return maps_; }

  /// Maps every file shared, for the mmap engine.
  expected<void> map_files(bool writable) {
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      void* p = ::mmap(nullptr, file_size_, PROT_READ | (writable ? PROT_WRITE : 0), MAP_SHARED, fds_[i], 0);
      if (p == MAP_FAILED) return system_failure("mmap", names_[i], errno);
      maps_.push_back(static_cast<std::byte*>(p));
    }
    return {};
  }

  /// Takes over the list of files `other` created (it opened the same files before this did), so a
  /// failure after reopening still removes them.
  void take_created_files(opened_target& other) {
    created_.insert(created_.end(), other.created_.begin(), other.created_.end());
    other.created_.clear();
  }

  /// Removes the files this run created; called when a run fails so no partial file is left.
  void remove_created_files() noexcept {
    unmap();
    owned_.clear();
    fds_.clear();
    for (const auto& p : created_) ::unlink(p.c_str());
    created_.clear();
  }

  static expected<opened_target> open(const target::file& t, int flags, target_use use) {
    opened_target out;
    auto r = out.add(t.path, t.size, flags, use);
    if (!r) return r.err();
    out.file_size_ = t.size;
    return out;
  }
  static expected<opened_target> open(const target::file_set& t, int flags, target_use use) {
    if (t.count == 0) return fail("the file set has no files");
    opened_target out;
    for (std::uint32_t i = 0; i < t.count; ++i) {
      auto r = out.add(t.path_of(i), t.file_size(), flags, use);
      if (!r) {
        out.remove_created_files();
        return r.err();
      }
    }
    out.file_size_ = t.file_size();
    return out;
  }
  static expected<opened_target> open(const target::descriptor& t, int, target_use) {
    if (t.fd < 0) return fail("the target descriptor is not open");
    opened_target out;
    out.fds_.push_back(t.fd);
    out.names_.push_back(fmt::format("descriptor {}", t.fd));
    out.file_size_ = t.size;
    return out;
  }

 private:
  // A file the run writes is created without following links, or reused only when it is a regular
  // file of the tool's own user (core/owned_file.hpp); a file it only reads must be a regular file.
  expected<void> add(const std::filesystem::path& path, std::uint64_t size, int flags, target_use use) {
    const std::string name = path.string();
    file_descriptor fd;
    bool created = false;
    if (use == target_use::read) {
      fd.reset(::open(name.c_str(), O_RDONLY | O_CLOEXEC | flags));
      if (!fd) {
        const int err = errno;
        if (err == ENOENT)
          return error{fmt::format("open {}: No such file or directory (create it first: the workload reads it)", name), err, "open"};
        return system_failure((flags & O_DIRECT) ? "open with O_DIRECT" : "open", name, err);
      }
      if (auto regular = check_regular_file(fd.get(), name); !regular) return regular.err();
    } else {
      const int access = use == target_use::write ? O_WRONLY : O_RDWR;
      auto own = use == target_use::write ? create_or_open_own_file(name, access | flags) : open_own_file(name, access | flags);
      if (!own) {
        if (own.err().errnum == ENOENT && use != target_use::write)
          return error{fmt::format("open {}: No such file or directory (create it first: the workload reads or rewrites it)", name),
                       ENOENT, "open"};
        return own.err();
      }
      fd = std::move(own->fd);
      created = own->created;
    }
    const int raw = fd.get();
    owned_.push_back(std::move(fd));
    fds_.push_back(raw);
    names_.push_back(name);
    if (created) created_.push_back(path);
    if (use != target_use::write) {
      struct stat st {};
      if (::fstat(raw, &st) != 0) return system_failure("stat", name, errno);
      if (static_cast<std::uint64_t>(st.st_size) < size)
        return fail(fmt::format("{} holds {} but the workload needs {}; prepare it first", name,
                                format_iec(static_cast<std::uint64_t>(st.st_size)), format_iec(size)));
    }
    return {};
  }

  void unmap() noexcept {
    for (auto* p : maps_) ::munmap(p, file_size_);
    maps_.clear();
  }

  std::vector<file_descriptor> owned_;
  std::vector<int> fds_;
  std::vector<std::string> names_;
  std::vector<std::filesystem::path> created_;
  std::vector<std::byte*> maps_;
  std::uint64_t file_size_ = 0;
};

}  // namespace raidbench
