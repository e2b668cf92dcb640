#pragma once
/// A result's rates over its run time, the one way reports, sweeps and rules compute them.
#include "raidbench/result/result.hpp"

namespace raidbench {

/// `n` per second of the result's run time; 0 for a run that took no time.
inline double per_second(const result& r, double n) {
  const double s = r.stats.seconds();
  return s > 0 ? n / s : 0.0;
}

/// Bytes read and written per second.
inline double bytes_per_second(const result& r) { return per_second(r, static_cast<double>(r.stats.bytes())); }

/// Reads and writes per second (sysbench's events; flushes are not counted).
inline double events_per_second(const result& r) { return per_second(r, static_cast<double>(r.stats.events())); }

}  // namespace raidbench
