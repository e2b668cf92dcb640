#pragma once
/// A workload as plain values, for results, reports and JSON: what ran, not how it was typed.
/// Apart from describe() (description.hpp), so that results, reports and verdicts do not compile
/// the policies and Boost.Hana.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace raidbench {

/// The open(2) flags of a workload that change what its figures mean; JSON and reports spell them
/// "none", "direct", "dsync", "sync", "direct|dsync"…
struct open_flag_set {
  bool direct = false;  ///< O_DIRECT: the page cache is bypassed
  bool sync = false;    ///< O_SYNC: every write commits its data and metadata
  bool dsync = false;   ///< O_DSYNC without O_SYNC: every write commits its data
  friend bool operator==(const open_flag_set&, const open_flag_set&) = default;
};

inline std::string to_string(const open_flag_set& f) {
  std::string out;
  for (const auto& [on, name] : {std::pair{f.direct, "direct"}, std::pair{f.sync, "sync"}, std::pair{f.dsync, "dsync"}})
    if (on) out += out.empty() ? name : std::string("|") + name;
  return out.empty() ? "none" : out;
}

/// The flags a spelling names ("direct|dsync"); words it does not know name none.
inline open_flag_set open_flags_from(std::string_view words) {
  const std::string padded = "|" + std::string(words) + "|";
  const auto has = [&](std::string_view w) { return padded.find("|" + std::string(w) + "|") != std::string::npos; };
  return {has("direct"), has("sync"), has("dsync")};
}

/// Every policy of a workload, by name and value.
struct workload_description {
  std::string access;           ///< sequential, random
  std::string mix;              ///< read, write, rewrite, read_write, read_percent, copy
  double read_fraction = 1.0;   ///< share of reads among reads and writes
  std::uint64_t block_size = 0;
  std::string sync;             ///< none, fsync_every, fdatasync_every, fsync_at_end, fdatasync_at_end
  std::uint64_t sync_every = 0; ///< writes between flushes (0: none)
  bool sync_at_end = false;
  open_flag_set open_flags;
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
  std::string rate_process;         ///< with a rate: "poisson" or "uniform" arrivals; empty without
  std::string verify = "none";      ///< none, stamps, sysbench_blocks (workload/verify.hpp)
  friend bool operator==(const workload_description&, const workload_description&) = default;
};

}  // namespace raidbench
