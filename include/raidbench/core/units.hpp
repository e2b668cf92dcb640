#pragma once
/// Byte sizes as people write them (4k, 1M, 1GiB, 1GB) and as reports print them.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/literals.hpp"

namespace raidbench {


namespace detail {
inline int unit_exponent(char letter) noexcept {
  switch (letter) {
    case 'k': case 'K': return 1;
    case 'm': case 'M': return 2;
    case 'g': case 'G': return 3;
    case 't': case 'T': return 4;
    case 'p': case 'P': return 5;
    case 'e': case 'E': return 6;
    default: return 0;
  }
}
}  // namespace detail

/// Parses "4096", "4k"/"4K"/"4KiB" (1024), "4kB"/"4KB" (1000), "1G", "1GiB", "1GB", "8B".
/// A single letter is binary, as in fio, sysbench and dd; "iB" is binary; "B" after a letter is decimal.
inline expected<std::uint64_t> parse_size(std::string_view text) {
  auto bad = [&](std::string_view why) {
    return fail(fmt::format("invalid size '{}': {}", text, why));
  };
  if (text.empty()) return bad("empty");
  std::size_t i = 0;
  std::uint64_t value = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    const std::uint64_t digit = static_cast<std::uint64_t>(text[i] - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return bad("too large");
    value = value * 10 + digit;
    ++i;
  }
  if (i == 0) return bad("expected a number, optionally followed by a unit such as 4k, 1M, 1GiB");
  std::string_view suffix = text.substr(i);
  int exponent = 0;
  std::uint64_t base = 1024;
  if (!suffix.empty() && suffix != "B" && suffix != "b") {
    exponent = detail::unit_exponent(suffix[0]);
    if (exponent == 0) return bad(fmt::format("unknown unit '{}' (use k, M, G, T, KiB, MB…)", suffix));
    const std::string_view rest = suffix.substr(1);
    if (rest == "B") base = 1000;
    else if (!rest.empty() && rest != "iB" && rest != "ib")
      return bad(fmt::format("unknown unit '{}' (use k, M, G, T, KiB, MB…)", suffix));
  }
  for (int e = 0; e < exponent; ++e) {
    if (value > std::numeric_limits<std::uint64_t>::max() / base) return bad("too large");
    value *= base;
  }
  return value;
}

/// "4 KiB", "1.5 GiB", "123 B": a human size in binary units, three significant digits at most.
inline std::string format_iec(std::uint64_t bytes) {
  static constexpr const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  double v = static_cast<double>(bytes);
  while (v >= 1024.0 && u < 6) { v /= 1024.0; ++u; }
  if (u == 0) return fmt::format("{} B", bytes);
  if (v == static_cast<double>(static_cast<std::uint64_t>(v))) return fmt::format("{:.0f} {}", v, units[u]);
  return fmt::format("{:.{}f} {}", v, v < 10 ? 2 : v < 100 ? 1 : 0, units[u]);
}

}  // namespace raidbench
