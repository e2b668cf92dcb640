#pragma once
/// The copy mix and its source/destination target: every read is followed by writes of what it read.
#include <cstdint>
#include <string_view>

#include "raidbench/workload/mix.hpp"
#include "raidbench/workload/slot.hpp"
#include "raidbench/workload/target.hpp"

namespace raidbench {

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
