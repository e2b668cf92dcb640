#pragma once
/// Threads and seed policies: how many workers issue I/O, and where their random streams start.
#include <cstdint>

#include "raidbench/workload/slot.hpp"

namespace raidbench {

/// Number of worker threads, each with its own engine state and statistics.
struct threads {
  using slot = raidbench::slot::threads;
  unsigned count = 1;
};

/// Seed of the random offsets and of the read/write choice; the same seed repeats the same run.
struct seed {
  using slot = raidbench::slot::seed;
  std::uint64_t value = 1;
};

}  // namespace raidbench
