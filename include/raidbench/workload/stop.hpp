#pragma once
/// Stop policies: when a run ends, whichever limit comes first.
#include <chrono>
#include <cstdint>

#include "raidbench/workload/slot.hpp"

namespace raidbench::stop {

/// Limits on time, operations (reads and writes) and bytes; zero means no limit on that one.
/// `one_pass` ends sequential access at the end of the target instead of wrapping around.
/// The stream engine also stops at end of input.
struct after {
  using slot = raidbench::slot::stop;
  std::chrono::nanoseconds time{};
  std::uint64_t ops = 0;
  std::uint64_t bytes = 0;
  bool one_pass = false;
};

/// A time limit given in seconds, fractions allowed, as the tools' options give it.
inline std::chrono::nanoseconds time_limit(double seconds) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds));
}

}  // namespace raidbench::stop
