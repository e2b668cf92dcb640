#pragma once
/// Small readers for the one-value files of /sys and /proc: a missing or empty file is "unknown".
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace raidbench::detail {

/// The first line of a file without trailing blanks; nullopt when the file is missing or empty.
inline std::optional<std::string> read_first_line(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
  std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string::npos) return std::nullopt;
  return line.substr(start);
}

/// A file holding one unsigned decimal number; nullopt when missing or not a number.
inline std::optional<std::uint64_t> read_unsigned(const std::filesystem::path& file) {
  const auto line = read_first_line(file);
  if (!line) return std::nullopt;
  std::uint64_t v = 0;
  const char* end = line->data() + line->size();
  auto [p, ec] = std::from_chars(line->data(), end, v);
  if (ec != std::errc{} || p != end) return std::nullopt;
  return v;
}

/// A file holding 0 or 1; nullopt for anything else.
inline std::optional<bool> read_flag(const std::filesystem::path& file) {
  const auto v = read_unsigned(file);
  if (!v || *v > 1) return std::nullopt;
  return *v == 1;
}

/// The last component of a symlink's target ("megaraid_sas" for .../driver); nullopt when no link.
inline std::optional<std::string> read_link_name(const std::filesystem::path& link) {
  std::error_code ec;
  const auto target = std::filesystem::read_symlink(link, ec);
  if (ec || target.filename().empty()) return std::nullopt;
  return target.filename().string();
}

}  // namespace raidbench::detail
