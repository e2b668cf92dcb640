#pragma once
/// Rates of a result as verdicts read them: read and written bytes, reads per second, commits per second.
#include <string>

#include "raidbench/result/rates.hpp"
#include "raidbench/result/result.hpp"

namespace raidbench {

/// A named result: one test of a suite.
struct named_result {
  std::string name;
  raidbench::result result;
};

/// Bytes read per second.
inline double read_bytes_per_second(const result& r) {
  return per_second(r, static_cast<double>(r.stats.of(op_kind::read).bytes));
}

/// Bytes written per second.
inline double write_bytes_per_second(const result& r) {
  return per_second(r, static_cast<double>(r.stats.of(op_kind::write).bytes));
}

/// Reads per second.
inline double reads_per_second(const result& r) {
  return per_second(r, static_cast<double>(r.stats.of(op_kind::read).ops));
}

/// False for a run on engine::null: no request reached a file, a cache or a device, so the storage
/// rules have nothing of it to judge (tool_overhead does).
inline bool reached_storage(const result& r) { return r.workload.engine != "null"; }

/// True when the workload opened its files with O_DIRECT.
inline bool uses_direct_io(const result& r) { return r.workload.open_flags.direct; }

/// Commits per second: flushes, or every write when the file is open with O_SYNC/O_DSYNC.
inline double commits_per_second(const result& r) {
  const auto flushes = r.stats.of(op_kind::flush).ops;
  if (flushes > 0) return per_second(r, static_cast<double>(flushes));
  if (r.workload.open_flags.dsync || r.workload.open_flags.sync)
    return per_second(r, static_cast<double>(r.stats.of(op_kind::write).ops));
  return 0;
}

/// The commit rate the judgement reads: commits per second of a test that commits periodically (a
/// flush every N writes, or O_SYNC/O_DSYNC writes); 0 for one that does not, since a single closing
/// flush says nothing about the media.
inline double judged_commits_per_second(const result& r) {
  const bool periodic = r.workload.sync_every > 0 || r.stats.of(op_kind::flush).ops == 0;
  return periodic ? commits_per_second(r) : 0;
}

}  // namespace raidbench
