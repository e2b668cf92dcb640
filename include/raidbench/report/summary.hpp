#pragma once
/// A short human summary of a result: what ran, then per operation kind the rate, bandwidth and
/// latency percentiles from the histogram, then notes on what may flatter the figures.
#include <cstdint>
#include <string>

#include "raidbench/core/linkage.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/verdict/page_cache_reads.hpp"

namespace raidbench {

/// The summary text, every line ending in '\n'. `ram_bytes` (0: unknown) enables the page-cache note.
RAIDBENCH_API std::string format_summary(const result& r, std::uint64_t ram_bytes);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/summary.hpp"
#endif
