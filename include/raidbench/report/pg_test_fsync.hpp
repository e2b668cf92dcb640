#pragma once
/// pg_test_fsync's (PostgreSQL 15) text layout: headings, padded labels, ops/sec and usecs/op, n/a.
#include <cstdint>
#include <string>
#include <string_view>

#include "raidbench/core/linkage.hpp"

namespace raidbench::pg_test_fsync {

/// "5 seconds per test" and the O_DIRECT line, as pg_test_fsync prints them before any test.
RAIDBENCH_API std::string header(unsigned secs_per_test);

/// The heading of the sync-method comparison with one or two writes of `block_kb` kB.
RAIDBENCH_API std::string sync_methods_heading(unsigned writes_per_op, std::uint64_t block_kb);

/// The heading of the open_sync write-size comparison (16kB in 1 to 16 writes).
inline std::string open_sync_sizes_heading() {
  return "\nCompare open_sync with different write sizes:\n"
         "(This is designed to compare the cost of writing 16kB in different write\n"
         "open_sync sizes.)\n";
}

/// The heading of the fsync-on-another-descriptor test.
inline std::string other_descriptor_heading() {
  return "\nTest if fsync on non-write file descriptor is honored:\n"
         "(If the times are similar, fsync() can sync data written on a different\n"
         "descriptor.)\n";
}

/// The heading of the unsynced write test.
RAIDBENCH_API std::string non_sync_heading(std::uint64_t block_kb);

/// A test's label, indented and padded to the figures' column; printed before the test runs.
RAIDBENCH_API std::string label(std::string_view name);

/// `ops` operations in `seconds`: "    900.466 ops/sec    1111 usecs/op".
RAIDBENCH_API std::string rate(double ops, double seconds);

/// "n/a" for a method the platform lacks; "n/a*" when the filesystem refused O_DIRECT.
RAIDBENCH_API std::string not_available(bool direct_refused);

/// The footnote a section with an "n/a*" ends with.
inline std::string direct_refused_footnote() {
  return "* This file system and its mount options do not support direct\n"
         "  I/O, e.g. ext4 in journaled mode.\n";
}

}  // namespace raidbench::pg_test_fsync

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/pg_test_fsync.hpp"
#endif
