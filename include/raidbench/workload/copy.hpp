#pragma once
/// The copy mix and its source/destination target: every read is followed by writes of what it read.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "raidbench/workload/mix.hpp"
#include "raidbench/workload/slot.hpp"
#include "raidbench/workload/target.hpp"

namespace raidbench {

/// dd's conversions of a copy's data (conv=swab, ascii, ebcdic, ibm, lcase, ucase, block,
/// unblock, sparse); set_translation (run/copy_conversion.hpp) fills the table.
struct copy_conversion {
  enum class charset : std::uint8_t { none, ebcdic_to_ascii, ascii_to_ebcdic, ascii_to_ibm };
  enum class letter_case : std::uint8_t { keep, upper, lower };
  enum class reblock : std::uint8_t { none, block, unblock };
  bool swab = false;                    ///< swap every pair of bytes (an odd last byte stays last)
  bool translate = false;               ///< replace each byte by `table[byte]`
  std::array<unsigned char, 256> table{};
  reblock records = reblock::none;      ///< newline-terminated lines to cbs-byte records, or back
  std::size_t cbs = 0;                  ///< the conversion record size of block and unblock
  unsigned char newline = '\n';        ///< what block and unblock take for a newline and a space
  unsigned char space = ' ';            ///< (after the translation: EBCDIC's with conv=ebcdic)
  /// Seek over output blocks of zeros instead of writing them; at the end, a regular file shorter
  /// than where the output ends is extended to it.
  bool sparse = false;
  /// True when the data is rewritten, so output is re-blocked as dd does with two buffers.
  bool rewrites() const noexcept { return swab || translate || records != reblock::none; }
  bool any() const noexcept { return rewrites() || sparse; }
};

namespace mix {

/// Reads input records of `block` bytes from the source and writes the bytes to the destination,
/// in order, as dd does. Reads and writes are timed separately (op_kind::read, op_kind::write) and
/// counted as full or partial records (run_statistics::records).
struct copy {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "copy";
  static constexpr mix::kind kind = mix::kind::copy;
  std::uint64_t output_block = 0;  ///< bytes per write; 0: each record is written as it was read
  bool fill_blocks = false;        ///< read again after a short read until the record is full or the input ends
  bool pad_short_reads = false;    ///< zero-fill a short record to `block` bytes before writing it
  /// After a failed read, drop the record, move the input past the bad block and go on, as dd's
  /// conv=noerror does: with pad_short_reads the lost record is written as zeros (after what it had
  /// read, with fill_blocks), unless the record before it was short (dd's rule).
  bool continue_after_read_error = false;
  std::uint64_t records = UINT64_MAX;  ///< input records to read; UINT64_MAX: until the end of input
  std::uint64_t tail_bytes = 0;    ///< after `records`, one more read of this many bytes (0: none)
  copy_conversion conversion{};    ///< dd's conv= data conversions; none by default
};

}  // namespace mix

namespace target {

/// A source and a destination descriptor the caller opened and still owns. The stream engine uses
/// their current positions; the psync engine starts at the given offsets.
struct pair {
  using slot = raidbench::slot::target;
  int source = -1;
  int destination = -1;
  std::uint64_t source_offset = 0;
  std::uint64_t destination_offset = 0;
};

}  // namespace target

}  // namespace raidbench
