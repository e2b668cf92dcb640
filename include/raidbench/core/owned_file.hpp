#pragma once
/// Opening files a tool writes in a directory other people may write to: a new file is created with
/// O_CREAT|O_EXCL|O_NOFOLLOW, so no link planted under its name is followed; an existing file is
/// reused only when it is provably the tool's kind of file: a regular file, not a link, with no other
/// name (one hard link), owned by the user the tool runs as. Anything else is a one-line error naming
/// the path and the reason. (Files in a directory the tool holds: core/held_directory.hpp.)
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/system_error.hpp"

namespace raidbench {

/// A descriptor of a file the tool may write, and whether this call created the file (only then
/// may the tool remove it when it cleans up).
struct owned_file {
  file_descriptor fd;
  bool created = false;
};

namespace detail {

inline error link_refused(const std::string& path) {
  return fail(fmt::format("{} is a symbolic link; raidbench does not write through links", path));
}

/// What `st` says against using the file at `path`: not a regular file (a block device, FIFO,
/// directory…), or, `for_writing`, another user's or one with other names: a hard link would carry
/// the writes to the file behind another name, somewhere the user never named.
inline expected<void> check_stat(const struct stat& st, const std::string& path, bool for_writing) {
  if (S_ISLNK(st.st_mode)) return link_refused(path);
  if (S_ISBLK(st.st_mode)) return fail(fmt::format("{} is a block device; raidbench's runner only works on files", path));
  if (!S_ISREG(st.st_mode)) return fail(fmt::format("{} is not a regular file; raidbench only works on regular files", path));
  if (for_writing && st.st_uid != ::geteuid())
    return fail(fmt::format("{} belongs to another user (uid {}); raidbench reuses only files of its own user", path,
                            st.st_uid));
  if (for_writing && st.st_nlink > 1)
    return fail(fmt::format("{} has {} hard links; raidbench does not write to a file that has other names", path,
                            st.st_nlink));
  return {};
}

inline expected<void> check_reusable(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return system_failure("stat", path, errno);
  return check_stat(st, path, true);
}

}  // namespace detail

/// Accepts an open descriptor only if it is a regular file (not a block device, FIFO, directory…).
inline expected<struct stat> check_regular_file(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return system_failure("stat", path, errno);
  if (auto ok = detail::check_stat(st, path, false); !ok) return ok.err();
  return st;
}

/// Whether `st`, what lstat(2) said of `path`, is a file the tool may reuse (see open_own_file): a
/// regular file of the tool's user with one name; else the reason, as open_own_file words it.
inline expected<void> check_own_status(const struct stat& st, const std::string& path) {
  return detail::check_stat(st, path, true);
}

namespace detail {

/// The flags an existing file is opened with before it is checked: non-blocking until then, since
/// a FIFO planted under the name would otherwise hold the open forever.
inline constexpr int unchecked_open_flags = O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

/// What an open of an existing file to write (`fd`, or -1 with errno; `flags` as asked) gives the
/// tool: the descriptor once the file is checked as open_own_file says, or why not.
inline expected<owned_file> checked_own_file(int fd, const std::string& path, int flags) {
  if (fd < 0) {
    const int err = errno;
    if (err == ELOOP) return link_refused(path);
    if (err == ENXIO)  // a FIFO without a reader, or a device without its driver: not a file either
      return fail(fmt::format("{} is not a regular file; raidbench only works on regular files", path));
    return system_failure((flags & O_DIRECT) ? "open with O_DIRECT" : "open", path, err);
  }
  owned_file out{file_descriptor(fd), false};
  if (auto ok = check_reusable(fd, path); !ok) return ok.err();
  if (!(flags & O_NONBLOCK) && ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
    return system_failure("fcntl", path, errno);
  return out;
}

}  // namespace detail

/// Opens an existing file for writing (`flags` holds the access mode and extra flags): never
/// through a link, only a regular file of the tool's own user with one name.
inline expected<owned_file> open_own_file(const std::string& path, int flags) {
  return detail::checked_own_file(::open(path.c_str(), flags | O_NOFOLLOW | detail::unchecked_open_flags), path, flags);
}

/// Creates `path` for writing, or reopens it when it already exists and open_own_file accepts it.
inline expected<owned_file> create_or_open_own_file(const std::string& path, int flags, mode_t mode = 0644) {
  const int fd = ::open(path.c_str(), flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  if (fd >= 0) return owned_file{file_descriptor(fd), true};
  const int err = errno;
  if (err != EEXIST) return system_failure((flags & O_DIRECT) ? "open with O_DIRECT" : "open", path, err);
  return open_own_file(path, flags);  // a link under the name (even a dangling one) is refused there
}

}  // namespace raidbench
