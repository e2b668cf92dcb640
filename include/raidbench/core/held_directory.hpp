#pragma once
/// A directory a tool works in, resolved once and held open: every file the tool creates, opens,
/// checks and removes there is reached relative to the held descriptor (openat2 with
/// RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS where the kernel has it, openat with O_NOFOLLOW where not),
/// never through the path again, so a directory swapped for a link in the middle of a run does not
/// carry a write or a removal anywhere else. The files it creates are recorded (core/file_identity.hpp)
/// and removed only while their name still leads to them.
#include <sys/stat.h>
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/file_identity.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/core/owned_file.hpp"

namespace raidbench {

/// Who chose a directory's name: a link in a path the user named is theirs to follow (/srv →
/// /data/srv); a link planted under a name the tool chose itself (its default scratch directory)
/// is refused.
enum class named_by : unsigned char { user, tool };

/// A directory held open (O_PATH|O_DIRECTORY) for the life of the object.
class held_directory {
 public:
  held_directory(held_directory&&) noexcept = default;
  held_directory& operator=(held_directory&&) noexcept = default;

  /// Holds the existing directory `path`, resolved now, once; an empty path is the working
  /// directory, its files shown by their bare names.
  RAIDBENCH_API static expected<held_directory> open(const std::filesystem::path& path, named_by who = named_by::user);
  /// Holds `path`, creating its last component when it is missing (never through a link); a
  /// directory created here is removed by remove_created() once it is empty.
  RAIDBENCH_API static expected<held_directory> open_or_create(const std::filesystem::path& path, named_by who);

  /// The held descriptor, for *at(2) calls and fstatvfs(2).
  int fd() const noexcept { return fd_.get(); }
  /// The directory as it was named, for messages (empty: the working directory).
  const std::filesystem::path& path() const noexcept { return path_; }
  /// `name` in the directory as a person reads it ("scratch/seq.dat").
  std::string shown(std::string_view name) const { return (path_ / name).string(); }
  /// Whether open_or_create made the directory.
  bool created() const noexcept { return created_; }

  // `name` is always one component: not empty, no '/', neither "." nor "..".

  /// Creates `name` (O_EXCL, recorded as the tool's) or reopens it when open_own accepts it.
  RAIDBENCH_API expected<owned_file> create_or_open_own(std::string_view name, int flags, mode_t mode = 0644);
  /// Opens an existing `name` for writing: a regular file of the tool's user with one name.
  RAIDBENCH_API expected<owned_file> open_own(std::string_view name, int flags);
  /// Opens an existing `name` for reading (O_RDONLY | `flags`): a regular file, not through a link.
  RAIDBENCH_API expected<file_descriptor> open_regular(std::string_view name, int flags);
  /// Whether `name` opens with `flags` (its access mode among them), never through a link: a probe
  /// of what the filesystem takes (O_DIRECT), the descriptor closed at once.
  RAIDBENCH_API bool opens_with(std::string_view name, int flags) const noexcept;
  /// What `name` is (lstat(2) relative to the directory); nothing there is ENOENT in the error.
  RAIDBENCH_API expected<struct stat> status(std::string_view name) const;

  /// Records `name`, an existing file open_own would accept, as the tool's to remove (a file the tool
  /// reuses and removes as its peer does: rb-fsync's test file).
  RAIDBENCH_API expected<void> adopt(std::string_view name);
  /// Whether `name` is recorded as the tool's (created or adopted) and still leads to that file.
  RAIDBENCH_API bool owns(std::string_view name) const noexcept;
  /// Removes `name` if owns(name), and forgets it; a file someone else put under the name stays.
  RAIDBENCH_API bool remove(std::string_view name) noexcept;
  /// Removes every file owns() still says is the tool's, then the directory if open_or_create made it
  /// and it is empty and still the same directory.
  RAIDBENCH_API void remove_created() noexcept;
  /// Keeps `name` after all: no longer the tool's to remove (the evidence a failed check leaves).
  void keep(std::string_view name) noexcept {
    std::erase_if(files_, [&](const recorded& r) { return r.name == name; });
  }

 private:
  struct recorded {
    std::string name;
    file_identity identity;
  };
  held_directory() = default;
  RAIDBENCH_API expected<void> check_name(std::string_view name) const;
  RAIDBENCH_API void record(std::string_view name, const struct stat& st);

  file_descriptor fd_;
  std::filesystem::path path_;
  std::vector<recorded> files_;
  // What removing a directory created here needs: its parent, held too, its name and identity.
  bool created_ = false;
  file_descriptor parent_;
  std::string leaf_;
  file_identity identity_;
};

namespace detail {
/// Opens `name` under `dirfd` without following any link and without leaving the directory:
/// openat2(RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS), or openat(O_NOFOLLOW) on a kernel without it
/// (before 5.6, or a seccomp filter that hides it). -1 with errno on failure.
RAIDBENCH_API int open_beneath(int dirfd, const char* name, int flags, mode_t mode = 0) noexcept;
}  // namespace detail

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/core/impl/held_directory.hpp"
#endif
