#pragma once
/// The result of a run: what ran (the workload's values) and what it measured.
#include "raidbench/stats/run_statistics.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench {

/// One run's outcome; the storage and controller context joins it where they are gathered.
struct result {
  workload_description workload;
  run_statistics stats;
};

}  // namespace raidbench
