#pragma once
/// Finding a program on a search path, as the shell does, without running a shell.
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace raidbench {

/// The first executable regular file called `name` in `search_path` (directories separated by ':';
/// an empty entry is the current directory, as for the shell).
inline std::optional<std::string> find_in_path(std::string_view search_path, std::string_view name) {
  std::size_t start = 0;
  while (start <= search_path.size()) {
    std::size_t end = search_path.find(':', start);
    if (end == std::string_view::npos) end = search_path.size();
    const std::string_view dir = end > start ? search_path.substr(start, end - start) : std::string_view(".");
    std::string candidate(dir);
    candidate += '/';
    candidate += name;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace raidbench
