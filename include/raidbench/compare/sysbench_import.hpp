#pragma once
/// Importer of sysbench's fileio and cpu reports: 0.4.x and 0.5 ("Operations performed:", "Mb/sec",
/// "per-request statistics", "approx.  95 percentile") and 1.0.x ("File operations:", "reads/s:",
/// "read, MiB/s:", "Latency (ms):"), prepare included ("N bytes written in T seconds"). The run's
/// test is its mode (seqwr … rndrw, from "Doing random r/w test"), "prepare", or "cpu"; histograms
/// and per-interval lines are skipped. sysbench's Mb, Kb and MiB are all binary.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/import_text.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench {

/// Tag of the sysbench importer.
struct sysbench_output {};

namespace detail::sysbench_import {

// "Doing random r/w test" → "rndrw".
inline std::optional<std::string_view> mode_of(std::string_view line) {
  struct spelling { std::string_view words, mode; };
  static constexpr spelling modes[] = {
      {"Doing sequential write (creation) test", "seqwr"}, {"Doing sequential rewrite test", "seqrewr"},
      {"Doing sequential read test", "seqrd"},              {"Doing random read test", "rndrd"},
      {"Doing random write test", "rndwr"},                 {"Doing random r/w test", "rndrw"},
      {"Doing CPU performance benchmark", "cpu"}};
  for (const auto& s : modes)
    if (line.starts_with(s.words)) return s.mode;
  return std::nullopt;
}

// "16Kb", "16KiB", "2Gb", "156.25Mb", "0b" → bytes (sysbench's prefixes are binary).
inline std::optional<double> sysbench_size(std::string_view token) {
  std::size_t unit_at = token.size();
  while (unit_at > 0 && (token[unit_at - 1] < '0' || token[unit_at - 1] > '9')) --unit_at;
  const auto value = parse_decimal(token.substr(0, unit_at));
  const auto unit = bytes_per_unit(token.substr(unit_at), 1024);
  if (!value || !unit) return std::nullopt;
  return *value * *unit;
}

// A byte count as a parameter's text.
inline std::string fmt_bytes(double bytes) { return std::to_string(static_cast<std::uint64_t>(bytes)); }

// "10.0077s" / "9.9573" → seconds.
inline std::optional<double> seconds_of(std::string_view token) {
  if (token.ends_with("s")) token.remove_suffix(1);
  return parse_decimal(token);
}

// "0.21" under "Latency (ms):" or "1.00ms" in 0.4's per-request statistics → seconds.
inline std::optional<double> milliseconds_of(std::string_view token) {
  if (token.ends_with("ms")) token.remove_suffix(2);
  const auto v = parse_decimal(token);
  if (!v) return std::nullopt;
  return *v / 1000;
}

// One run being read; `test` collects its figures.
struct run_state {
  comparable_test test;
  bool latency_section = false;  // inside "Latency (ms):" or "per-request statistics:"
  bool fairness_section = false;

