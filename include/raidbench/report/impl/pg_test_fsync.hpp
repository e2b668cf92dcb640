#pragma once
// pg_test_fsync's text layout definitions (see core/linkage.hpp): included by pg_test_fsync.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/report/pg_test_fsync.hpp"

namespace raidbench::pg_test_fsync {

RAIDBENCH_API std::string header(unsigned secs_per_test) {
  return fmt::format("{} second{} per test\n"
                     "O_DIRECT supported on this platform for open_datasync and open_sync.\n",
                     secs_per_test, secs_per_test == 1 ? "" : "s");
}

RAIDBENCH_API std::string sync_methods_heading(unsigned writes_per_op, std::uint64_t block_kb) {
  return fmt::format("\nCompare file sync methods using {} {}kB write{}:\n"
                     "(in wal_sync_method preference order, except fdatasync is Linux's default)\n",
                     writes_per_op == 1 ? "one" : "two", block_kb, writes_per_op == 1 ? "" : "s");
}

RAIDBENCH_API std::string non_sync_heading(std::uint64_t block_kb) {
  return fmt::format("\nNon-sync'ed {}kB writes:\n", block_kb);
}

RAIDBENCH_API std::string label(std::string_view name) { return fmt::format("        {:<30}", name); }

RAIDBENCH_API std::string rate(double ops, double seconds) {
  return fmt::format("{:13.3f} ops/sec  {:6.0f} usecs/op\n", ops / seconds, seconds / ops * 1e6);
}

RAIDBENCH_API std::string not_available(bool direct_refused) {
  return fmt::format("{:>21}\n", direct_refused ? "n/a*" : "n/a");
}

}  // namespace raidbench::pg_test_fsync
