#pragma once
/// Opens a workload's target before the timed run: files created, sizes checked, flags applied.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/held_directory.hpp"
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

/// The target, open: one descriptor per file, all of `file_size` bytes, each reached through the
/// directory held for the run (the caller's, or one held here for the call).
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
  /// The held directory's descriptor and each file's name in it, for engines that open a file for
  /// every I/O (-1 and none for a lent descriptor).
  int directory_fd() const noexcept { return dir_ ? dir_->fd() : -1; }
  const std::vector<std::string>& names_in_directory() const noexcept { return names_in_dir_; }
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

  /// Opens the same files again for reading and writing (a shared writable mapping needs both),
  /// through the same held directory; the files created before stay on the list of what a failed
  /// run removes.
  expected<void> reopen_read_write(int flags) {
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      auto own = dir_->open_own(names_in_dir_[i], O_RDWR | flags);
      if (!own) return own.err();
      fds_[i] = own->fd.get();
      owned_[i] = std::move(own->fd);
    }
    return {};
  }

  /// Removes the files this run created (and only while their names still lead to them); called
  /// when a run fails so no partial file is left.
  void remove_created_files() noexcept {
    unmap();
    owned_.clear();
    fds_.clear();
    for (const auto& name : created_) dir_->remove(name);
    created_.clear();
  }

  static expected<opened_target> open(const target::file& t, int flags, target_use use) {
    opened_target out;
    std::string name = t.path.filename().string();
    if (t.in) {
      out.dir_ = t.in;
      name = t.path.string();
    } else if (auto held = out.hold(t.path.parent_path()); !held) {
      return held.err();
    }
    auto r = out.add(name, t.size, flags, use);
    if (!r) return r.err();
    out.file_size_ = t.size;
    return out;
  }
  static expected<opened_target> open(const target::file_set& t, int flags, target_use use) {
    if (t.count == 0) return fail("the file set has no files");
    opened_target out;
    if (t.in) out.dir_ = t.in;
    else if (auto held = out.hold(t.directory); !held) return held.err();
    for (std::uint32_t i = 0; i < t.count; ++i) {
      auto r = out.add(t.name_of(i), t.file_size(), flags, use);
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
  // A path the caller named without holding its directory: held here, resolved once, for the call.
  expected<void> hold(const std::filesystem::path& directory) {
    auto held = held_directory::open(directory);
    if (!held) return held.err();
    own_dir_ = std::make_unique<held_directory>(std::move(*held));
    dir_ = own_dir_.get();
    return {};
  }

  // A file the run writes is created without following links, or reused only when it is a regular
  // file of the tool's own user with one name (core/held_directory.hpp); a file it only reads must
  // be a regular file, not behind a link.
  expected<void> add(const std::string& name, std::uint64_t size, int flags, target_use use) {
    const std::string shown = dir_->shown(name);
    file_descriptor fd;
    bool created = false;
    if (use == target_use::read) {
      auto opened = dir_->open_regular(name, flags);
      if (!opened) {
        if (opened.err().errnum == ENOENT)
          return error{fmt::format("open {}: No such file or directory (create it first: the workload reads it)", shown), ENOENT, "open"};
        return opened.err();
      }
      fd = std::move(*opened);
    } else {
      const int access = use == target_use::write ? O_WRONLY : O_RDWR;
      auto own = use == target_use::write ? dir_->create_or_open_own(name, access | flags) : dir_->open_own(name, access | flags);
      if (!own) {
        if (own.err().errnum == ENOENT && use != target_use::write)
          return error{fmt::format("open {}: No such file or directory (create it first: the workload reads or rewrites it)", shown),
                       ENOENT, "open"};
        return own.err();
      }
      fd = std::move(own->fd);
      created = own->created;
    }
    const int raw = fd.get();
    owned_.push_back(std::move(fd));
    fds_.push_back(raw);
    names_.push_back(shown);
    names_in_dir_.push_back(name);
    if (created) created_.push_back(name);
    if (use != target_use::write) {
      struct stat st {};
      if (::fstat(raw, &st) != 0) return system_failure("stat", shown, errno);
      if (static_cast<std::uint64_t>(st.st_size) < size)
        return fail(fmt::format("{} holds {} but the workload needs {}; prepare it first", shown,
                                format_iec(static_cast<std::uint64_t>(st.st_size)), format_iec(size)));
    }
    return {};
  }

  void unmap() noexcept {
    for (auto* p : maps_) ::munmap(p, file_size_);
    maps_.clear();
  }

  std::unique_ptr<held_directory> own_dir_;  // a pointer, so dir_ stays valid when this moves
  held_directory* dir_ = nullptr;
  std::vector<file_descriptor> owned_;
  std::vector<int> fds_;
  std::vector<std::string> names_, names_in_dir_;
  std::vector<std::string> created_;  // names in dir_
  std::vector<std::byte*> maps_;
  std::uint64_t file_size_ = 0;
};

}  // namespace raidbench
