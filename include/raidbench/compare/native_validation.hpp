#pragma once
/// What rb-compare refuses in a raidbench JSON before reading a figure from it: a schema version
/// newer than it knows, a number that is not finite, a negative time, count or rate, and a latency
/// histogram that contradicts itself (a bucket beyond the histogram's range or upside down, counts
/// that do not add up to its count, more latencies than operations). Such a report was edited or
/// written by something else; comparing it would print "-100.0 % slower" or a percentile from
/// nowhere. The walk keeps its own stack, so a deeply nested file cannot exhaust the real one.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/stats/latency_histogram.hpp"

namespace raidbench {

/// Each raidbench JSON rb-compare reads, with the newest schema version it knows.
inline constexpr std::pair<std::string_view, int> known_schema_versions[] = {
    {"raidbench.result", 1}, {"raidbench.suite_report", 2}, {"raidbench.sweep", 1},
    {"raidbench.fsync_report", 1}, {"raidbench.imported_run", 1}};

namespace detail::native_validation {

// Keys whose numbers are times, counts, sizes or rates: never negative.
inline bool non_negative_key(std::string_view key) {
  for (std::string_view k : {"ops", "bytes", "count", "events", "overflow", "elapsed_seconds", "seconds", "ops_per_sec", "usecs_per_op",
                             "mb_per_second", "ops_per_second", "events_per_second", "bytes_per_second", "total_size", "block_size",
                             "threads", "files", "queue_depth", "repeat"})
    if (key == k) return true;
  return key.ends_with("_ns") || key.ends_with("_s");
}

inline std::string path_text(const std::vector<std::string>& path) {  // "tests[3].runs[1].statistics.elapsed_ns"
  std::string out;
  for (const auto& p : path) out += p.starts_with("[") || out.empty() ? p : "." + p;
  return out.empty() ? "(top)" : out;
}

inline std::optional<std::uint64_t> unsigned_at(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer() || it->get<std::int64_t>() < 0) return std::nullopt;
  return it->get<std::uint64_t>();
}

// A latency object: its buckets within range and adding up to its count, no more than `ops`.
inline std::optional<std::string> check_latency(const nlohmann::json& h, std::optional<std::uint64_t> ops) {
  const auto count = unsigned_at(h, "count"), overflow = unsigned_at(h, "overflow");
  const auto buckets = h.find("buckets");
  if (!count || !overflow || buckets == h.end() || !buckets->is_array()) return "a latency histogram without count, overflow and buckets";
  std::uint64_t sum = *overflow;
  for (const auto& b : *buckets) {
    if (!b.is_array() || b.size() != 3 || !b[0].is_number_unsigned() || !b[1].is_number_unsigned() || !b[2].is_number_unsigned())
      return fmt::format("latency bucket {}: not [lowest_ns, highest_ns, count]", b.dump());
    const auto low = b[0].get<std::uint64_t>(), high = b[1].get<std::uint64_t>(), n = b[2].get<std::uint64_t>();
    if (low > high || high > latency_histogram::max_trackable_ns)
      return fmt::format("latency bucket [{}, {}] beyond the histogram's range (0 to {} ns)", low, high, latency_histogram::max_trackable_ns);
    if (n > *count || sum > *count - n) return fmt::format("latency buckets hold more values than the histogram's count ({})", *count);
    sum += n;
  }
  if (sum != *count) return fmt::format("latency buckets and overflow hold {} values, the histogram's count says {}", sum, *count);
  if (ops && *count > *ops) return fmt::format("{} latencies recorded for {} operations", *count, *ops);
  return std::nullopt;
}

// A result's statistics: each operation kind's latency against its operations.
inline std::optional<std::string> check_statistics(const nlohmann::json& s) {
  for (const char* kind : {"read", "write", "flush"}) {
    const auto k = s.find(kind);
    if (k == s.end() || !k->is_object()) continue;
    const auto latency = k->find("latency");
    if (latency == k->end()) continue;
    if (auto why = check_latency(*latency, unsigned_at(*k, "ops"))) return fmt::format("statistics.{}: {}", kind, *why);
  }
  return std::nullopt;
}

}  // namespace detail::native_validation

/// Why a raidbench JSON cannot be true, in one line naming where; nullopt when nothing is impossible.
inline std::optional<std::string> impossible_in(const nlohmann::json& j) {
  using namespace detail::native_validation;
  const auto schema = j.is_object() ? j.find("schema") : j.end();
  if (schema == j.end() || !schema->is_string()) return "no \"schema\": not a JSON raidbench wrote";
  const std::string name = schema->get<std::string>();
  int known = 0;
  for (const auto& [s, v] : known_schema_versions)
    if (s == name) known = v;
  if (known == 0) return fmt::format("raidbench JSON of an unknown kind (\"{}\")", name);
  if (const auto version = j.find("schema_version"); version != j.end()) {
    if (!version->is_number_integer() || version->get<std::int64_t>() < 1) return fmt::format("schema_version {} is not a version", version->dump());
    if (version->get<std::int64_t>() > known)
      return fmt::format("{} schema version {}: this rb-compare reads up to version {} (a newer raidbench wrote it)", name, version->dump(), known);
  }
  // Depth first; each value remembers its parent and key, so the path is spelled only for the message.
  struct node {
    const nlohmann::json* value;
    std::size_t parent;
    std::string key;
  };
  std::vector<node> nodes{{&j, 0, ""}};
  std::vector<std::size_t> stack{0};
  auto path_of = [&](std::size_t at) {
    std::vector<std::string> path;
    for (; at != 0; at = nodes[at].parent) path.push_back(nodes[at].key);
    return path_text({path.rbegin(), path.rend()});
  };
  while (!stack.empty()) {
    const std::size_t at = stack.back();
    stack.pop_back();
    const nlohmann::json& v = *nodes[at].value;
    if (v.is_number()) {
      if (v.is_number_float() && !std::isfinite(v.get<double>())) return fmt::format("{} is not a finite number", path_of(at));
      if (non_negative_key(nodes[at].key) && v.get<double>() < 0)
        return fmt::format("{} = {}: a time, count or rate cannot be negative", path_of(at), v.dump());
    } else if (v.is_object()) {
      // A figure of an imported run: a rate, time, size or share is never negative.
      if (const auto unit = v.find("unit"), value = v.find("value"); unit != v.end() && value != v.end() && v.contains("metric") &&
                                                                     unit->is_string() && value->is_number() && value->get<double>() < 0) {
        const auto u = unit->get<std::string>();
        if (u == "B/s" || u == "ops/s" || u == "s" || u == "B" || u == "%")
          return fmt::format("{}.value = {}: a figure in {} cannot be negative", path_of(at), value->dump(), u);
      }
      if (const auto s = v.find("statistics"); s != v.end() && s->is_object() && v.contains("workload"))
        if (auto why = check_statistics(*s)) return at == 0 ? *why : fmt::format("{}: {}", path_of(at), *why);
      for (auto e = v.begin(); e != v.end(); ++e) {
        nodes.push_back({&e.value(), at, e.key()});
        stack.push_back(nodes.size() - 1);
      }
    } else if (v.is_array()) {
      for (std::size_t i = 0; i < v.size(); ++i) {
        nodes.push_back({&v[i], at, fmt::format("[{}]", i)});
        stack.push_back(nodes.size() - 1);
      }
    }
  }
  return std::nullopt;
}

}  // namespace raidbench
