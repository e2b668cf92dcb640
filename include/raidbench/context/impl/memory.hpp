#pragma once
// The RAM reader's definition (see core/linkage.hpp): included by memory.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "raidbench/context/memory.hpp"

namespace raidbench {

RAIDBENCH_API std::optional<std::uint64_t> ram_bytes(const std::filesystem::path& root) {
  std::ifstream in(root / "proc/meminfo");
  std::string line;
  constexpr std::string_view key = "MemTotal:";
  while (std::getline(in, line)) {
    if (!line.starts_with(key)) continue;
    std::string_view rest = std::string_view(line).substr(key.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    std::uint64_t kib = 0;
    auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), kib);
    if (ec != std::errc{} || std::string_view(p, rest.data() + rest.size()) != " kB") return std::nullopt;
    return kib * 1024;
  }
  return std::nullopt;
}

}  // namespace raidbench
