#pragma once
/// CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, initial and final value 0xFFFFFFFF), the
/// checksum of raidbench's verification stamps (verify/stamp.hpp) and of fio's verify=crc32c. On
/// x86-64 with SSE4.2 it runs on the CPU's crc32 instruction, chosen once at run time; elsewhere on
/// a table. `crc32c_streams` checks several equal pieces at once, so the instruction's latency is
/// hidden by independent streams rather than by a folding step.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "raidbench/core/crc32.hpp"

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace raidbench {

namespace detail {
inline constexpr auto crc32c_lookup = crc32_table(0x82F63B78u);

/// The running CRC (not inverted) over n bytes, by table.
constexpr std::uint32_t crc32c_table_update(std::uint32_t c, const std::byte* data, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) c = crc32c_lookup[(c ^ static_cast<std::uint8_t>(data[i])) & 0xFF] ^ (c >> 8);
  return c;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) inline std::uint32_t crc32c_hw_update(std::uint32_t c, const std::byte* data,
                                                                        std::size_t n) noexcept {
  std::uint64_t c64 = c;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    c64 = _mm_crc32_u64(c64, w);
  }
  auto c32 = static_cast<std::uint32_t>(c64);
  for (; i < n; ++i) c32 = _mm_crc32_u8(c32, static_cast<std::uint8_t>(data[i]));
  return c32;
}

/// Up to 8 streams of `n` bytes each, `stride` bytes apart, word by word in turn.
__attribute__((target("sse4.2"))) inline void crc32c_hw_streams(const std::byte* first, std::size_t stride, std::size_t streams,
                                                                std::size_t n, std::uint32_t* out) noexcept {
  std::uint64_t c[8];
  for (std::size_t s = 0; s < streams; ++s) c[s] = 0xFFFFFFFFu;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (std::size_t s = 0; s < streams; ++s) {
      std::uint64_t w;
      std::memcpy(&w, first + s * stride + i, 8);
      c[s] = _mm_crc32_u64(c[s], w);
    }
  for (std::size_t s = 0; s < streams; ++s) {
    auto c32 = static_cast<std::uint32_t>(c[s]);
    for (std::size_t j = i; j < n; ++j) c32 = _mm_crc32_u8(c32, static_cast<std::uint8_t>(first[s * stride + j]));
    out[s] = ~c32;
  }
}

/// Exactly 8 streams: the counts are constants, so the eight CRCs stay in registers.
__attribute__((target("sse4.2"))) inline void crc32c_hw_8_streams(const std::byte* first, std::size_t stride, std::size_t n,
                                                                  std::uint32_t* out) noexcept {
  std::uint64_t c0 = 0xFFFFFFFFu, c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
  const auto word = [&](std::size_t s, std::size_t i) {
    std::uint64_t w;
    std::memcpy(&w, first + s * stride + i, 8);
    return w;
  };
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    c0 = _mm_crc32_u64(c0, word(0, i));
    c1 = _mm_crc32_u64(c1, word(1, i));
    c2 = _mm_crc32_u64(c2, word(2, i));
    c3 = _mm_crc32_u64(c3, word(3, i));
    c4 = _mm_crc32_u64(c4, word(4, i));
    c5 = _mm_crc32_u64(c5, word(5, i));
    c6 = _mm_crc32_u64(c6, word(6, i));
    c7 = _mm_crc32_u64(c7, word(7, i));
  }
  const std::uint64_t c[8] = {c0, c1, c2, c3, c4, c5, c6, c7};
  for (std::size_t s = 0; s < 8; ++s) {
    auto c32 = static_cast<std::uint32_t>(c[s]);
    for (std::size_t j = i; j < n; ++j) c32 = _mm_crc32_u8(c32, static_cast<std::uint8_t>(first[s * stride + j]));
    out[s] = ~c32;
  }
}

inline bool crc32c_has_instruction() noexcept {
  static const bool has = __builtin_cpu_supports("sse4.2");
  return has;
}
#endif
}  // namespace detail

/// The CRC-32C of `n` bytes ("123456789" gives 0xE3069283).
inline std::uint32_t crc32c(const std::byte* data, std::size_t n) noexcept {
#if defined(__x86_64__)
  if (detail::crc32c_has_instruction()) return ~detail::crc32c_hw_update(0xFFFFFFFFu, data, n);
#endif
  return ~detail::crc32c_table_update(0xFFFFFFFFu, data, n);
}

/// The CRC-32C of `streams` pieces of `n` bytes, the first at `first` and each `stride` bytes after
/// the one before, into out[0 … streams-1]; the same values as crc32c of each piece.
inline void crc32c_streams(const std::byte* first, std::size_t stride, std::size_t streams, std::size_t n,
                           std::uint32_t* out) noexcept {
#if defined(__x86_64__)
  if (detail::crc32c_has_instruction()) {
    std::size_t s = 0;
    for (; s + 8 <= streams; s += 8) detail::crc32c_hw_8_streams(first + s * stride, stride, n, out + s);
    if (s < streams) detail::crc32c_hw_streams(first + s * stride, stride, streams - s, n, out + s);
    return;
  }
#endif
  for (std::size_t s = 0; s < streams; ++s) out[s] = crc32c(first + s * stride, n);
}

}  // namespace raidbench
