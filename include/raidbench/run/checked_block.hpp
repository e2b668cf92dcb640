#pragma once
/// Blocks that carry their own check, in sysbench's --validate layout so that files prepared or
/// written by either tool validate in the other: `len - 12` pseudo-random bytes, their CRC-32 (4
/// bytes), then the block's offset in its file (8 bytes), both in the machine's byte order.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/crc32.hpp"
#include "raidbench/core/random.hpp"

namespace raidbench {

/// Bytes at the end of a checked block: the checksum and the offset.
inline constexpr std::size_t checked_block_trailer = 12;

/// Fills a block of `len` bytes (at least checked_block_trailer) written at `offset` of its file.
inline void fill_checked_block(std::byte* block, std::size_t len, std::uint64_t offset, random_generator& rng) noexcept {
  const std::size_t data = len - checked_block_trailer;
  std::size_t i = 0;
  for (; i + 8 <= data; i += 8) {
    const std::uint64_t word = rng();
    std::memcpy(block + i, &word, 8);
  }
  for (std::uint64_t word = rng(); i < data; ++i, word >>= 8) block[i] = static_cast<std::byte>(word & 0xFF);
  const std::uint32_t sum = crc32(block, data);
  std::memcpy(block + data, &sum, 4);
  std::memcpy(block + data + 4, &offset, 8);
}

/// Why a block read at `offset` fails its check, in sysbench's words (one line each); empty when it passes.
inline std::string checked_block_problem(const std::byte* block, std::size_t len, std::uint64_t offset) {
  const std::size_t data = len - checked_block_trailer;
  std::uint32_t stored = 0;
  std::uint64_t stored_offset = 0;
  std::memcpy(&stored, block + data, 4);
  std::memcpy(&stored_offset, block + data + 4, 8);
  if (const std::uint32_t computed = crc32(block, data); computed != stored)
    return fmt::format("Checksum mismatch in block with offset: {}\n    Calculated value: 0x{:x}    Stored value: 0x{:x}", offset,
                       computed, stored);
  if (stored_offset != offset)
    return fmt::format("Offset mismatch in block:\n   Actual offset: {}    Stored offset: {}", offset, stored_offset);
  return {};
}

}  // namespace raidbench
