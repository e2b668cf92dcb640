#pragma once
// raidbench's report: the model, its JSON (schema "raidbench.suite_report", docs/formats.md) and
// its text (context, controller summary, results table, verdicts).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/report/build_json.hpp"
#include "raidbench/report/context.hpp"
#include "raidbench/report/verdicts.hpp"
#include "raidbench/result/rates.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace rb_suite {

/// A result's MB/s (10^6 bytes, reads and writes).
inline double mb_per_second_of(const raidbench::result& r) { return raidbench::bytes_per_second(r) / 1e6; }

/// A result's operations per second; with `commits`, its commits (flushes, or O_SYNC/O_DSYNC writes).
inline double ops_per_second_of(const raidbench::result& r, bool commits) {
  if (!commits) return raidbench::events_per_second(r);
  const auto flushes = r.stats.of(raidbench::op_kind::flush).ops;
  return raidbench::per_second(r, static_cast<double>(flushes ? flushes : r.stats.of(raidbench::op_kind::write).ops));
}

/// One row of the results table and the result it comes from.
struct test_outcome {
  std::string name;            // "seq write 1 MiB", "fdatasync 8 kB"
  std::string latency_of;      // the operation kind whose latency the row shows: read, write, flush, all
  bool commits = false;        // ops/s counts commits (flushes, or O_SYNC/O_DSYNC writes)
  raidbench::result result;
  nlohmann::json steady_state;  // null, or the rounds of a device-bound test (run/rounds_json.hpp)
  std::string steady_note;      // describe_steady_state's sentence; empty when not run in rounds
  std::vector<raidbench::result> repetitions;  // with --repeat N > 1: every run, `result` is the median one
  std::vector<double> run_started_at;          // each run's start, seconds since 1970 (UTC): drift is told by time

  double mb_per_second() const { return mb_per_second_of(result); }
  double ops_per_second() const { return ops_per_second_of(result, commits); }
  raidbench::latency_histogram latency() const {
    if (latency_of == "read") return result.stats.of(raidbench::op_kind::read).latency;
    if (latency_of == "write") return result.stats.of(raidbench::op_kind::write).latency;
    if (latency_of == "flush") return result.stats.of(raidbench::op_kind::flush).latency;
    return result.stats.combined_latency();
  }
};

/// The sizes and times a run used (its mode's, or --size and --test-seconds): runs compare only
/// with runs of the same sizes (rb-compare --fleet).
struct suite_sizes {
  std::uint64_t sequential_bytes = 0;  // the sequential file
  std::uint64_t file_set_bytes = 0;    // the random tests' file set, all files together
  std::uint32_t file_set_files = 0;
  double commit_seconds = 0;  // per commit method
  double random_seconds = 0;  // per random test
  bool direct = false;        // --direct: the random tests opened the files with O_DIRECT
  bool operator==(const suite_sizes&) const = default;
};

inline void to_json(nlohmann::json& j, const suite_sizes& s) {
  j = {{"sequential_bytes", s.sequential_bytes}, {"file_set_bytes", s.file_set_bytes}, {"file_set_files", s.file_set_files},
       {"commit_seconds", s.commit_seconds},     {"random_seconds", s.random_seconds}, {"random_direct", s.direct}};
}
inline void from_json(const nlohmann::json& j, suite_sizes& s) {
  j.at("sequential_bytes").get_to(s.sequential_bytes);
  j.at("file_set_bytes").get_to(s.file_set_bytes);
  j.at("file_set_files").get_to(s.file_set_files);
  j.at("commit_seconds").get_to(s.commit_seconds);
  j.at("random_seconds").get_to(s.random_seconds);
  j.at("random_direct").get_to(s.direct);
}

