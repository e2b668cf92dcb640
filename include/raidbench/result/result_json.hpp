#pragma once
/// JSON for the result model (nlohmann::json, found by ADL): to_json/from_json beside each type.
/// Kept out of the model headers so that only code that writes JSON pays for compiling it.
#include "raidbench/core/json_functions.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/record_counts.hpp"
#include "raidbench/stats/run_statistics.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench {

/// The percentiles every latency object lists, as JSON keys.
inline constexpr double reported_percentiles[] = {50, 90, 95, 99, 99.9, 99.99};

/// Version of the JSON layout documented in docs/formats.md.
inline constexpr int result_schema_version = 1;

/// - latency_histogram: count, overflow, sum, min, max, mean, `reported_percentiles` and buckets.
/// - kind_statistics: one operation kind's totals and latency.
/// - record_counts: dd's full and partial records in and out.
/// - run_statistics: a run's statistics, with its rates and each operation kind.
/// - open_flag_set: open flags as their spelling, "none", "direct|dsync"…
/// - workload_description: the workload's values; reading, a field absent from older results keeps
///   its default.
/// - result: a whole result, with its schema name and version.
RAIDBENCH_JSON_FUNCTIONS(latency_histogram, kind_statistics, record_counts, run_statistics, open_flag_set,
                         workload_description, result)

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/result/impl/result_json.hpp"
#endif
