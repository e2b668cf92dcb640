#pragma once
/// Numbers as raidbench's own tools take them on the command line: plain decimal digits, with at
/// most one decimal point for a fraction. No sign, exponent, hexadecimal ("0x10", which strtod and
/// base-0 integer readers accept), octal reading of a leading zero, "inf", "nan" or blanks: what a
/// person typed is what the number is.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <system_error>

namespace raidbench {

/// A whole number of decimal digits ("16", "010" is ten); nullopt for anything else or on overflow.
inline std::optional<std::uint64_t> parse_plain_whole(std::string_view text) noexcept {
  if (text.empty()) return std::nullopt;
  for (char c : text)
    if (c < '0' || c > '9') return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

/// Decimal digits with at most one decimal point ("2", "0.25", ".5", "3."); nullopt for anything
/// else, and for a value too large to be a finite double.
inline std::optional<double> parse_plain_decimal(std::string_view text) noexcept {
  bool digit = false, point = false;
  for (char c : text) {
    if (c >= '0' && c <= '9') digit = true;
    else if (c == '.' && !point) point = true;
    else return std::nullopt;
  }
  if (!digit) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace raidbench
