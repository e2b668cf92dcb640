#pragma once
/// What rb-compare compares: a run as a list of tests, each with named figures in base units. The
/// importers of classic outputs (dd, pg_test_fsync, sysbench, bonnie++, fio) and the reader of
/// raidbench's own JSON produce it; nothing a text does not say is filled in.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Which way a figure is better; `neither` for counts that describe the run (bytes, events).
enum class better { higher, lower, neither };

/// One figure of one test, converted to a base unit: B/s, ops/s, s, B, %, count.
struct figure {
  std::string metric;  ///< "throughput", "ops_per_second", "latency_p95", "total_time", …
  std::optional<double> value;  ///< nullopt when the text prints a mark instead of a number
  std::string unit;    ///< "B/s", "ops/s", "s", "B", "%", "" for a count
  better direction = better::higher;
  std::string note{};  ///< what a mark meant: "too fast to measure (+++++)", "not supported (n/a)"
  friend bool operator==(const figure&, const figure&) = default;
};

/// One test of a run. Tests of two runs are the same test when their tool and name match.
struct comparable_test {
  std::string name;  ///< "rndrw", "one_write/open_datasync", "copy #1", "seq_output_block", "job1/read"
  std::map<std::string, std::string> parameters;  ///< what the text says of it: "block_size" → "16384"
  std::vector<figure> figures;
  std::optional<double> started_at{};  ///< when it started, seconds since 1970 (UTC), when the run recorded it
  friend bool operator==(const comparable_test&, const comparable_test&) = default;

  /// The figure named `metric`, or nullptr.
  const figure* find(std::string_view metric) const {
    for (const auto& f : figures)
      if (f.metric == metric) return &f;
    return nullptr;
  }
};

/// One run as a file holds it.
struct run_record {
  std::string tool;    ///< the family tests are matched in: "dd", "pg_test_fsync", "sysbench fileio", "sysbench cpu", "bonnie++", "fio", "raidbench"
  std::string format;  ///< the reader that made it: "gnu dd 9", "pg_test_fsync", "raidbench.suite_report", …
  std::string source{};  ///< the file it was read from
  std::optional<std::string> version{};  ///< the tool's version when the text prints it
  bool interrupted = false;  ///< the text shows the run was cut short
  std::map<std::string, std::string> facts{};  ///< the run's context as far as it is known: "kernel", "scheduler", "write_cache", "controller.battery", …
  std::vector<comparable_test> tests{};
  std::vector<std::string> notes{};  ///< what the reader saw but could not use
  std::vector<verdict> verdicts{};   ///< those raidbench made where the run ran (its own reports); none for an import
  friend bool operator==(const run_record&, const run_record&) = default;

  /// The test named `name`, or nullptr.
  const comparable_test* find(std::string_view name) const {
    for (const auto& t : tests)
      if (t.name == name) return &t;
    return nullptr;
  }
};

/// "higher", "lower" or "neither".
constexpr std::string_view to_string(better b) noexcept {
  return b == better::higher ? "higher" : b == better::lower ? "lower" : "neither";
}

}  // namespace raidbench
