#pragma once
// A file a tool writes its output to (raidbench --report, ./report.json by default; rb-dd
// --json=FILE): checked before the run, so a path that cannot be written is an error before any
// work rather than after it, and written whole at the end; both errors name the reason. As every
// file the tools write (core/owned_file.hpp): created with O_EXCL|O_NOFOLLOW, and an existing one
// is rewritten only if it is a regular file of the same user, never through a link, a FIFO or a
// device planted under the name in a shared directory.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/owned_file.hpp"

namespace raidbench::tools {

namespace detail {
inline error cannot_write(const std::filesystem::path& path, int errnum) {
  return fail(fmt::format("cannot write {}: {}", path.string(), std::strerror(errnum)));
}

inline expected<owned_file> open_output_file(const std::filesystem::path& path) {
  auto own = create_or_open_own_file(path.string(), O_WRONLY);
  if (!own && own.err().errnum != 0) return cannot_write(path, own.err().errnum);
  return own;
}
}  // namespace detail

/// Opens `path` as the end of the run will (creating it if missing, then removing what this check
/// created), so the run starts only when its output has somewhere to go.
inline expected<void> check_output_file(const std::filesystem::path& path) {
  auto own = detail::open_output_file(path);
  if (!own) return own.err();
  if (own->created) ::unlink(path.c_str());
  return {};
}

/// Replaces the content of `path` with `text`; a short write is an error naming the system's reason.
inline expected<void> write_output_file(const std::filesystem::path& path, std::string_view text) {
  auto own = detail::open_output_file(path);
  if (!own) return own.err();
  const int fd = own->fd.get();
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      const int errnum = w < 0 ? errno : ENOSPC;
      if (own->created) ::unlink(path.c_str());  // no half report under the name
      return detail::cannot_write(path, errnum);
    }
    done += static_cast<std::size_t>(w);
  }
  // An older, longer report loses its tail only now that the new one is written whole.
  if (::ftruncate(fd, static_cast<off_t>(text.size())) != 0) return detail::cannot_write(path, errno);
  if (::close(own->fd.release()) != 0) return detail::cannot_write(path, errno);
  return {};
}

}  // namespace raidbench::tools
