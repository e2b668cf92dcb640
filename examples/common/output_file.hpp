#pragma once
// A file the user names for a tool's output (raidbench --report, rb-dd --json=FILE): checked before
// the run, so a path that cannot be written is an error before any work rather than after it, and
// written whole at the end; both errors name the system's reason.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"

namespace raidbench::tools {

/// Opens `path` for writing as the end of the run will (creating it if missing, then removing what
/// this check created), so the run starts only when its output has somewhere to go.
inline expected<void> check_output_file(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  const bool created = fd >= 0;
  if (fd < 0 && errno == EEXIST) fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return fail(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
  ::close(fd);
  if (created) ::unlink(path.c_str());
  return {};
}

/// Replaces the content of `path` with `text`; a short write is an error naming the system's reason.
inline expected<void> write_output_file(const std::filesystem::path& path, std::string_view text) {
  const auto failure = [&](int errnum) { return fail(fmt::format("cannot write {}: {}", path.string(), std::strerror(errnum))); };
  file_descriptor fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  if (!fd) return failure(errno);
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t w = ::write(fd.get(), text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return failure(w < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(w);
  }
  if (::close(fd.release()) != 0) return failure(errno);
  return {};
}

}  // namespace raidbench::tools
