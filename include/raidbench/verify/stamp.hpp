#pragma once
/// The verification stamp (docs/verify.md): every 512-byte sector of a verified write starts with a
/// 32-byte header — its CRC-32C, a magic, the run, the file, the sector's own offset and the block's
/// write generation — followed by 480 bytes of payload, so a sector read back says whose it is,
/// where it belongs and which write put it there; a block whose sectors disagree was torn.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "raidbench/core/crc32c.hpp"

namespace raidbench::verify {

static_assert(std::endian::native == std::endian::little, "the stamp layout is little-endian");

/// Bytes of one stamped sector, of its header, and where each header field starts.
inline constexpr std::size_t sector_size = 512;
inline constexpr std::size_t header_size = 32;
namespace field {
inline constexpr std::size_t checksum = 0;    ///< u32: CRC-32C of bytes 4…511
inline constexpr std::size_t magic = 4;       ///< u32: "RBv1"
inline constexpr std::size_t run = 8;         ///< u64: the run (lineage) that wrote it
inline constexpr std::size_t offset = 16;     ///< u64: the sector's byte offset in its file
inline constexpr std::size_t file = 24;       ///< u32: the file's number in the set
inline constexpr std::size_t generation = 28; ///< u32: the block's write generation (1 = first write)
}  // namespace field
inline constexpr std::uint32_t stamp_magic = 0x31764252;  // "RBv1" in memory order

/// What the 480 bytes after each header hold: pseudo-random bytes unique to the sector and the write
/// (nothing compresses or deduplicates), half of that and half zeros (about 2:1 for a compressing
/// layer), or zeros.
enum class payload : unsigned char { random, compressible, zero };

/// What a write stamps on a block: whose, where, which write.
struct stamp_identity {
  std::uint64_t run = 0;
  std::uint32_t file = 0;
  std::uint64_t offset = 0;  ///< the block's offset in its file
  std::uint32_t generation = 0;
};

namespace detail {
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
template <class T>
void put(std::byte* p, T v) noexcept {
  std::memcpy(p, &v, sizeof v);
}
template <class T>
T get(const std::byte* p) noexcept {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
}  // namespace detail

/// Stamps a block of `len` bytes (a multiple of 512): each sector's header, its payload from `noise`
/// (`len` random bytes the thread drew once; each sector's are XORed with a key of the stamp, so
/// no two sectors of any write are alike), and its checksum.
inline void stamp_block(std::byte* block, std::size_t len, const stamp_identity& id, const std::byte* noise,
                        payload kind) noexcept {
  const std::uint64_t key = detail::mix64(id.run ^ detail::mix64(id.offset ^ (std::uint64_t{id.file} << 32 | id.generation)));
  constexpr std::size_t words = (sector_size - header_size) / 8;
  const std::size_t random_words = kind == payload::random ? words : kind == payload::compressible ? words / 2 : 0;
  for (std::size_t s = 0; s < len / sector_size; ++s) {
    std::byte* sector = block + s * sector_size;
    detail::put<std::uint32_t>(sector + field::magic, stamp_magic);
    detail::put<std::uint64_t>(sector + field::run, id.run);
    detail::put<std::uint64_t>(sector + field::offset, id.offset + s * sector_size);
    detail::put<std::uint32_t>(sector + field::file, id.file);
    detail::put<std::uint32_t>(sector + field::generation, id.generation);
    std::byte* body = sector + header_size;
    const std::byte* source = noise + s * sector_size + header_size;
    const std::uint64_t sector_key = key + s * 0x9e3779b97f4a7c15ULL;
    for (std::size_t w = 0; w < random_words; ++w) detail::put<std::uint64_t>(body + 8 * w, detail::get<std::uint64_t>(source + 8 * w) ^ sector_key);
    std::memset(body + 8 * random_words, 0, (words - random_words) * 8);
  }
  std::uint32_t sums[64];  // a block of up to 32 KiB at a time
  for (std::size_t first = 0; first < len / sector_size; first += 64) {
    const std::size_t n = len / sector_size - first < 64 ? len / sector_size - first : 64;
    crc32c_streams(block + first * sector_size + 4, sector_size, n, sector_size - 4, sums);
    for (std::size_t s = 0; s < n; ++s) detail::put<std::uint32_t>(block + (first + s) * sector_size, sums[s]);
  }
}

/// One sector as read back.
struct sector_reading {
  enum class kind : unsigned char {
    stamped,    ///< checksum and magic right: the fields below are what a write stamped
    zero,       ///< all zeros: never written (a hole, a fresh device, a lost write's old state)
    corrupted,  ///< a stamp (magic or run right) whose checksum does not match
    foreign,    ///< bytes of something else: another tool's data
  } what = kind::foreign;
  std::uint64_t run = 0;
  std::uint64_t offset = 0;
  std::uint32_t file = 0;
  std::uint32_t generation = 0;
  std::uint32_t stored_checksum = 0, computed_checksum = 0;
};

/// Reads the sector at `sector` given its computed checksum; `expected_run` tells a damaged stamp of
/// the run from other data.
inline sector_reading read_sector(const std::byte* sector, std::uint32_t computed, std::uint64_t expected_run) noexcept {
  sector_reading r;
  r.stored_checksum = detail::get<std::uint32_t>(sector + field::checksum);
  r.computed_checksum = computed;
  r.run = detail::get<std::uint64_t>(sector + field::run);
  r.offset = detail::get<std::uint64_t>(sector + field::offset);
  r.file = detail::get<std::uint32_t>(sector + field::file);
  r.generation = detail::get<std::uint32_t>(sector + field::generation);
  const bool magic = detail::get<std::uint32_t>(sector + field::magic) == stamp_magic;
  if (magic && r.stored_checksum == computed) r.what = sector_reading::kind::stamped;
  else if (magic || r.run == expected_run) r.what = sector_reading::kind::corrupted;
  else {
    bool zero = true;
    for (std::size_t i = 0; i < sector_size && zero; i += 8) zero = detail::get<std::uint64_t>(sector + i) == 0;
    r.what = zero ? sector_reading::kind::zero : sector_reading::kind::foreign;
  }
  return r;
}

/// A whole block as read back, before it is compared with what should be there.
struct block_reading {
  enum class kind : unsigned char {
    intact,     ///< every sector stamped by `run` for this place, of one generation
    zero,       ///< every sector zeros
    foreign,    ///< no sector of the expected run: other data, or another run's stamps (`run`)
    misplaced,  ///< stamps of the run naming another file or offset (`file`, `offset`: the first)
    torn,       ///< sectors of two or more writes (generations `generation`…`newest`, or a part not stamped)
    corrupted,  ///< a stamp whose checksum fails (`sector`, `stored`, `computed`)
  } what = kind::intact;
  std::uint32_t generation = 0;  ///< intact: the generation; torn: the oldest stamped one
  std::uint32_t newest = 0;      ///< torn: the newest
  std::uint32_t file = 0;        ///< misplaced: the file the stamp names
  std::uint64_t offset = 0;      ///< misplaced: the block offset the stamp names
  std::uint64_t run = 0;         ///< foreign: the run a stamp names, 0 when none
  std::uint32_t sector = 0;      ///< corrupted: the first bad sector within the block
  std::uint32_t stored = 0, computed = 0;
  std::uint32_t unstamped = 0;   ///< torn: sectors that are zeros or other data
};

/// Reads back a block of `len` bytes (a multiple of 512) that should be `run`'s stamps for `file` at
/// `offset`: one verdict for the whole block, the most telling first (corrupted, misplaced, torn).
inline block_reading read_block(const std::byte* block, std::size_t len, std::uint64_t run, std::uint32_t file,
                                std::uint64_t offset) noexcept {
  block_reading b;
  const std::size_t sectors = len / sector_size;
  std::uint32_t sums[64];
  std::uint32_t stamped = 0, zero = 0, foreign = 0;
  bool first_stamp = true, misplaced = false;
  for (std::size_t first = 0; first < sectors; first += 64) {
    const std::size_t n = sectors - first < 64 ? sectors - first : 64;
    crc32c_streams(block + first * sector_size + 4, sector_size, n, sector_size - 4, sums);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t s = first + i;
      const sector_reading r = read_sector(block + s * sector_size, sums[i], run);
      switch (r.what) {
        case sector_reading::kind::corrupted:
          if (b.what != block_reading::kind::corrupted) {
            b.what = block_reading::kind::corrupted;
            b.sector = static_cast<std::uint32_t>(s);
            b.stored = r.stored_checksum;
            b.computed = r.computed_checksum;
          }
          continue;
        case sector_reading::kind::zero: ++zero; continue;
        case sector_reading::kind::foreign: ++foreign; continue;
        case sector_reading::kind::stamped: break;
      }
      if (r.run != run) {
        ++foreign;
        b.run = r.run;
        continue;
      }
      ++stamped;
      if (!misplaced && (r.file != file || r.offset != offset + s * sector_size)) {
        misplaced = true;
        b.file = r.file;
        b.offset = r.offset - s * sector_size;
      }
      if (first_stamp) b.generation = b.newest = r.generation;
      else if (r.generation < b.generation) b.generation = r.generation;
      else if (r.generation > b.newest) b.newest = r.generation;
      first_stamp = false;
    }
  }
  if (b.what == block_reading::kind::corrupted) return b;
  if (stamped == 0) {
    b.what = foreign == 0 ? block_reading::kind::zero : block_reading::kind::foreign;
    return b;
  }
  if (misplaced) b.what = block_reading::kind::misplaced;
  else if (b.generation != b.newest || stamped != sectors) {
    b.what = block_reading::kind::torn;
    b.unstamped = static_cast<std::uint32_t>(sectors) - stamped;
  }
  return b;
}

}  // namespace raidbench::verify
