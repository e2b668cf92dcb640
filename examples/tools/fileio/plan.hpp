#pragma once
// The boundary between rb-fileio's run-time options and the library's compile-time policies: a
// plain struct in, a result out. One file per engine maps the other slots.
#include <chrono>
#include <cstdint>
#include <functional>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/report/sysbench_fileio.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/workload/timing.hpp"

namespace rb_fileio {

/// What `run` does, as values.
struct plan {
  raidbench::report::fileio_mode mode = raidbench::report::fileio_mode::rndrd;
  raidbench::held_directory* directory = nullptr;  ///< the working directory main holds: test_file.N are reached through it
  std::uint32_t files = 128;
  std::uint64_t file_size = 0;
  std::uint64_t block_size = 16384;  ///< sequential modes: block × merged requests
  int open_bits = 0;
  std::uint64_t fsync_freq = 100;    ///< requests between rounds of fsyncs (0: none)
  bool fsync_end = true;
  bool fsync_all = false;
  bool fdatasync = false;
  double rw_ratio = 1.5;
  unsigned threads = 1;
  std::uint32_t backlog = 128;
  std::uint64_t seed = 1;
  std::chrono::nanoseconds time{};
  std::uint64_t events = 0;
  std::uint32_t rate = 0;  ///< --rate: requests per second (0: as fast as they go)
  std::function<void(const raidbench::timing::request&)> observe;  ///< --debug: sees each request
};

/// Runs the plan with one engine; each is defined in a file of its own.
raidbench::expected<raidbench::result> run_psync(const plan& p, const raidbench::run_options& o);
raidbench::expected<raidbench::result> run_io_uring(const plan& p, const raidbench::run_options& o);
raidbench::expected<raidbench::result> run_mmap(const plan& p, const raidbench::run_options& o);
/// With sysbench's checked blocks (--validate): pread/pwrite, io_uring, mmap.
raidbench::expected<raidbench::result> run_psync_checked(const plan& p, const raidbench::run_options& o);
raidbench::expected<raidbench::result> run_io_uring_checked(const plan& p, const raidbench::run_options& o);
raidbench::expected<raidbench::result> run_mmap_checked(const plan& p, const raidbench::run_options& o);

}  // namespace rb_fileio
