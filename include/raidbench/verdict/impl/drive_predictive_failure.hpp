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
  visit_judged(
      f,
      [&](const controller& c, const std::string& subject) {
        if (covered(c).drives || c.counts.critical_disks.value_or(0) == 0) return;
        add_finding(f, where, out, subject, severity::warning,
                    "the controller counts " + std::to_string(*c.counts.critical_disks) +
                        " critical disk(s) about to fail (the drives themselves are not in the input)",
                    {subject + ": critical disks = " + std::to_string(*c.counts.critical_disks)});
      },
      [](const controller&, const virtual_drive&, const std::string&) {});
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
