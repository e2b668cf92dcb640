#pragma once
/// pg_test_fsync's (PostgreSQL 15) text layout: headings, padded labels, ops/sec and usecs/op, n/a.
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace raidbench::pg_test_fsync {

/// "5 seconds per test" and the O_DIRECT line, as pg_test_fsync prints them before any test.
inline std::string header(unsigned secs_per_test) {
  return fmt::format("{} second{} per test\n"
                     "O_DIRECT supported on this platform for open_datasync and open_sync.\n",
                     secs_per_test, secs_per_test == 1 ? "" : "s");
}

/// The heading of the sync-method comparison with one or two writes of `block_kb` kB.
inline std::string sync_methods_heading(unsigned writes_per_op, std::uint64_t block_kb) {
  return fmt::format("\nCompare file sync methods using {} {}kB write{}:\n"
                     "(in wal_sync_method preference order, except fdatasync is Linux's default)\n",
                     writes_per_op == 1 ? "one" : "two", block_kb, writes_per_op == 1 ? "" : "s");
}

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
inline std::string non_sync_heading(std::uint64_t block_kb) {
  return fmt::format("\nNon-sync'ed {}kB writes:\n", block_kb);
}

/// A test's label, indented and padded to the figures' column; printed before the test runs.
inline std::string label(std::string_view name) { return fmt::format("        {:<30}", name); }

/// `ops` operations in `seconds`: "    900.466 ops/sec    1111 usecs/op".
inline std::string rate(double ops, double seconds) {
  return fmt::format("{:13.3f} ops/sec  {:6.0f} usecs/op\n", ops / seconds, seconds / ops * 1e6);
}

/// "n/a" for a method the platform lacks; "n/a*" when the filesystem refused O_DIRECT.
inline std::string not_available(bool direct_refused) {
  return fmt::format("{:>21}\n", direct_refused ? "n/a*" : "n/a");
}

/// The footnote a section with an "n/a*" ends with.
inline std::string direct_refused_footnote() {
  return "* This file system and its mount options do not support direct\n"
         "  I/O, e.g. ext4 in journaled mode.\n";
}

}  // namespace raidbench::pg_test_fsync
