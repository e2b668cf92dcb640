#pragma once
/// Scanning helpers the importers share, on top of the parser toolkit (text/toolkit.hpp): numbers
/// as benchmarks print them (a decimal point or, in a localized run, a decimal comma) and the units
/// of their rates and sizes, each with its own base.
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench::text {

/// A whole decimal number: digits with at most one '.' or ',' as decimal separator ("24739.004",
/// "24739,004", "12", ".5"); nullopt for anything else, including a sign, an exponent or "1,234.5".
inline std::optional<double> parse_decimal(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 40) return std::nullopt;
  double whole = 0, fraction = 0, scale = 1;
  bool seen_separator = false;
  std::size_t digits = 0;
  for (char c : s) {
    if (c == '.' || c == ',') {
      if (seen_separator) return std::nullopt;
      seen_separator = true;
    } else if (c >= '0' && c <= '9') {
      ++digits;
      if (seen_separator) fraction += (c - '0') * (scale /= 10);
      else whole = whole * 10 + (c - '0');
    } else {
      return std::nullopt;
    }
  }
  if (digits == 0) return std::nullopt;
  return whole + fraction;
}

/// The factor of a size or rate prefix letter: k/K, M, G, T, P, E in `base` (1000 or 1024); 1 for none.
inline std::optional<double> prefix_factor(char prefix, double base) {
  switch (prefix) {
    case 'k': case 'K': return base;
    case 'm': case 'M': return base * base;
    case 'g': case 'G': return std::pow(base, 3);
    case 't': case 'T': return std::pow(base, 4);
    case 'p': case 'P': return std::pow(base, 5);
    case 'e': case 'E': return std::pow(base, 6);
    default: return std::nullopt;
  }
}

/// Bytes in one unit of `unit` ("B", "kB", "MB", "KiB", "MiB", "Gb", "bytes", …). A unit with "i" is
/// binary; otherwise `base` decides, because the tools disagree: GNU dd's MB is 10^6, sysbench 0.4's
/// "Mb" and bonnie++'s "K" are 2^20 and 2^10. nullopt for anything else.
inline std::optional<double> bytes_per_unit(std::string_view unit, double base) {
  if (unit == "B" || unit == "b" || unit == "bytes" || unit == "byte") return 1.0;
  if (unit.size() == 3 && (unit[1] == 'i') && (unit[2] == 'B' || unit[2] == 'b')) return prefix_factor(unit[0], 1024);
  if (unit.size() == 2 && (unit[1] == 'B' || unit[1] == 'b')) return prefix_factor(unit[0], base);
  if (unit.size() == 1) return prefix_factor(unit[0], base);
  return std::nullopt;
}

/// Seconds in one unit of a printed time: "ns"/"nsec", "us"/"usec"/"µs", "ms"/"msec", "s"/"sec"/"secs";
/// nullopt for anything else.
inline std::optional<double> seconds_per_unit(std::string_view unit) {
  if (unit == "ns" || unit == "nsec") return 1e-9;
  if (unit == "us" || unit == "usec" || unit == "\xC2\xB5s") return 1e-6;
  if (unit == "ms" || unit == "msec") return 1e-3;
  if (unit == "s" || unit == "sec" || unit == "secs") return 1.0;
  return std::nullopt;
}

/// A test's name, unique in its run: `base` the first time, then "base #2", "base #3"… (`seen`
/// counts the names given so far: one look-up each, however many runs a log holds).
inline std::string unique_name(std::map<std::string, std::size_t>& seen, const std::string& base) {
  const std::size_t n = ++seen[base];
  return n == 1 ? base : base + " #" + std::to_string(n);
}

/// A failure message that names the first line the importer could not read (its first
/// "line not read: …" note), when there is one: what to look at in a layout it does not know.
inline std::string with_first_unread(std::string message, const std::vector<std::string>& notes) {
  constexpr std::string_view mark = "line not read: ";
  for (const auto& n : notes)
    if (n.starts_with(mark)) return message + "; the first line it could not read: " + n.substr(mark.size());
  return message;
}

/// A figure with a value.
inline figure make_figure(std::string metric, double value, std::string unit, better direction) {
  return figure{std::move(metric), value, std::move(unit), direction};
}

}  // namespace raidbench::text
