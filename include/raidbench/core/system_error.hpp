#pragma once
/// Turns an errno into the one-line message users see: "<what> <path>: <strerror>".
#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

#include "raidbench/core/expected.hpp"

namespace raidbench {

/// "open ./x: No such file or directory", with a hint for the causes users hit most.
inline error system_failure(std::string_view what, std::string_view path, int errnum) {
  std::string message(what);
  if (!path.empty()) {
    message += ' ';
    message += path;
  }
  message += ": ";
  message += std::strerror(errnum);
  if (errnum == EINVAL && what.find("O_DIRECT") != std::string_view::npos)
    message += " (the filesystem refuses O_DIRECT; tmpfs does)";
  else if (errnum == ENOSPC)
    message += " (the filesystem is full)";
  return error{std::move(message), errnum, std::string(what.substr(0, what.find(' ')))};
}

}  // namespace raidbench
