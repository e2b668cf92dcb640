#pragma once
/// raidbench's own JSON as runs to compare, once native_validation.hpp found nothing impossible in
/// it: a suite report (`raidbench`, with `--repeat` one run per repetition, each test with its start
/// time), a sweep (`raidbench sweep`, one test per point), rb-dd's, rb-fsync's and rb-fileio's `--json` (as the tests of the peer they replicate,
/// so they compare with an imported dd, pg_test_fsync or sysbench text), rb-run's result, and an
/// imported run written back by `rb-compare --import FILE --json`. The storage context and the
/// controller inventory the JSON carries become the run's facts.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/comparable_json.hpp"
#include "raidbench/compare/run_facts.hpp"
#include "raidbench/compare/native_validation.hpp"
#include "raidbench/compare/pg_test_fsync_import.hpp"
#include "raidbench/compare/sysbench_import.hpp"
#include "raidbench/context/context_json.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench {

namespace detail::native_import {

inline std::string fact_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  return v.dump();
}

inline const nlohmann::json* at(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

inline double number(const nlohmann::json& j, const char* key) {
  const auto* v = at(j, key);
  return v && v->is_number() ? v->get<double>() : 0.0;
}

// The figures of one raidbench result: rates, time and the latency of every operation.
inline void add_result_figures(comparable_test& t, const result& r) {
  const double s = r.stats.seconds();
  const auto rate = [&](double n) { return s > 0 ? n / s : 0.0; };
  t.figures.push_back(text::make_figure("throughput", rate(static_cast<double>(r.stats.bytes())), "B/s", better::higher));
  t.figures.push_back(text::make_figure("ops_per_second", rate(static_cast<double>(r.stats.events())), "ops/s", better::higher));
  // A run's time is its limit or follows from its bytes: the rates are the figures to compare.
  t.figures.push_back(text::make_figure("total_time", s, "s", better::neither));
  const auto h = r.stats.combined_latency();
  if (h.count() > 0) {
    t.figures.push_back(text::make_figure("latency_avg", h.mean_ns() / 1e9, "s", better::lower));
    t.figures.push_back(text::make_figure("latency_p50", h.percentile_ns(50) / 1e9, "s", better::lower));
    t.figures.push_back(text::make_figure("latency_p99", h.percentile_ns(99) / 1e9, "s", better::lower));
  }
}

// A test's reads and writes apart, named as sysbench's: rb-fileio's figures, and a mixed sweep
// point's beside its rate, never its rate (comparison.hpp's primary_rate_of picks throughput or
// ops_per_second first), so only --all-metrics compares them and the IOMeter comparison page charts them.
inline void add_split_figures(comparable_test& t, const result& r) {
  const double s = r.stats.seconds();
  const auto rate = [&](std::uint64_t n) { return s > 0 ? static_cast<double>(n) / s : 0.0; };
  const auto& rd = r.stats.of(op_kind::read);
  const auto& wr = r.stats.of(op_kind::write);
  t.figures.push_back(text::make_figure("reads_per_second", rate(rd.ops), "ops/s", better::higher));
  t.figures.push_back(text::make_figure("writes_per_second", rate(wr.ops), "ops/s", better::higher));
  t.figures.push_back(text::make_figure("read_throughput", rate(rd.bytes), "B/s", better::higher));
  t.figures.push_back(text::make_figure("write_throughput", rate(wr.bytes), "B/s", better::higher));
}

// rb-fileio's figures, named as the sysbench importer names sysbench's.
inline comparable_test fileio_test(const nlohmann::json& j, const result& r) {
  comparable_test t;
  const auto* mode = at(*at(j, "fileio"), "test_mode");
  const std::string words = mode && mode->is_string() ? mode->get<std::string>() : "";
  t.name = std::string(detail::sysbench_import::mode_of("Doing " + words + " test").value_or(words));
  t.parameters["block_size"] = std::to_string(r.workload.block_size);
  t.parameters["threads"] = std::to_string(r.workload.threads);
  t.parameters["file_num"] = std::to_string(r.workload.files);
  t.parameters["total_size"] = std::to_string(r.workload.total_size);
  const double s = r.stats.seconds();
  add_split_figures(t, r);
  // sysbench's order: the fsyncs after the reads and writes per second.
  const double fsyncs = s > 0 ? static_cast<double>(r.stats.of(op_kind::flush).ops) / s : 0.0;
  t.figures.insert(t.figures.begin() + 2, text::make_figure("fsyncs_per_second", fsyncs, "ops/s", better::higher));
  t.figures.push_back(text::make_figure("total_time", s, "s", better::neither));
  t.figures.push_back(text::make_figure("events", number(*at(j, "fileio"), "events"), "", better::neither));
  const auto h = r.stats.combined_latency();
  if (h.count() > 0) {
    t.figures.push_back(text::make_figure("latency_avg", h.mean_ns() / 1e9, "s", better::lower));
    t.figures.push_back(text::make_figure("latency_p95", h.percentile_ns(95) / 1e9, "s", better::lower));
  }
  return t;
}

// rb-fsync's tests, named as the pg_test_fsync importer names pg_test_fsync's.
inline std::vector<comparable_test> fsync_tests(const nlohmann::json& j) {
  std::vector<comparable_test> out;
  const auto* tests = at(j, "tests");
  if (!tests || !tests->is_array()) return out;
  for (const auto& t : *tests) {
    const auto* section = at(t, "section");
    const auto* label = at(t, "label");
    if (!section || !label || !section->is_string() || !label->is_string()) continue;
    const std::string sec = section->get<std::string>(), lab = label->get<std::string>();
    comparable_test c;
    const std::string name = sec == "open_sync_sizes" ? pg_test_fsync_import::write_size_label(lab).value_or(lab) : std::string(text::trim(lab));
    c.name = sec + "/" + name;
    const auto* status = at(t, "status");
    if (status && status->is_string() && status->get<std::string>() == "measured") {
      c.figures.push_back(text::make_figure("ops_per_second", number(t, "ops_per_sec"), "ops/s", better::higher));
      c.figures.push_back(text::make_figure("latency_mean", number(t, "usecs_per_op") / 1e6, "s", better::lower));
    } else {
      c.figures.push_back({"ops_per_second", std::nullopt, "ops/s", better::higher,
                           status && status->is_string() ? status->get<std::string>() : "not measured"});
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace detail::native_import

/// True when the JSON is one raidbench wrote.
inline bool is_raidbench_json(const nlohmann::json& j) {
  const auto* schema = detail::native_import::at(j, "schema");
  return schema && schema->is_string() && schema->get<std::string>().starts_with("raidbench.");
}

/// The runs a raidbench JSON holds: one, or one per repetition of a suite run with --repeat.
inline expected<std::vector<run_record>> read_native(const nlohmann::json& j, const std::string& source) {
  using namespace detail::native_import;
  if (!is_raidbench_json(j)) return fail(source + ": not a JSON raidbench wrote (no \"schema\": \"raidbench.…\")");
  if (auto why = impossible_in(j)) return fail(source + ": " + *why);
  const std::string schema = j.at("schema").get<std::string>();
  try {
    if (schema == "raidbench.imported_run") {
      auto r = j.get<run_record>();
      r.source = source;
      return std::vector<run_record>{std::move(r)};
    }
    run_record base;
    base.source = source;
    base.format = schema;
    if (const auto* c = at(j, "context"); c && !c->is_null()) base.facts = context_facts(c->get<storage_context>());
    if (const auto* ctl = at(j, "controller"); ctl && ctl->is_object()) {
      const auto* inv = at(*ctl, "inventory");
      if (const auto* list = at(inv ? *inv : *ctl, "controllers")) {
        inventory typed;
        list->get_to(typed.controllers);
        for (auto& [k, v] : controller_facts(typed)) base.facts[k] = v;
      }
    }
    if (const auto* i = at(j, "interrupted"); i && i->is_boolean()) base.interrupted = i->get<bool>();
    if (const auto* b = at(j, "build"); b && b->is_object())  // "build" since 0.1.0's reports (report/build_json.hpp)
      if (const auto* v = at(*b, "version"); v && v->is_string()) base.version = v->get<std::string>();
    if (const auto* v = at(j, "verdicts"); v && v->is_array())
      for (const auto& one : *v)
        if (auto x = one.get<verdict>(); x.fired) base.verdicts.push_back(std::move(x));
    if (schema == "raidbench.suite_report") {
      base.tool = "raidbench";
      // What the runs ran: compared only with runs of the same (compare/fleet.hpp).
      if (const auto* m = at(j, "mode"); m && m->is_string() && !m->get<std::string>().empty()) base.facts["mode"] = m->get<std::string>();
      if (const auto* s = at(j, "sizes"); s && s->is_object())
        base.facts["sizes"] = fmt::format("sequential {} B, file set {} B in {} files, {} s per commit method, {} s per random test{}",
                                          fact_text(s->value("sequential_bytes", nlohmann::json())),
                                          fact_text(s->value("file_set_bytes", nlohmann::json())),
                                          fact_text(s->value("file_set_files", nlohmann::json())),
                                          fact_text(s->value("commit_seconds", nlohmann::json())),
                                          fact_text(s->value("random_seconds", nlohmann::json())),
                                          s->value("random_direct", false) ? ", random tests O_DIRECT" : "");
      const auto* tests = at(j, "tests");
      if (!tests || !tests->is_array()) return fail(source + ": a suite report without \"tests\"");
      std::size_t repeats = 1;
      if (const auto* n = at(j, "repeat"); n && n->is_number_unsigned()) repeats = std::max<std::size_t>(1, n->get<std::size_t>());
      std::vector<run_record> runs(repeats, base);
      for (const auto& t : *tests) {
        // With --repeat, "runs" holds each repetition's result; otherwise the test's own result is the one run.
        const auto* each = at(t, "runs");
        const auto* started = at(t, "run_started_at");  // since schema 2's second edition: each run's start
        for (std::size_t k = 0; k < repeats; ++k) {
          const nlohmann::json* rj = each && each->is_array() && k < each->size() ? &(*each)[k] : at(t, "result");
          if (!rj || rj->is_null()) continue;
          comparable_test c;
          c.name = t.at("name").get<std::string>();
          if (started && started->is_array() && k < started->size() && (*started)[k].is_number()) c.started_at = (*started)[k].get<double>();
          add_result_figures(c, rj->get<result>());
          runs[k].tests.push_back(std::move(c));
        }
      }
      if (repeats > 1)
        for (std::size_t k = 0; k < repeats; ++k) runs[k].source = source + " (repetition " + std::to_string(k + 1) + ")";
      return runs;
    }
    if (schema == "raidbench.sweep") {  // raidbench sweep: one test per point, the reported pass's figures
      base.tool = "raidbench sweep " + j.at("kind").get<std::string>();
      if (const auto* d = at(j, "direct"); d && d->is_boolean()) base.facts["direct"] = d->get<bool>() ? "yes" : "no";  // O_DIRECT, or buffered
      for (const auto& p : j.at("points")) {
        comparable_test c;
        c.name = p.at("name").get<std::string>();
        for (const char* key : {"block_size", "read_percent", "queue_depth"}) c.parameters[key] = fact_text(p.at(key));
        c.parameters["pattern"] = p.at("random").get<bool>() ? "random" : "sequential";
        const auto r = p.at("result").get<result>();
        add_result_figures(c, r);
        if (const auto share = p.at("read_percent").get<unsigned>(); share > 0 && share < 100) add_split_figures(c, r);
        base.tests.push_back(std::move(c));
      }
      return std::vector<run_record>{std::move(base)};
    }
    if (schema == "raidbench.fsync_report") {  // rb-fsync
      base.tool = "pg_test_fsync";
      base.tests = fsync_tests(j);
      return std::vector<run_record>{std::move(base)};
    }
    const auto r = j.get<result>();
    if (at(j, "dd")) {
      base.tool = "dd";
      comparable_test c;
      c.name = "copy #1";
      const auto& dd = j.at("dd");
      c.figures.push_back(text::make_figure("bytes", number(dd, "bytes"), "B", better::neither));
      c.figures.push_back(text::make_figure("total_time", number(dd, "elapsed_s"), "s", better::neither));
      const double s = number(dd, "elapsed_s");
      if (s > 0) c.figures.push_back(text::make_figure("throughput", number(dd, "bytes") / s, "B/s", better::higher));
      c.parameters["block_size"] = std::to_string(r.workload.block_size);
      base.tests.push_back(std::move(c));
    } else if (at(j, "fileio")) {
      base.tool = "sysbench fileio";
      base.tests.push_back(fileio_test(j, r));
    } else {
      base.tool = "raidbench";
      comparable_test c;
      c.name = r.workload.access + " " + r.workload.mix + " " + std::to_string(r.workload.block_size) + " B";
      c.parameters["block_size"] = std::to_string(r.workload.block_size);
      c.parameters["threads"] = std::to_string(r.workload.threads);
      c.parameters["queue_depth"] = std::to_string(r.workload.queue_depth);
      add_result_figures(c, r);
      base.tests.push_back(std::move(c));
    }
    return std::vector<run_record>{std::move(base)};
  } catch (const nlohmann::json::exception& e) {
    return fail(source + ": " + schema + " JSON that raidbench cannot read: " + e.what());
  }
}

}  // namespace raidbench
