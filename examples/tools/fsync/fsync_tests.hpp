#pragma once
// pg_test_fsync's tests as data, and the one non-template function that runs any of them.
#include <cstdint>
#include <string>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/result/result.hpp"

namespace rb_fsync {

using raidbench::held_directory;

// The test file is `file` in the directory `dir` holds (the -f file's directory, held once by main).

enum class flush_kind { none, fdatasync, fsync };
/// How each write reaches the file: one descriptor for the test, or one opened per write, with the
/// flush through the writer's descriptor or through one of its own.
enum class descriptor_kind { one, reopen_flush_writer, reopen_flush_other };

/// One line of pg_test_fsync: what one operation does.
struct test_spec {
  std::string section;         // JSON key of the section
  std::string label;
  std::uint32_t writes_per_op = 1;
  std::uint64_t block = 8192;
  flush_kind flush = flush_kind::none;
  int open_flags = 0;          // O_DSYNC or O_SYNC
  bool direct = false;         // with O_DIRECT, or n/a* when the filesystem refuses it
  descriptor_kind descriptors = descriptor_kind::one;
  bool available = true;       // false: the platform lacks the method (fsync_writethrough on Linux)
};

/// pg_test_fsync 15's tests in its order, with `block` bytes where it uses XLOG_BLCKSZ.
std::vector<test_spec> pg_test_fsync_tests(std::uint64_t block);

/// Whether the file opens with the test's flags and O_DIRECT (pg_test_fsync prints n/a* if not).
bool direct_accepted(const held_directory& dir, const std::string& file, const test_spec& t);

/// Writes the file pg_test_fsync tests on (16 MiB, fsynced), creating it if missing.
raidbench::expected<raidbench::result> prepare_file(held_directory& dir, const std::string& file);

/// Runs one test for `seconds` on the prepared file. With `time_each_call` every write and flush is
/// timed into the latency histograms (--json prints them); without, as pg_test_fsync, only the test
/// is timed, which keeps the clock out of a CPU-bound figure (tmpfs, a write-back cache).
raidbench::expected<raidbench::result> run_test(const test_spec& t, held_directory& dir, const std::string& file,
                                                unsigned seconds, bool time_each_call);

/// Operations as pg_test_fsync counts them: flushes, or writes / writes_per_op without a flush.
double operations(const test_spec& t, const raidbench::result& r);

}  // namespace rb_fsync
