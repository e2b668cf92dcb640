#pragma once
/// A workload as plain values, for results, reports and JSON: what ran, not how it was typed.
/// Apart from describe() (description.hpp), so that results, reports and verdicts do not compile
/// the policies and Boost.Hana.
#include <cstdint>
#include <string>

namespace raidbench {

/// Every policy of a workload, by name and value.
struct workload_description {
  std::string access;           ///< sequential, random
  std::string mix;              ///< read, write, rewrite, read_write, read_percent, copy
  double read_fraction = 1.0;   ///< share of reads among reads and writes
  std::uint64_t block_size = 0;
  std::string sync;             ///< none, fsync_every, fdatasync_every, fsync_at_end, fdatasync_at_end
  std::uint64_t sync_every = 0; ///< writes between flushes (0: none)
  bool sync_at_end = false;
  std::string open_flags;       ///< none, direct, dsync, sync, direct|dsync…
  std::string engine;           ///< psync, io_uring, mmap, stream
  std::uint32_t queue_depth = 1;
  std::string target;           ///< file, file_set, descriptor, pair
  std::string path;             ///< the file, or the directory of a file set (empty for a descriptor)
  std::uint32_t files = 1;
  std::uint64_t total_size = 0;
  unsigned threads = 1;
  std::uint64_t seed = 0;
  double stop_seconds = 0;      ///< 0: no time limit
  std::uint64_t stop_ops = 0;   ///< 0: no operation limit
  std::uint64_t stop_bytes = 0; ///< 0: no byte limit
  std::string timing = "per_call";  ///< per_call (latency histograms), totals (counts and run time only), gated
  std::uint32_t rate = 0;           ///< timing::gated: requests per second asked for; 0: as fast as they go
  friend bool operator==(const workload_description&, const workload_description&) = default;
};

}  // namespace raidbench