/// Everything one suite run produced.
struct suite_report {
  std::string mode;         // quick, default, full
  suite_sizes sizes;
  nlohmann::json build = raidbench::build_json();  // the tool's version, build type and compiler
  unsigned repeat = 1;      // --repeat: runs per test
  std::string scratch_dir;
  bool interrupted = false;
  double elapsed_seconds = 0;
  raidbench::storage_context context;
  nlohmann::json controller;  // null, or {"source", "inventory", "summary", "notes"}
  raidbench::device_ownership device_under_test;  // the inventory tied to the devices under the scratch directory
  std::vector<test_outcome> tests;
  std::string rounds;  // how the device-bound tests ran in rounds ("the test's time in 5 rounds")
  std::vector<raidbench::verdict> verdicts;
};

inline constexpr int suite_report_schema_version = 2;

/// The repetition whose operations per second is the median (the lower middle one of an even count).
inline std::size_t median_repetition(const std::vector<raidbench::result>& runs, bool commits) {
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t i = 0; i < runs.size(); ++i) order.emplace_back(ops_per_second_of(runs[i], commits), i);
  std::sort(order.begin(), order.end());
  return order.empty() ? 0 : order[(order.size() - 1) / 2].second;
}

/// Min, median and max of the repetitions' MB/s and ops/s, and the ops/s range relative to the median.
inline nlohmann::json repetition_spread(const test_outcome& t) {
  std::vector<double> mb, ops;
  for (const auto& r : t.repetitions) {
    mb.push_back(mb_per_second_of(r));
    ops.push_back(ops_per_second_of(r, t.commits));
  }
  auto summary = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const double median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    return nlohmann::json{{"min", v.front()}, {"median", median}, {"max", v.back()},
                          {"range_percent", median > 0 ? (v.back() - v.front()) / median * 100 : 0.0}};
  };
  return {{"runs", t.repetitions.size()}, {"mb_per_second", summary(mb)}, {"ops_per_second", summary(ops)}};
}

inline void to_json(nlohmann::json& j, const test_outcome& t) {
  const auto h = t.latency();
  j = {{"name", t.name},
       {"mb_per_second", t.mb_per_second()},
       {"ops_per_second", t.ops_per_second()},
       {"ops_are_commits", t.commits},
       {"latency_of", t.latency_of},
       {"latency_p50_ns", h.percentile_ns(50)},
       {"latency_p99_ns", h.percentile_ns(99)},
       {"steady_state", t.steady_state},
       {"steady_note", t.steady_note.empty() ? nlohmann::json() : nlohmann::json(t.steady_note)},
       {"run_started_at", t.run_started_at},
       {"result", t.result}};
  if (!t.repetitions.empty()) {
    j["runs"] = t.repetitions;
    j["spread"] = repetition_spread(t);
  }
}
inline void from_json(const nlohmann::json& j, test_outcome& t) {
  j.at("name").get_to(t.name);
  j.at("latency_of").get_to(t.latency_of);
  j.at("ops_are_commits").get_to(t.commits);
  j.at("result").get_to(t.result);
  if (const auto it = j.find("steady_state"); it != j.end()) t.steady_state = *it;  // version 1 reports lack both
  if (const auto it = j.find("steady_note"); it != j.end() && it->is_string()) it->get_to(t.steady_note);
  if (const auto it = j.find("runs"); it != j.end()) it->get_to(t.repetitions);
  if (const auto it = j.find("run_started_at"); it != j.end()) it->get_to(t.run_started_at);  // absent from older reports
}

