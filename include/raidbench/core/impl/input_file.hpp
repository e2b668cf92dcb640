#pragma once
// read_input_file's definition (see core/linkage.hpp): included by input_file.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/input_file.hpp"

namespace raidbench {

RAIDBENCH_API expected<std::string> read_input_file(const std::string& name, bool stdin_allowed) {
  const bool from_stdin = stdin_allowed && name == "-";
  const std::string shown = from_stdin ? "standard input" : name;
  const auto cannot = [&](std::string_view why, int errnum = 0) {
    return error{fmt::format("cannot read {}: {}", shown, why), errnum, "read"};
  };
  const auto too_large = [&] { return cannot(fmt::format("larger than {} MiB, the cap on an input", input_cap >> 20)); };
  file_descriptor owned;
  int fd = STDIN_FILENO;
  if (!from_stdin) {
    // Non-blocking while checked: a FIFO under the name would hold open() until a writer came.
    owned.reset(::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (!owned) return cannot(std::strerror(errno), errno);
    fd = owned.get();
    struct stat st {};
    if (::fstat(fd, &st) != 0) return cannot(std::strerror(errno), errno);
    if (S_ISDIR(st.st_mode)) return cannot(std::strerror(EISDIR), EISDIR);
    if (!S_ISREG(st.st_mode)) return cannot("not a regular file");
    if (static_cast<std::size_t>(st.st_size) > input_cap) return too_large();
    if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) return cannot(std::strerror(errno), errno);
  }
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got == 0) return text;
    if (got < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) {  // a non-blocking standard input: wait for it
        pollfd p{fd, POLLIN, 0};
        ::poll(&p, 1, -1);
        continue;
      }
      return cannot(std::strerror(errno), errno);
    }
    // A file in /proc says 0 bytes and may give more: the cap holds while reading too.
    if (text.size() + static_cast<std::size_t>(got) > input_cap) return too_large();
    text.append(buf, static_cast<std::size_t>(got));
  }
}

}  // namespace raidbench
