#pragma once
// The predictive failure rule's definition (see core/linkage.hpp): included by
// drive_predictive_failure.hpp when header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include "raidbench/verdict/drive_predictive_failure.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

RAIDBENCH_API void rule_traits<rule::drive_predictive_failure>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  const scope where = scope_of(f);
  // MegaCLI's "Critical Disks": disks the firmware flags as about to fail, counted when the drives
  // themselves are not in the input.
  add_counted_disks(f, where, out, &device_counts::critical_disks, severity::warning,
                    "critical disk(s) about to fail", "critical disks");
  visit_judged_drives(f, [&](const controller&, const physical_drive& d, const std::string& subject, const std::string&) {
    std::vector<std::string> evidence;
    if (d.predictive_failures && *d.predictive_failures > 0)
      evidence.push_back(subject + ": predictive failures = " + std::to_string(*d.predictive_failures));
    if (d.smart_alert == true) evidence.push_back(subject + ": SMART alert = true");
    if (!evidence.empty())
      add_finding(f, where, out, subject, severity::warning, "the drive predicts its own failure", std::move(evidence));
  });
  if (out.size() == first)
    add_quiet(f, where, out, quiet_reason(f, &coverage::drives, "drive state", "no drive predicts its failure",
                                          [](const controller& c) { return c.counts.critical_disks.has_value(); }));
}

}  // namespace raidbench