inline void to_json(nlohmann::json& j, const suite_report& r) {
  j = {{"schema", "raidbench.suite_report"},
       {"schema_version", suite_report_schema_version},
       {"mode", r.mode},
       {"sizes", r.sizes},
       {"build", r.build},
       {"repeat", r.repeat},
       {"scratch_dir", r.scratch_dir},
       {"interrupted", r.interrupted},
       {"elapsed_seconds", r.elapsed_seconds},
       {"context", r.context},
       {"controller", r.controller},
       {"device_under_test", r.device_under_test},
       {"tests", r.tests},
       {"rounds", r.rounds},
       {"verdicts", r.verdicts}};
}
inline void from_json(const nlohmann::json& j, suite_report& r) {
  if (j.at("schema") != "raidbench.suite_report") throw nlohmann::json::other_error::create(501, "not a raidbench suite report", &j);
  j.at("mode").get_to(r.mode);
  r.build = j.value("build", nlohmann::json());  // older reports lack these two
  if (const auto it = j.find("sizes"); it != j.end()) it->get_to(r.sizes);
  r.repeat = j.value("repeat", 1u);
  j.at("scratch_dir").get_to(r.scratch_dir);
  j.at("interrupted").get_to(r.interrupted);
  j.at("elapsed_seconds").get_to(r.elapsed_seconds);
  j.at("context").get_to(r.context);
  r.controller = j.at("controller");
  if (const auto it = j.find("device_under_test"); it != j.end()) it->get_to(r.device_under_test);  // version 1 reports lack it
  j.at("tests").get_to(r.tests);
  if (const auto it = j.find("rounds"); it != j.end()) it->get_to(r.rounds);
  j.at("verdicts").get_to(r.verdicts);
}

/// The results table: one row per test, MB/s, operations per second, p50 and p99 latency.
inline std::string format_results(const std::vector<test_outcome>& tests, const std::string& rounds) {
  const bool repeated = std::any_of(tests.begin(), tests.end(), [](const test_outcome& t) { return !t.repetitions.empty(); });
  std::string out = fmt::format("{:<26} {:>9} {:>10} {:>10} {:>10}  {}{}\n", "test", "MB/s", "ops/s", "p50 ms", "p99 ms",
                                repeated ? "ops/s range  " : "", "latency of");
  for (const auto& t : tests) {
    const auto h = t.latency();
    std::string spread;
    if (repeated)
      spread = t.repetitions.empty() ? fmt::format("{:<13}", "1 run")
                                     : fmt::format("{:<13}", fmt::format("{:.1f} % of {}", repetition_spread(t)["ops_per_second"]["range_percent"].get<double>(),
                                                                        t.repetitions.size()));
    out += fmt::format("{:<26} {:>9.1f} {:>10.1f} {:>10.3f} {:>10.3f}  {}{}{}{}\n", t.name, t.mb_per_second(),
                       t.ops_per_second(), static_cast<double>(h.percentile_ns(50)) / 1e6,
                       static_cast<double>(h.percentile_ns(99)) / 1e6, spread, t.latency_of,
                       t.commits ? " (ops are commits)" : "", t.result.stats.interrupted ? " INTERRUPTED" : "");
  }
  if (tests.empty()) out += "(no test finished)\n";
  if (repeated) out += "each row is the run with the median ops/s; ops/s range = (max - min) / median of the runs\n";
  bool any_rounds = false;
  for (const auto& t : tests) any_rounds = any_rounds || !t.steady_note.empty();
  if (any_rounds) out += fmt::format("steady state (SNIA PTS; {}):\n", rounds);
  for (const auto& t : tests)
    if (!t.steady_note.empty()) out += fmt::format("  {}: {}\n", t.name, t.steady_note);
  return out;
}

/// The whole text report; `controller_section` is its controller part (report/controller_section.hpp).
inline std::string format_report(const suite_report& r, const std::string& controller_section) {
  std::string out = raidbench::format_context(r.context);
  out += "\n" + controller_section + "\n";
  out += fmt::format("results ({} mode, {:.1f} s{})\n", r.mode, r.elapsed_seconds, r.interrupted ? ", INTERRUPTED: partial" : "");
  out += format_results(r.tests, r.rounds);
  out += "\n";
  out += raidbench::format_verdicts(r.verdicts);
  return out;
}

/// The report as a self-contained HTML page (report_html.cpp).
std::string report_html(const suite_report& r, const std::string& controller_section);

}  // namespace rb_suite
