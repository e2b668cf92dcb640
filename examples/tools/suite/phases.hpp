#pragma once
// The seed suite's workloads behind non-template functions: each composes library policies for one
// kind of test, so the runner is instantiated once per kind (in phases_seq.cpp and phases_random.cpp).
#include <cstdint>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/progress.hpp"

namespace raidbench::verify {
class session;
}

namespace rb_suite {

using raidbench::expected;
using raidbench::held_directory;
using raidbench::result;
using raidbench::run_options;

// Every test works on files in the scratch directory `dir` holds, by their names in it.

/// dd-style write in one pass (1 MiB blocks by default), fdatasync at the end (inside the timed window).
expected<result> sequential_write(held_directory& dir, const std::string& file, std::uint64_t size, const run_options& ro,
                                  std::uint64_t block = 1u << 20);

/// dd-style read of the whole file in 1 MiB blocks, buffered or with O_DIRECT.
expected<result> sequential_read(held_directory& dir, const std::string& file, std::uint64_t size, bool direct,
                                 const run_options& ro);

/// pg_test_fsync's methods for one 8 kB write.
enum class commit_method { open_datasync, fdatasync, fsync, open_sync };

/// The size of the file the commit tests rewrite (created by sequential_write first).
inline constexpr std::uint64_t commit_block = 8192;

/// Rewrites 8 kB at the start of `file` for `seconds`, committing each write with `method`; the
/// open_* methods add O_DIRECT when the filesystem takes it, as pg_test_fsync does.
expected<result> commit_test(held_directory& dir, const std::string& file, commit_method method, double seconds,
                             const run_options& ro);

/// Writes a sysbench-style file set (`files` files, `total` bytes together), fdatasync at the end.
/// With `verified` (--verify), this and the random tests stamp and check every block in it.
expected<result> prepare_file_set(held_directory& dir, std::uint32_t files, std::uint64_t total, const run_options& ro,
                                  raidbench::verify::session* verified = nullptr);

/// How a random test runs: `round` picks the random stream, so the rounds of a steady-state run do
/// not replay each other's blocks; `direct` opens the files with O_DIRECT (--direct).
struct random_run {
  double seconds = 0;
  std::uint64_t round = 0;
  bool direct = false;
};

/// sysbench fileio rndrw: 16 KiB random reads and writes 1.5:1, fsync every 100 writes.
expected<result> random_read_write(held_directory& dir, std::uint32_t files, std::uint64_t total, random_run how,
                                   const run_options& ro, raidbench::verify::session* verified = nullptr);

/// sysbench fileio rndrd: 16 KiB random reads.
expected<result> random_read(held_directory& dir, std::uint32_t files, std::uint64_t total, random_run how,
                             const run_options& ro, raidbench::verify::session* verified = nullptr);

/// The prefix of the file set's names in the scratch directory.
inline constexpr const char* file_set_prefix = "rndrw.";

}  // namespace rb_suite
