#pragma once
/// Verdicts on an imported run. A classic output carries no /sys chain, so the device under test
/// is a disk of unknown rotation that no controller is tied to, unless the user asserts that the
/// inventory given describes it; the rules then say the link was asserted, not observed.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/controller_cache.hpp"
#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/flush_rate.hpp"
#include "raidbench/verdict/measured.hpp"

namespace raidbench {

namespace detail::imported_verdicts {

// Commits per second of a test whose operations each end in a flush (pg_test_fsync's sync tests)
// or that counts its fsyncs (sysbench fileio); nullopt for other tests.
inline std::optional<double> commit_rate(const std::string& tool, const comparable_test& t) {
  if (tool == "pg_test_fsync" && !t.name.starts_with("non_sync/")) {
    if (const auto* f = t.find("ops_per_second"); f && f->value) return *f->value;
  }
  if (tool == "sysbench fileio")
    if (const auto* f = t.find("fsyncs_per_second"); f && f->value && *f->value > 0) return *f->value;
  return std::nullopt;
}

}  // namespace detail::imported_verdicts

/// The storage context an imported run stands for: one disk, nothing else known.
inline storage_context imported_context() {
  storage_context c;
  block_node disk;
  disk.name = "the imported run's disk";
  disk.kind = block_kind::disk;
  c.devices.push_back(disk);
  return c;
}

/// The verdicts that fire on an imported run with an optional inventory: the flush rule for each
/// test that commits, and the inventory's own rules, all scoped by `asserted` (--controller-owns).
inline std::vector<verdict> imported_run_verdicts(const run_record& r, const inventory* inv, bool asserted) {
  const storage_context c = imported_context();
  const device_ownership owner = tie_to_device(c, inv, asserted);
  std::vector<verdict> all;
  if (inv) {
    all.push_back(write_back_without_battery(inv, owner));
    all.push_back(policy_differs_from_default(inv, owner));
    all.push_back(degraded_array(c, inv, owner));
  }
  // The flush rule on the test that committed fastest: the strongest evidence of a cache.
  const comparable_test* fastest = nullptr;
  double fastest_rate = 0;
  for (const auto& t : r.tests)
    if (const auto rate = detail::imported_verdicts::commit_rate(r.tool, t); rate && *rate > fastest_rate) {
      fastest = &t;
      fastest_rate = *rate;
    }
  if (fastest) {
    // The rule reads commits per second off a result: 1000 s of flushes at the imported rate.
    named_result n{fastest->name, {}};
    n.result.stats.elapsed_ns = 1'000'000'000'000ULL;
    n.result.stats.of(op_kind::flush).ops = static_cast<std::uint64_t>(std::llround(fastest_rate * 1000));
    n.result.workload.sync = "fsync_every";
    n.result.workload.sync_every = 1;
    all.push_back(flush_faster_than_media(n, c, inv, owner));
  }
  std::vector<verdict> fired;
  for (auto& v : all)
    if (v.fired) fired.push_back(std::move(v));
  return fired;
}

}  // namespace raidbench
