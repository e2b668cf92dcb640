#pragma once
// The failed drive rule's definition (see core/linkage.hpp): included by drive_failed.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include "raidbench/verdict/drive_failed.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

RAIDBENCH_API void rule_traits<rule::drive_failed>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  const scope where = scope_of(f);
  // A controller-level summary counts failed disks when the drives themselves are not in the input.
  add_counted_disks(f, where, out, &device_counts::failed_disks, severity::critical, "failed disk(s)", "failed disks");
  visit_judged_drives(f, [&](const controller&, const physical_drive& d, const std::string& subject, const std::string&) {
    if (!d.state || !is_failed(*d.state)) return;
    const std::string state(to_string(*d.state));
    add_finding(f, where, out, subject, severity::critical, "the drive is " + state, {subject + ": state = " + state});
  });
  if (out.size() == first) add_quiet(f, where, out, quiet_reason(f, &coverage::drives, "drive state", "no failed drive seen",
                                                                 [](const controller& c) { return c.counts.failed_disks.has_value(); }));
}

}  // namespace raidbench
