#pragma once
/// Names as text and Markdown print them: a host name, a test name or a fact read from a file may
/// hold any byte, and a newline must not split a table row nor an escape sequence reach a terminal.
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace raidbench {

/// The text with every control character (C0, DEL and the C1 range's UTF-8 encodings) written as an
/// escape: "\n", "\t", "\r", "\x1b", "\u009b"; everything else as it is.
inline std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
    else if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 && static_cast<unsigned char>(s[i + 1]) < 0xa0)
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[++i]));
    else out += static_cast<char>(c);
  }
  return out;
}

/// Columns a text takes on a terminal: its UTF-8 lead bytes.
inline std::size_t display_width(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

/// The text padded with spaces to `width` columns.
inline std::string pad(std::string_view s, std::size_t width) {
  const std::size_t n = display_width(s);
  return std::string(s) + std::string(width > n ? width - n : 0, ' ');
}

}  // namespace raidbench
