#pragma once
// A file a tool writes its output to (raidbench --report and --html, raidbench sweep --json and
// --html, rb-dd --json=FILE, rb-compare --html, rb-ctrl --prometheus-file): checked before the run,
// so a path that cannot be written is an error before any work, and replaced whole at the end, never
// written in place: the text goes to a new temporary file in the same directory (O_CREAT|O_EXCL|
// O_NOFOLLOW, an unguessable name), is flushed to the disk and renamed over the name. A reader sees
// the old file or the new one, never half of either; a full filesystem or a crash leaves the old one
// as it was. What is under the name is replaced only when it is a regular file of the same user
// (core/owned_file.hpp's rule): a link, a FIFO, a device or a directory is refused, as is another
// user's file.
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/owned_file.hpp"

namespace raidbench::tools {

namespace detail {

inline error cannot_write(const std::filesystem::path& path, int errnum) {
  return error{fmt::format("cannot write {}: {}", path.string(), std::strerror(errnum)), errnum, "write"};
}

/// The directory an output goes in, held open, and its name there.
struct output_place {
  file_descriptor dir;
  std::string name;
  std::optional<mode_t> replaced_mode;  ///< the mode of the file the output replaces, if any
};

inline expected<output_place> place_of(const std::filesystem::path& path) {
  output_place p;
  p.name = path.filename().string();
  if (p.name.empty() || p.name == "." || p.name == "..") return cannot_write(path, EISDIR);
  const std::filesystem::path parent = path.has_parent_path() ? path.parent_path() : ".";
  p.dir.reset(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!p.dir) return cannot_write(path, errno);
  struct stat st {};
  if (::fstatat(p.dir.get(), p.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (auto ok = check_own_status(st, path.string()); !ok) return ok.err();
    p.replaced_mode = st.st_mode & 07777;
  } else if (errno != ENOENT) {
    return cannot_write(path, errno);
  }
  return p;
}

/// A new, empty temporary file beside the output: ".NAME.XXXXXXXXXXXX.tmp", hidden and with a suffix
/// no one can guess (a name planted in a shared directory is never opened); its name goes to `temp`.
inline expected<file_descriptor> create_temporary(const output_place& p, const std::filesystem::path& path, std::string& temp) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    unsigned char bytes[6];
    if (::getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes)) return cannot_write(path, errno ? errno : EIO);
    // The name kept short enough for NAME_MAX whatever the output's length.
    temp = fmt::format(".{}.{:02x}{:02x}{:02x}{:02x}{:02x}{:02x}.tmp", p.name.substr(0, 200), bytes[0], bytes[1], bytes[2],
                       bytes[3], bytes[4], bytes[5]);
    file_descriptor fd(::openat(p.dir.get(), temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (fd) return fd;
    if (errno != EEXIST) return cannot_write(path, errno);
  }
  return cannot_write(path, EEXIST);
}

}  // namespace detail

/// Checks that `path` can be written as the end of the run will write it (its directory takes a new
/// file; what is under the name may be replaced), so the run starts only when its output has
/// somewhere to go. Nothing is left behind.
inline expected<void> check_output_file(const std::filesystem::path& path) {
  auto place = detail::place_of(path);
  if (!place) return place.err();
  std::string temp;
  auto fd = detail::create_temporary(*place, path, temp);
  if (!fd) return fd.err();
  ::unlinkat(place->dir.get(), temp.c_str(), 0);
  return {};
}

/// Replaces `path` with a file holding `text`, through a temporary file renamed into place; on any
/// failure (a full filesystem: ENOSPC) the temporary file is removed, what was under the name is
/// untouched, and the error names the output and the system's reason.
inline expected<void> write_output_file(const std::filesystem::path& path, std::string_view text) {
  auto place = detail::place_of(path);
  if (!place) return place.err();
  std::string temp;
  auto fd = detail::create_temporary(*place, path, temp);
  if (!fd) return fd.err();
  const auto failed = [&](int errnum) {
    ::unlinkat(place->dir.get(), temp.c_str(), 0);
    return detail::cannot_write(path, errnum);
  };
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t w = ::write(fd->get(), text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return failed(w < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(w);
  }
  // The mode of the file replaced (a report made group-readable stays so); a new one 0644 less the umask.
  if (place->replaced_mode && ::fchmod(fd->get(), *place->replaced_mode) != 0) return failed(errno);
  // On the disk before the rename: after a crash the name holds the old text or the whole new one.
  if (::fsync(fd->get()) != 0) return failed(errno);
  if (::close(fd->release()) != 0) return failed(errno);
  if (::renameat(place->dir.get(), temp.c_str(), place->dir.get(), place->name.c_str()) != 0) return failed(errno);
  ::fsync(place->dir.get());  // the rename itself; a filesystem that cannot flush a directory still renamed
  return {};
}

}  // namespace raidbench::tools
