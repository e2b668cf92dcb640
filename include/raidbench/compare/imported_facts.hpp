#pragma once
/// The facts of an imported run, for the one judgement. A classic output carries no /sys chain, so
/// the device under test is a disk of unknown rotation that no controller is tied to, unless the
/// user asserts that the inventory given describes it; the rules then say the link was asserted,
/// not observed.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_list.hpp"

namespace raidbench {

/// The storage context an imported run stands for: one disk, nothing else known.
inline storage_context imported_context() {
  storage_context c;
  block_node disk;
  disk.name = "the imported run's disk";
  disk.kind = block_kind::disk;
  c.devices.push_back(disk);
  return c;
}

/// Commits per second of an imported test whose operations each end in a flush (pg_test_fsync's
/// sync tests) or that counts its fsyncs (sysbench fileio); nullopt for other tests.
inline std::optional<double> imported_commits_per_second(const std::string& tool, const comparable_test& t) {
  if (tool == "pg_test_fsync" && !t.name.starts_with("non_sync/"))
    if (const auto* f = t.find("ops_per_second"); f && f->value) return *f->value;
  if (tool == "sysbench fileio")
    if (const auto* f = t.find("fsyncs_per_second"); f && f->value && *f->value > 0) return *f->value;
  return std::nullopt;
}

/// The figures of `r` the rules judge: the test that committed fastest, the strongest evidence of a cache.
inline std::vector<imported_figure> imported_figures(const run_record& r) {
  std::optional<imported_figure> fastest;
  for (const auto& t : r.tests)
    if (const auto rate = imported_commits_per_second(r.tool, t); rate && (!fastest || *rate > fastest->commits_per_second))
      fastest = imported_figure{t.name, *rate};
  if (!fastest) return {};
  return {*fastest};
}

/// The verdicts that fire on an imported run with an optional inventory, `asserted` when the user
/// says the inventory holds the run's disk (--controller-owns), and an optional power-cut test of
/// its device (--durability): the rules of `rules` over its facts.
inline std::vector<verdict> judge_imported_run(const run_record& r, const inventory* inv, bool asserted,
                                               std::span<const rule_entry> rules = shipped_rules,
                                               const durability_proof* durability = nullptr) {
  const storage_context c = imported_context();
  const auto figures = imported_figures(r);
  const facts f{&c, inv, tie_to_device(c, inv, asserted), {}, figures, durability};
  std::vector<verdict> fired;
  for (auto& v : judge(f, rules))
    if (v.fired) fired.push_back(std::move(v));
  return fired;
}

}  // namespace raidbench
