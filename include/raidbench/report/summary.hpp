#pragma once
/// A short human summary of a result: what ran, then per operation kind the rate, bandwidth and
/// latency percentiles from the histogram, then notes on what may flatter the figures.
#include <cstdint>
#include <string>

#include "raidbench/core/linkage.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result.hpp"

namespace raidbench {

/// True when buffered reads of a target smaller than RAM may have come from the page cache.
inline bool page_cache_may_serve_reads(const workload_description& w, const run_statistics& s, std::uint64_t ram_bytes) {
  return s.of(op_kind::read).ops != 0 && w.open_flags.find("direct") == std::string::npos &&
         w.engine != "stream" && w.total_size < ram_bytes;
}

/// The summary text, every line ending in '\n'. `ram_bytes` (0: unknown) enables the page-cache note.
RAIDBENCH_API std::string format_summary(const result& r, std::uint64_t ram_bytes);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/summary.hpp"
#endif
