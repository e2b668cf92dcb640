#pragma once
/// The one clock raidbench times I/O with: CLOCK_MONOTONIC in nanoseconds, read through the vDSO.
#include <time.h>

#include <cstdint>

namespace raidbench {

/// Nanoseconds since an arbitrary monotonic epoch.
inline std::uint64_t now_ns() noexcept {
  timespec ts;
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

}  // namespace raidbench
