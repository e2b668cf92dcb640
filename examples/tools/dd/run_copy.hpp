#pragma once
// The boundary between rb-dd's run-time choices and the library's policy types: one table per slot
// (engine, sync, timing), so only 2 × 3 × 2 copy workloads are compiled, in run_copy.cpp alone.
#include <cstdint>

#include "raidbench/core/expected.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/workload/copy.hpp"

namespace rbdd {

enum class engine_choice { stream, psync };
enum class flush_choice { none, fsync, fdatasync };

/// One copy as rb-dd decided it: the descriptors are open and positioned (skip= and seek= done).
struct copy_request {
  raidbench::target::pair ends;
  raidbench::mix::copy copy;
  std::uint64_t block = 512;  ///< input record size (ibs)
  engine_choice engine = engine_choice::stream;
  flush_choice flush = flush_choice::none;
  int open_flags = 0;  ///< the output's flags, for the description and the O_DIRECT checks
  bool time_each_call = false;  ///< latency histograms (--json); dd's text report has no latency
};

/// Runs the copy through raidbench::run.
raidbench::expected<raidbench::result> run_copy(const copy_request& request, const raidbench::run_options& options);

}  // namespace rbdd
