#pragma once
/// Rule: the page cache, not the device, served a test's reads.
#include <optional>
#include <string>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// How much faster than the same reads with O_DIRECT a buffered read must be to call it cached;
/// between `borderline_factor` and it, a read-ahead or a drive's cache can still explain the gap.
inline constexpr double cached_over_direct_factor = 2.0;
/// The margin over a device's ceiling (and the lower edge of the O_DIRECT comparison) within which
/// a figure is borderline, not a finding: the ceilings are nominal and a measurement has its error.
inline constexpr double borderline_factor = 1.25;
/// No block device answers a read faster than this (the fastest NVMe drives take ~5-10 µs).
inline constexpr std::uint64_t fastest_device_read_ns = 5000;

/// Whether the page cache may have served a result's reads: buffered reads of a target smaller
/// than RAM (`ram_bytes`; unknown: no). The first question of page_cache_reads below, and all that
/// a tool's note and the summary ask. A stream's size is 0 when unknown: it may, and only the
/// figures (page_cache_reads) can tell.
inline bool page_cache_may_serve_reads(const result& r, std::optional<std::uint64_t> ram_bytes) {
  return ram_bytes && r.stats.of(op_kind::read).ops != 0 && !uses_direct_io(r) && r.workload.total_size < *ram_bytes;
}

/// Fires when the reads did not use O_DIRECT, the data fits in RAM, and the reads went faster than
/// the device can: more than `borderline_factor` times its known ceiling, more than
/// `cached_over_direct_factor` times the rate of the same reads with O_DIRECT
/// (`direct_bytes_per_second`, when the suite measured it), or with a median latency below
/// `fastest_device_read_ns`. Between 1x and those factors it says "possibly", and does not fire.
RAIDBENCH_API verdict page_cache_reads(const named_result& t, const storage_context& c,
                                       std::optional<double> direct_bytes_per_second = std::nullopt);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/page_cache.hpp"
#endif