  void add(std::string metric, std::optional<double> value, std::string unit, better direction) {
    if (value && !test.find(metric)) test.figures.push_back(make_figure(std::move(metric), *value, std::move(unit), direction));
  }
};

// "95th percentile:" → "latency_p95"; "approx.  95 percentile:" → "latency_p95".
inline std::optional<std::string> percentile_metric(std::string_view key) {
  const auto fields = split_fields(key);
  for (auto f : fields) {
    std::string_view digits = f;
    if (digits.ends_with("th") || digits.ends_with("st") || digits.ends_with("nd") || digits.ends_with("rd")) digits.remove_suffix(2);
    if (auto n = parse_decimal(digits); n && *n > 0 && *n < 100 && key.find("percentile") != std::string_view::npos)
      return "latency_p" + std::string(digits);
  }
  return std::nullopt;
}

// A "key: value" line of a run's report.
inline void read_key_value(run_state& s, std::string_view key, std::string_view value, std::vector<std::string>& notes,
                           std::string_view line) {
  const auto fields = split_fields(value);
  const std::string_view first = fields.empty() ? std::string_view{} : fields.front();
  if (s.latency_section) {
    if (key == "min") return s.add("latency_min", milliseconds_of(first), "s", better::lower);
    if (key == "avg") return s.add("latency_avg", milliseconds_of(first), "s", better::lower);
    if (key == "max") return s.add("latency_max", milliseconds_of(first), "s", better::lower);
    if (auto p = percentile_metric(key)) return s.add(*p, milliseconds_of(first), "s", better::lower);
    if (key == "sum") return;
  }
  if (s.fairness_section) return;  // per-thread averages: the run's own figures say it
  if (key == "reads/s") return s.add("reads_per_second", parse_decimal(first), "ops/s", better::higher);
  if (key == "writes/s") return s.add("writes_per_second", parse_decimal(first), "ops/s", better::higher);
  if (key == "fsyncs/s") return s.add("fsyncs_per_second", parse_decimal(first), "ops/s", better::higher);
  if (key == "read, MiB/s") {
    const auto v = parse_decimal(first);
    return s.add("read_throughput", v ? std::optional<double>(*v * 1048576) : std::nullopt, "B/s", better::higher);
  }
  if (key == "written, MiB/s") {
    const auto v = parse_decimal(first);
    return s.add("write_throughput", v ? std::optional<double>(*v * 1048576) : std::nullopt, "B/s", better::higher);
  }
  if (key == "total time") return s.add("total_time", seconds_of(first), "s", better::lower);
  if (key == "total number of events") return s.add("events", parse_decimal(first), "", better::neither);
  if (key == "events per second") return s.add("events_per_second", parse_decimal(first), "ops/s", better::higher);
  if (key == "Number of threads") { s.test.parameters["threads"] = std::string(first); return; }
  if (key == "Maximum prime number checked in CPU test" || key == "Prime numbers limit") {
    s.test.parameters["max_prime"] = std::string(first);
    return;
  }
  if (key == "Read/Write ratio for combined random IO test") { s.test.parameters["rw_ratio"] = std::string(first); return; }
  if (key == "Extra file open flags") { s.test.parameters["file_extra_flags"] = std::string(value); return; }
  if (key == "Number of IO requests" || key == "Number of random requests for random IO") {
    s.test.parameters["requests"] = std::string(first);
    return;
  }
  // Known lines without a figure to compare.
  for (std::string_view known : {"total time taken by event execution", "execution time (avg/stddev)", "events (avg/stddev)",
                                 "Random number generator seed", "Initializing random number generator from seed", "Debug mode",
                                 "Additional request validation", "Threads started!", "sum", "min", "avg", "max"})
    if (key == known) return;
  notes.push_back(not_read(line));
}

}  // namespace detail::sysbench_import

template <>
struct importer_traits<sysbench_output> {
  static constexpr std::string_view name = "sysbench";

  static bool detect(std::string_view text) noexcept {
    return (text.find("sysbench ") != std::string_view::npos || text.find("Doing ") != std::string_view::npos) &&
           (text.find("Doing CPU performance benchmark") != std::string_view::npos ||
            text.find("File operations:") != std::string_view::npos || text.find("Operations performed:") != std::string_view::npos ||
            text.find("Creating file test_file") != std::string_view::npos || text.find("Creating files for the test") != std::string_view::npos ||
            text.find("CPU speed:") != std::string_view::npos);
  }

