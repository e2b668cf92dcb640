#pragma once
/// CRC-32 as zlib's crc32(0, data, len) computes it (ISO-HDLC: reflected polynomial 0xEDB88320,
/// initial and final value 0xFFFFFFFF): what sysbench stores in its --validate blocks.
#include <array>
#include <cstddef>
#include <cstdint>

namespace raidbench {

namespace detail {
/// The byte table of a reflected CRC-32 with `polynomial` (reversed form): zlib's, or crc32c.hpp's.
constexpr std::array<std::uint32_t, 256> crc32_table(std::uint32_t polynomial = 0xEDB88320u) noexcept {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = c & 1 ? polynomial ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
inline constexpr auto crc32_lookup = crc32_table();
}  // namespace detail

/// The CRC-32 of `n` bytes.
constexpr std::uint32_t crc32(const std::byte* data, std::size_t n) noexcept {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = detail::crc32_lookup[(c ^ static_cast<std::uint8_t>(data[i])) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

}  // namespace raidbench
