#pragma once
/// JSON for the result model (nlohmann::json, found by ADL): to_json/from_json beside each type.
/// Kept out of the model headers so that only code that writes JSON pays for compiling it.
#include <nlohmann/json_fwd.hpp>

#include "raidbench/core/linkage.hpp"
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

/// A latency histogram: count, overflow, sum, min, max, mean, `reported_percentiles` and buckets.
RAIDBENCH_API void to_json(nlohmann::json& j, const latency_histogram& h);
RAIDBENCH_API void from_json(const nlohmann::json& j, latency_histogram& h);

/// One operation kind's totals and latency.
RAIDBENCH_API void to_json(nlohmann::json& j, const kind_statistics& k);
RAIDBENCH_API void from_json(const nlohmann::json& j, kind_statistics& k);

/// dd's full and partial records in and out.
RAIDBENCH_API void to_json(nlohmann::json& j, const record_counts& c);
RAIDBENCH_API void from_json(const nlohmann::json& j, record_counts& c);

/// A run's statistics, with its rates and each operation kind.
RAIDBENCH_API void to_json(nlohmann::json& j, const run_statistics& s);
RAIDBENCH_API void from_json(const nlohmann::json& j, run_statistics& s);

/// Open flags as their spelling: "none", "direct|dsync"…
RAIDBENCH_API void to_json(nlohmann::json& j, const open_flag_set& f);
RAIDBENCH_API void from_json(const nlohmann::json& j, open_flag_set& f);

/// The workload's values; reading, a field absent from older results keeps its default.
RAIDBENCH_API void to_json(nlohmann::json& j, const workload_description& w);
RAIDBENCH_API void from_json(const nlohmann::json& j, workload_description& w);

/// A whole result, with its schema name and version.
RAIDBENCH_API void to_json(nlohmann::json& j, const result& r);
RAIDBENCH_API void from_json(const nlohmann::json& j, result& r);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/result/impl/result_json.hpp"
#endif