  static expected<run_record> parse(std::string_view text) {
    using namespace detail::sysbench_import;
    run_record r;
    r.format = "sysbench";
    std::vector<run_state> runs;
    std::map<std::string, std::string> options;  // "Running the test with following options:" and friends, for the next run
    bool run_open = false;  // a banner closes the run before it: what follows is the next one's options
    auto current = [&]() -> run_state* { return run_open && !runs.empty() ? &runs.back() : nullptr; };
    auto start_run = [&](std::string_view mode) {
      run_open = true;
      runs.emplace_back();
      runs.back().test.name = std::string(mode);
      runs.back().test.parameters = options;
    };
    for (const auto& line : text::split_lines(text)) {
      if (line.kind != text::line_kind::output) continue;
      const std::string_view l = text::trim(line.text);
      if (l.empty()) continue;
      const auto fields = text::split_fields(l);
      if (l.starts_with("sysbench ") && fields.size() >= 2) {
        // "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)" / "sysbench 0.4.12:  multi-threaded…": a new run's banner.
        std::string_view v = fields[1];
        if (v.ends_with(":")) v.remove_suffix(1);
        if (!v.empty() && v.front() >= '0' && v.front() <= '9') r.version = std::string(v);
        options.clear();
        run_open = false;
        continue;
      }
      if (auto mode = mode_of(l)) {
        start_run(*mode);
        continue;
      }
      if (l.starts_with("[ ") || l.starts_with("Latency histogram") || l.starts_with("value  ") ||
          (fields.size() >= 2 && fields.back().find_first_not_of("0123456789") == std::string_view::npos && l.find('|') != std::string_view::npos) ||
          l.starts_with("Running the test") || l.starts_with("Threads started") || l.starts_with("Done.") ||
          l.starts_with("Initializing") || l.starts_with("WARNING") || l.starts_with("Creating file test_file") ||
          l.starts_with("Removing test files") || l.starts_with("Time limit exceeded") ||
          l.starts_with("Random number generator seed") || l.starts_with("Report intermediate results"))
        continue;
      // File set lines come before "Doing …": "128 files, 16MiB each" / "128 files, 16384Kb each, 2048Mb total".
      if (fields.size() >= 4 && fields[1] == "files," && fields[3].starts_with("each")) {
        options["file_num"] = std::string(fields[0]);
        if (auto size = sysbench_size(fields[2])) options["file_size"] = fmt_bytes(*size);
        // "…, 2048Mb total" is prepare's line (a run prints "2Gb total file size" on a line of its own).
        if (fields.size() >= 6 && fields[5] == "total") {
          if (auto total = sysbench_size(fields[4])) options["total_size"] = fmt_bytes(*total);
          start_run("prepare");
        }
        continue;
      }
      if (fields.size() == 4 && fields[1] == "total" && fields[2] == "file" && fields[3] == "size") {
        if (auto total = sysbench_size(fields[0])) options["total_size"] = fmt_bytes(*total);
        continue;
      }
      if (fields.size() == 3 && fields[0] == "Block" && fields[1] == "size") {
        if (auto b = sysbench_size(fields[2])) options["block_size"] = fmt_bytes(*b);
        continue;
      }
      if (l.starts_with("Periodic FSYNC enabled")) {
        for (std::size_t i = 0; i + 1 < fields.size(); ++i)
          if (fields[i] == "each") options["fsync_freq"] = std::string(fields[i + 1]);
        continue;
      }
      if (l.starts_with("Calling fsync() at the end of test")) { options["fsync_end"] = "on"; continue; }
      if (l.starts_with("Using ") && l.ends_with(" mode")) {
        options["io_mode"] = std::string(fields.size() >= 2 ? fields[1] : "");
        continue;
      }
      // prepare: "2147483648 bytes written in 7.54 seconds (271.62 MiB/sec)."
      if (fields.size() >= 6 && fields[1] == "bytes" && fields[2] == "written" && fields[3] == "in") {
        if (!current() || current()->test.name != "prepare") start_run("prepare");
        const auto bytes = text::parse_decimal(fields[0]);
        const auto seconds = text::parse_decimal(fields[4]);
        current()->add("bytes", bytes, "B", better::neither);
        current()->add("total_time", seconds, "s", better::lower);
        if (bytes && seconds && *seconds > 0) current()->add("write_throughput", *bytes / *seconds, "B/s", better::higher);
        continue;
      }
      if (l.starts_with("Creating files for the test")) {
        if (!current() || current()->test.name != "prepare") start_run("prepare");
        continue;
      }
      if (l.starts_with("Operations performed:")) {
        // "Operations performed:  6000 Read, 4000 Write, 12800 Other = 22800 Total" (0.4)
        run_state* s = current();
        if (!s) continue;
        for (std::size_t i = 2; i + 1 < fields.size(); ++i) {
          std::string_view what = fields[i + 1];
          if (what.ends_with(",")) what.remove_suffix(1);
          const auto n = text::parse_decimal(fields[i]);
          // 0.4.12 writes "Read", "Write"; 0.4.12.10 and 0.5 "reads", "writes".
          if (what == "Read" || what == "reads") s->add("reads", n, "", better::neither);
          else if (what == "Write" || what == "writes") s->add("writes", n, "", better::neither);
          else if (what == "Other" || what == "other") s->add("other", n, "", better::neither);
        }
        continue;
      }
      if (fields.size() >= 7 && fields[0] == "Read" && fields[2] == "Written" && fields[4] == "Total" && current()) {
        // "Read 93.75Mb  Written 62.5Mb  Total transferred 156.25Mb  (15.583Mb/sec)" (0.4)
        run_state* s = current();
        s->add("read_bytes", sysbench_size(fields[1]), "B", better::neither);
        s->add("written_bytes", sysbench_size(fields[3]), "B", better::neither);
        s->add("total_transferred", sysbench_size(fields[6]), "B", better::neither);
        if (fields.size() >= 8 && fields[7].starts_with("(") && fields[7].ends_with("/sec)")) {
          auto rate = fields[7].substr(1, fields[7].size() - 6);
          s->add("throughput", sysbench_size(rate), "B/s", better::higher);
        }
        continue;
      }
      if (fields.size() >= 3 && fields[1] == "Requests/sec" && current()) {
        current()->add("requests_per_second", text::parse_decimal(fields[0]), "ops/s", better::higher);
        continue;
      }
      if (l == "CPU speed:" && (!current() || current()->test.name != "cpu")) {
        start_run("cpu");  // 1.0 prints no "Doing CPU performance benchmark"
        continue;
      }
      if (l == "Latency (ms):" || l == "per-request statistics:" || l == "response time:") {
        if (current()) current()->latency_section = true;
        continue;
      }
      if (l == "Threads fairness:") {
        if (current()) { current()->latency_section = false; current()->fairness_section = true; }
        continue;
      }
      if (l.ends_with(":")) {
        // Other section headings: "File operations:", "Throughput:", "General statistics:", "CPU speed:", "Test execution summary:".
        if (current()) current()->latency_section = false;
        continue;
      }
      const auto kv = text::split_key_value(l);
      if (!kv) {
        r.notes.push_back(text::not_read(l));
        continue;
      }
      if (!current()) {
        // Options printed before the run's "Doing …" line.
        if (kv->key == "Number of threads") options["threads"] = std::string(kv->value);
        else if (kv->key == "Read/Write ratio for combined random IO test") options["rw_ratio"] = std::string(kv->value);
        else if (kv->key == "Extra file open flags") options["file_extra_flags"] = std::string(kv->value);
        else if (kv->key == "Number of IO requests" || kv->key == "Number of random requests for random IO") options["requests"] = std::string(kv->value);
        else if (kv->key == "Maximum prime number checked in CPU test" || kv->key == "Prime numbers limit") options["max_prime"] = std::string(kv->value);
        continue;
      }
      read_key_value(*current(), kv->key, kv->value, r.notes, l);
    }
    std::map<std::string, std::size_t> seen;
    for (auto& s : runs) {
      if (s.test.name == "cpu") r.tool = r.tool.empty() || r.tool == "sysbench cpu" ? "sysbench cpu" : r.tool;
      else if (r.tool.empty()) r.tool = "sysbench fileio";
      s.test.name = text::unique_name(seen, s.test.name);
      // A run's time is its limit unless nothing else rates it (0.4's cpu test: a fixed number of events).
      const bool rated = std::any_of(s.test.figures.begin(), s.test.figures.end(), [](const figure& f) {
        return f.metric != "total_time" && f.direction == better::higher;
      });
      for (auto& f : s.test.figures)
        if (f.metric == "total_time" && rated) f.direction = better::neither;
      r.tests.push_back(std::move(s.test));
    }
    if (r.tests.empty()) return fail(text::with_first_unread("sysbench: no 'Doing … test' line, prepare or cpu report", r.notes));
    if (r.version) r.format = "sysbench " + r.version->substr(0, r.version->find('.', r.version->find('.') + 1));
    return r;
  }
};

}  // namespace raidbench
