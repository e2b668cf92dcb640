#pragma once
// dd's report lines' definitions (see core/linkage.hpp): included by dd.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "raidbench/report/dd.hpp"
#include "raidbench/stats/record_counts.hpp"

namespace raidbench {

namespace detail {

inline constexpr char dd_power_letters[] = {'\0', 'k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'};

// The unit after a scaled number, as GNU's human_readable writes it with human_SI | human_B
// | human_space_before_unit: " B", " kB", " KiB", " MB", " MiB"…
inline std::string dd_unit(int exponent, unsigned base) {
  if (exponent == 0) return " B";
  const char letter = base == 1024 && exponent == 1 ? 'K' : dd_power_letters[exponent];
  return base == 1024 ? fmt::format(" {}iB", letter) : fmt::format(" {}B", letter);
}

// GNU human_readable's exact integer path with human_autoscale | human_round_to_nearest: `tenths`
// and `rounding` (0: exact, 1: below half, 2: half, 3: above half) describe what was divided off.
inline std::string dd_scaled_integer(std::uint64_t amount, unsigned tenths, unsigned rounding, unsigned base) {
  int exponent = 0;
  std::string fraction;
  if (base <= amount) {
    do {
      const unsigned r10 = static_cast<unsigned>(amount % base) * 10 + tenths;
      const unsigned r2 = (r10 % base) * 2 + (rounding >> 1);
      amount /= base;
      tenths = r10 / base;
      rounding = r2 < base ? (r2 + rounding) != 0 : 2 + (base < r2 + rounding);
      ++exponent;
    } while (base <= amount && exponent < 8);
    if (amount < 10) {
      if (2 < rounding + (tenths & 1)) {
        ++tenths;
        rounding = 0;
        if (tenths == 10) {
          ++amount;
          tenths = 0;
        }
      }
      if (amount < 10) {
        fraction = fmt::format(".{}", tenths);
        tenths = rounding = 0;
      }
    }
  }
  if (5 < tenths + (0 < rounding + (amount & 1))) {
    ++amount;
    if (amount == base && exponent < 8) {
      ++exponent;
      fraction = ".0";
      amount = 1;
    }
  }
  return fmt::format("{}{}{}", amount, fraction, dd_unit(exponent, base));
}

// GNU human_readable's floating point path (autoscaled, at least one step, one decimal below 100).
inline std::string dd_scaled_float(long double amount, unsigned base) {
  long double e = 1;
  int exponent = 0;
  do {
    e *= base;
    ++exponent;
  } while (e * base <= amount && exponent < 8);
  amount /= e;
  std::string text = fmt::format("{:.1f}", static_cast<double>(amount));
  if (text.size() > 4) text = fmt::format("{:.0f}", static_cast<double>(amount));
  return text + dd_unit(exponent, base);
}

inline bool dd_lacks_prefix(const std::string& s) { return s.size() >= 2 && s[s.size() - 2] == ' '; }

}  // namespace detail

RAIDBENCH_API std::string dd_human_size(std::uint64_t bytes, bool iec) {
  return detail::dd_scaled_integer(bytes, 0, 0, iec ? 1024 : 1000);
}

RAIDBENCH_API std::string dd_rate(std::uint64_t bytes, std::uint64_t elapsed_ns) {
  constexpr std::uint64_t ns_per_s = 1'000'000'000;
  if (elapsed_ns == 0) return "Infinity B/s";
  // human_readable (bytes, …, 10^9, elapsed_ns) takes an exact integer path when one unit divides the other.
  if (ns_per_s % elapsed_ns == 0) {
    const std::uint64_t multiplier = ns_per_s / elapsed_ns;
    if (bytes <= UINT64_MAX / multiplier) return detail::dd_scaled_integer(bytes * multiplier, 0, 0, 1000) + "/s";
  } else if (elapsed_ns % ns_per_s == 0) {
    const std::uint64_t divisor = elapsed_ns / ns_per_s;
    const std::uint64_t r10 = (bytes % divisor) * 10, r2 = (r10 % divisor) * 2;
    const unsigned rounding = r2 < divisor ? 0 < r2 : 2 + (divisor < r2);
    return detail::dd_scaled_integer(bytes / divisor, static_cast<unsigned>(r10 / divisor), rounding, 1000) + "/s";
  }
  const long double amount = static_cast<long double>(bytes) * (1e9L / static_cast<long double>(elapsed_ns));
  return detail::dd_scaled_float(amount, 1000) + "/s";
}

RAIDBENCH_API std::string dd_records_lines(const record_counts& r) {
  std::string out = fmt::format("{}+{} records in\n{}+{} records out\n", r.full_in, r.partial_in, r.full_out, r.partial_out);
  if (r.truncated != 0) out += fmt::format("{} truncated record{}\n", r.truncated, r.truncated == 1 ? "" : "s");
  return out;
}

RAIDBENCH_API std::string dd_statistics_line(std::uint64_t bytes, std::uint64_t elapsed_ns, bool progress) {
  const double seconds = static_cast<double>(elapsed_ns) / 1e9;
  const std::string time = progress ? fmt::format("{:.0f} s", seconds) : fmt::format("{:g} s", seconds);
  const std::string rate = dd_rate(bytes, elapsed_ns);
  const std::string si = dd_human_size(bytes, false), iec = dd_human_size(bytes, true);
  if (detail::dd_lacks_prefix(si))
    return fmt::format("{} byte{} copied, {}, {}", bytes, bytes == 1 ? "" : "s", time, rate);
  if (detail::dd_lacks_prefix(iec)) return fmt::format("{} bytes ({}) copied, {}, {}", bytes, si, time, rate);
  return fmt::format("{} bytes ({}, {}) copied, {}, {}", bytes, si, iec, time, rate);
}

RAIDBENCH_API std::string bsd_statistics_line(std::uint64_t bytes, std::uint64_t elapsed_ns) {
  const std::uint64_t micros = elapsed_ns / 1000 ? elapsed_ns / 1000 : 1;
  const auto rate = static_cast<long long>(static_cast<double>(bytes) * 1e6 / static_cast<double>(micros));
  return fmt::format("{} bytes transferred in {}.{:03} secs ({} bytes/sec)", bytes, elapsed_ns / 1'000'000'000,
                     elapsed_ns % 1'000'000'000 / 1'000'000, rate);
}

}  // namespace raidbench
