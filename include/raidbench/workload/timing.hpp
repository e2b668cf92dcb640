#pragma once
/// Timing policies: whether every call is timed into the latency histograms, or only the run.
#include <string_view>

#include "raidbench/workload/slot.hpp"

namespace raidbench::timing {

/// Every read, write and flush is timed into its kind's latency histogram (the default). The clock
/// is read once per call boundary.
struct per_call_t {
  using slot = raidbench::slot::timing;
  static constexpr std::string_view name = "per_call";
  static constexpr bool each_call = true;
};

/// Counts operations and bytes and times the run as a whole; the histograms stay empty. For reports
/// that print no latency (dd's statistics line): two clock reads per 4 KiB record cost 2–4 % of a
/// page-cache-hot copy on a VM's kvm-clock. The clock is still read every 64 calls, for a time limit
/// and progress.
struct totals_t {
  using slot = raidbench::slot::timing;
  static constexpr std::string_view name = "totals";
  static constexpr bool each_call = false;
};

inline constexpr per_call_t per_call{};
inline constexpr totals_t totals{};

}  // namespace raidbench::timing
