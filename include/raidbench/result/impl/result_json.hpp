#pragma once
// The result model's JSON definitions (see core/linkage.hpp): included by result_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/result/result_json.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/record_counts.hpp"
#include "raidbench/stats/run_statistics.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench {

RAIDBENCH_API void to_json(nlohmann::json& j, const open_flag_set& f) { j = to_string(f); }
RAIDBENCH_API void from_json(const nlohmann::json& j, open_flag_set& f) { f = open_flags_from(j.get<std::string>()); }

namespace detail::result_json {

// The generated pairs, called by the declared to_json/from_json of these types below.
// "truncated" came later: results written before it read as 0.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(record_counts, full_in, partial_in, full_out, partial_out, truncated)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(thread_cpu, user_ns, system_ns, runqueue_ns)

// With defaults: a result written before a field existed ("timing") still reads.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(workload_description, access, mix, read_fraction, block_size, sync,
                                                sync_every, sync_at_end, open_flags, engine, queue_depth, target, path,
                                                files, total_size, threads, seed, stop_seconds, stop_ops, stop_bytes,
                                                timing, rate, rate_process, verify)

}  // namespace detail::result_json

RAIDBENCH_API void to_json(nlohmann::json& j, const latency_histogram& h) {
  nlohmann::json percentiles = nlohmann::json::object();
  for (double p : reported_percentiles) percentiles[fmt::format("{}", p)] = h.percentile_ns(p);
  nlohmann::json buckets = nlohmann::json::array();
  h.for_each_bucket([&](std::uint64_t low, std::uint64_t high, std::uint64_t n) { buckets.push_back({low, high, n}); });
  j = {{"count", h.count()},     {"overflow", h.overflow_count()}, {"sum_ns", h.sum_ns()},
       {"min_ns", h.min_ns()},   {"max_ns", h.max_ns()},           {"mean_ns", h.mean_ns()},
       {"percentiles_ns", std::move(percentiles)}, {"buckets", std::move(buckets)}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, latency_histogram& h) {
  h.reset();
  for (const auto& b : j.at("buckets")) h.add_to_bucket(b.at(0).get<std::uint64_t>(), b.at(2).get<std::uint64_t>());
  h.add_to_bucket(latency_histogram::max_trackable_ns + 1, j.at("overflow").get<std::uint64_t>());
  h.set_summary(j.at("count").get<std::uint64_t>(), j.at("sum_ns").get<std::uint64_t>(),
                j.at("min_ns").get<std::uint64_t>(), j.at("max_ns").get<std::uint64_t>());
}

RAIDBENCH_API void to_json(nlohmann::json& j, const kind_statistics& k) {
  j = {{"ops", k.ops}, {"bytes", k.bytes}, {"latency", k.latency}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, kind_statistics& k) {
  j.at("ops").get_to(k.ops);
  j.at("bytes").get_to(k.bytes);
  j.at("latency").get_to(k.latency);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const record_counts& c) { detail::result_json::to_json(j, c); }
RAIDBENCH_API void from_json(const nlohmann::json& j, record_counts& c) { detail::result_json::from_json(j, c); }

RAIDBENCH_API void to_json(nlohmann::json& j, const run_statistics& s) {
  const double seconds = s.seconds();
  auto rate = [&](double n) { return seconds > 0 ? n / seconds : 0.0; };
  j = {{"elapsed_ns", s.elapsed_ns},
       {"interrupted", s.interrupted},
       {"events", s.events()},
       {"events_per_second", rate(static_cast<double>(s.events()))},
       {"bytes_per_second", rate(static_cast<double>(s.bytes()))},
       {"thread_events", s.thread_events},
       {"thread_busy_ns", s.thread_busy_ns},
       {"thread_flushes", s.thread_flushes},
       {"thread_cpu", nlohmann::json::array()},
       {"closing_flushes", s.closing_flushes},
       {"records", s.records}};
  for (const auto& t : s.thread_cpu_time) detail::result_json::to_json(j["thread_cpu"].emplace_back(), t);
  // A paced run: each kind's response latency, from its scheduled start (the kinds' own is from submission).
  if (!s.response.empty())
    for (std::size_t k = 0; k < op_kind_count; ++k)
      j["response_latency"][std::string(to_string(static_cast<op_kind>(k)))] = s.response[k];
  for (std::size_t k = 0; k < op_kind_count; ++k) j[std::string(to_string(static_cast<op_kind>(k)))] = s.kinds[k];
}
RAIDBENCH_API void from_json(const nlohmann::json& j, run_statistics& s) {
  j.at("elapsed_ns").get_to(s.elapsed_ns);
  j.at("interrupted").get_to(s.interrupted);
  j.at("thread_events").get_to(s.thread_events);
  j.at("thread_busy_ns").get_to(s.thread_busy_ns);
  if (j.contains("thread_flushes")) j.at("thread_flushes").get_to(s.thread_flushes);  // absent before schema additions
  s.closing_flushes = j.value("closing_flushes", std::uint64_t{0});
  if (j.contains("records")) j.at("records").get_to(s.records);  // absent before schema additions
  if (j.contains("thread_cpu"))  // absent before schema additions: not measured
    for (const auto& t : j.at("thread_cpu")) detail::result_json::from_json(t, s.thread_cpu_time.emplace_back());
  if (j.contains("response_latency")) {  // a paced run's
    s.response.resize(op_kind_count);
    for (std::size_t k = 0; k < op_kind_count; ++k)
      j.at("response_latency").at(std::string(to_string(static_cast<op_kind>(k)))).get_to(s.response[k]);
  }
  for (std::size_t k = 0; k < op_kind_count; ++k) j.at(std::string(to_string(static_cast<op_kind>(k)))).get_to(s.kinds[k]);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const workload_description& w) { detail::result_json::to_json(j, w); }
RAIDBENCH_API void from_json(const nlohmann::json& j, workload_description& w) { detail::result_json::from_json(j, w); }

RAIDBENCH_API void to_json(nlohmann::json& j, const result& r) {
  j = {{"schema", "raidbench.result"}, {"schema_version", result_schema_version},
       {"workload", r.workload}, {"statistics", r.stats}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, result& r) {
  j.at("workload").get_to(r.workload);
  j.at("statistics").get_to(r.stats);
}

}  // namespace raidbench
