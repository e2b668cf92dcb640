#pragma once
/// rb-durable's wire protocol (docs/durability.md): lines of printable ASCII ending in '\n', at most
/// `max_line` bytes, words separated by one space. The client opens with a hello naming the protocol
/// and its version; the server answers with its own, and refuses any other version. Every request
/// gets one reply line ("ok …" or "error <reason>"), except `expect`, whose reply is a run line,
/// block lines and an end line. Numbers are decimal; a run and a checksum are hexadecimal.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace raidbench::durability {

/// The hello's first word, and the version this build speaks.
inline constexpr std::string_view protocol_name = "rb-durable-protocol";
inline constexpr unsigned protocol_version = 1;
/// The longest line either side sends or accepts, '\n' included.
inline constexpr std::size_t max_line = 1024;
/// The longest name of a run (the target as the writer names it).
inline constexpr std::size_t max_name = 512;

/// "rb-durable-protocol 1": what a client sends first and a server that speaks it answers.
inline std::string hello_line() { return fmt::format("{} {}", protocol_name, protocol_version); }

/// A line split at single spaces.
inline std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> out;
  while (!line.empty()) {
    const auto space = line.find(' ');
    out.push_back(line.substr(0, space));
    if (space == std::string_view::npos) break;
    line.remove_prefix(space + 1);
  }
  return out;
}

/// A decimal number of at most 20 digits, nothing else; nullopt otherwise.
inline std::optional<std::uint64_t> decimal_word(std::string_view w) {
  std::uint64_t v = 0;
  if (w.empty() || w.size() > 20 || w.front() == '+') return std::nullopt;
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  if (ec != std::errc() || end != w.data() + w.size()) return std::nullopt;
  return v;
}

/// A hexadecimal number of 1 to `digits` digits (a run: 16, a checksum: 8); nullopt otherwise.
inline std::optional<std::uint64_t> hex_word(std::string_view w, std::size_t digits) {
  std::uint64_t v = 0;
  if (w.empty() || w.size() > digits) return std::nullopt;
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v, 16);
  if (ec != std::errc() || end != w.data() + w.size()) return std::nullopt;
  return v;
}

/// Whether `name` may name a run: 1 to max_name printable ASCII characters, no newline.
inline bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > max_name) return false;
  for (const char c : name)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

/// A run's id as it is written: 16 hexadecimal digits.
inline std::string run_text(std::uint64_t run) { return fmt::format("{:016x}", run); }

/// Text a peer sent, as a message may quote it: printable, at most 60 characters.
inline std::string quoted_reply(std::string_view line) {
  std::string out;
  for (const char c : line.substr(0, 60)) out += c >= 0x20 && c <= 0x7e ? c : '?';
  return "\"" + out + (line.size() > 60 ? "…\"" : "\"");
}

}  // namespace raidbench::durability
