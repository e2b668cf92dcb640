#pragma once
// The held directory's definitions (see core/linkage.hpp): included by held_directory.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>

#include <fmt/format.h>

#include "raidbench/core/held_directory.hpp"
#include "raidbench/core/system_error.hpp"

namespace raidbench {

namespace detail {

RAIDBENCH_API int open_beneath(int dirfd, const char* name, int flags, mode_t mode) noexcept {
#if defined(SYS_openat2) && defined(RESOLVE_BENEATH)
  static std::atomic<bool> without_openat2{false};
  if (!without_openat2.load(std::memory_order_relaxed)) {
    open_how how{};
    how.flags = static_cast<std::uint64_t>(flags);
    how.mode = (flags & O_CREAT) ? mode : 0;  // openat2 refuses a mode it would not use
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS;
    const long fd = ::syscall(SYS_openat2, dirfd, name, &how, sizeof how);
    if (fd >= 0) return static_cast<int>(fd);
    // ENOSYS: a kernel before 5.6, or a seccomp filter that hides the call (EPERM in older
    // container profiles: tried again below, where a real EPERM comes back the same).
    if (errno != ENOSYS && errno != EPERM) return -1;
    if (errno == ENOSYS) without_openat2.store(true, std::memory_order_relaxed);
  }
#endif
  // Names are one component, so O_NOFOLLOW leaves no link to follow and nothing above to reach.
  return ::openat(dirfd, name, flags | O_NOFOLLOW, mode);
}

/// Why `path`, which did not open as a directory, is not one: a link where the tool may not follow
/// one (`who`), or another kind of file; `err` is what the open said.
inline error not_a_directory(int parent, const char* leaf, const std::filesystem::path& path, named_by who, int err) {
  struct stat st {};
  if ((err == ENOTDIR || err == ELOOP) && ::fstatat(parent, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (S_ISLNK(st.st_mode) && who == named_by::tool)
      return error{fmt::format("{} is a symbolic link; raidbench follows a link to its directory only when the user "
                               "names the directory",
                               path.string()),
                   ELOOP, "open"};
    if (!S_ISLNK(st.st_mode)) return error{fmt::format("{}: not a directory", path.string()), ENOTDIR, "open"};
  }
  return system_failure("open", path.string(), err);
}

}  // namespace detail

RAIDBENCH_API expected<held_directory> held_directory::open(const std::filesystem::path& path, named_by who) {
  const char* where = path.empty() ? "." : path.c_str();
  const int flags = O_PATH | O_DIRECTORY | O_CLOEXEC | (who == named_by::tool ? O_NOFOLLOW : 0);
  held_directory out;
  out.fd_.reset(::open(where, flags));
  if (!out.fd_) return detail::not_a_directory(AT_FDCWD, where, path, who, errno);
  out.path_ = path;
  return out;
}

RAIDBENCH_API expected<held_directory> held_directory::open_or_create(const std::filesystem::path& path, named_by who) {
  if (path.empty()) return system_failure("create", "", ENOENT);
  const std::filesystem::path named = path.has_filename() ? path : path.parent_path();  // "scratch/" names "scratch"
  const std::string leaf = named.filename().string();
  if (leaf.empty() || leaf == "." || leaf == "..") return open(path, who);
  const std::filesystem::path parent = named.has_parent_path() ? named.parent_path() : ".";
  held_directory out;
  out.parent_.reset(::open(parent.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (!out.parent_) return system_failure("create", path.string(), errno);
  out.created_ = ::mkdirat(out.parent_.get(), leaf.c_str(), 0777) == 0;
  if (!out.created_ && errno != EEXIST) return system_failure("create", path.string(), errno);
  // A directory made here is opened without following a link: if a link stands there now, it was
  // put there since. An existing one is followed only when the user named it.
  const bool follow = !out.created_ && who == named_by::user;
  out.fd_.reset(::openat(out.parent_.get(), leaf.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)));
  if (!out.fd_) return detail::not_a_directory(out.parent_.get(), leaf.c_str(), path, out.created_ ? named_by::tool : who, errno);
  struct stat st {};
  if (::fstat(out.fd_.get(), &st) != 0) return system_failure("stat", path.string(), errno);
  out.identity_ = file_identity::of(st);
  out.leaf_ = leaf;
  out.path_ = path;
  if (!out.created_) out.parent_.reset();
  return out;
}

RAIDBENCH_API expected<void> held_directory::check_name(std::string_view name) const {
  if (name.empty() || name == "." || name == ".." || name.find('/') != std::string_view::npos)
    return fail(fmt::format("'{}' is not a file name in {} (one component, no '/')", name, path_.string()));
  return {};
}

RAIDBENCH_API void held_directory::record(std::string_view name, const struct stat& st) {
  const auto same = std::find_if(files_.begin(), files_.end(), [&](const recorded& r) { return r.name == name; });
  if (same != files_.end()) same->identity = file_identity::of(st);
  else files_.push_back({std::string(name), file_identity::of(st)});
}

RAIDBENCH_API expected<owned_file> held_directory::create_or_open_own(std::string_view name, int flags, mode_t mode) {
  if (auto ok = check_name(name); !ok) return ok.err();
  const std::string n(name);
  const int fd = detail::open_beneath(fd_.get(), n.c_str(), flags | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (fd >= 0) {
    owned_file out{file_descriptor(fd), true};
    struct stat st {};
    if (::fstat(fd, &st) != 0) return system_failure("stat", shown(name), errno);
    record(name, st);
    return out;
  }
  const int err = errno;
  if (err != EEXIST) return system_failure((flags & O_DIRECT) ? "open with O_DIRECT" : "open", shown(name), err);
  return open_own(name, flags);  // a link under the name (even a dangling one) is refused there
}

RAIDBENCH_API expected<owned_file> held_directory::open_own(std::string_view name, int flags) {
  if (auto ok = check_name(name); !ok) return ok.err();
  const std::string n(name);
  return detail::checked_own_file(detail::open_beneath(fd_.get(), n.c_str(), flags | detail::unchecked_open_flags), shown(name),
                                  flags);
}

RAIDBENCH_API expected<file_descriptor> held_directory::open_regular(std::string_view name, int flags) {
  if (auto ok = check_name(name); !ok) return ok.err();
  const std::string n(name), where = shown(name);
  file_descriptor fd(detail::open_beneath(fd_.get(), n.c_str(), O_RDONLY | flags | detail::unchecked_open_flags));
  if (!fd) {
    const int err = errno;
    if (err == ELOOP) return fail(fmt::format("{} is a symbolic link; raidbench opens no file through a link", where));
    if (err == ENXIO) return fail(fmt::format("{} is not a regular file; raidbench only works on regular files", where));
    return system_failure((flags & O_DIRECT) ? "open with O_DIRECT" : "open", where, err);
  }
  if (auto regular = check_regular_file(fd.get(), where); !regular) return regular.err();
  if (!(flags & O_NONBLOCK) && ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK) != 0)
    return system_failure("fcntl", where, errno);
  return fd;
}

RAIDBENCH_API bool held_directory::opens_with(std::string_view name, int flags) const noexcept {
  if (!check_name(name)) return false;
  const int fd = detail::open_beneath(fd_.get(), std::string(name).c_str(), flags | detail::unchecked_open_flags);
  if (fd >= 0) ::close(fd);
  return fd >= 0;
}

RAIDBENCH_API expected<struct stat> held_directory::status(std::string_view name) const {
  if (auto ok = check_name(name); !ok) return ok.err();
  struct stat st {};
  if (::fstatat(fd_.get(), std::string(name).c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
    return system_failure("stat", shown(name), errno);
  return st;
}

RAIDBENCH_API expected<void> held_directory::adopt(std::string_view name) {
  auto st = status(name);
  if (!st) return st.err();
  if (auto ok = check_own_status(*st, shown(name)); !ok) return ok;
  record(name, *st);
  return {};
}

RAIDBENCH_API bool held_directory::owns(std::string_view name) const noexcept {
  const auto it = std::find_if(files_.begin(), files_.end(), [&](const recorded& r) { return r.name == name; });
  struct stat st {};
  return it != files_.end() && ::fstatat(fd_.get(), it->name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
         file_identity::of(st) == it->identity;
}

RAIDBENCH_API bool held_directory::remove(std::string_view name) noexcept {
  const auto it = std::find_if(files_.begin(), files_.end(), [&](const recorded& r) { return r.name == name; });
  if (it == files_.end()) return false;
  // Another user may have put a file under the name since ours went: only ours goes. (In a sticky
  // directory, as /tmp, nobody else can move ours away between this check and the unlink.)
  const bool ours = owns(name);
  const bool removed = ours && ::unlinkat(fd_.get(), it->name.c_str(), 0) == 0;
  files_.erase(it);
  return removed;
}

RAIDBENCH_API void held_directory::remove_created() noexcept {
  while (!files_.empty()) remove(std::string(files_.back().name));
  if (!created_) return;
  struct stat st {};
  if (::fstatat(parent_.get(), leaf_.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && file_identity::of(st) == identity_)
    ::unlinkat(parent_.get(), leaf_.c_str(), AT_REMOVEDIR);  // fails, as it should, if anything else is in it
  created_ = false;
}

}  // namespace raidbench
