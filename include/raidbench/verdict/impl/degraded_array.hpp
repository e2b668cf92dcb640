#pragma once
// The degraded array rule's definition (see core/linkage.hpp): included by degraded_array.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

RAIDBENCH_API void rule_traits<rule::degraded_array>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  if (f.context)
    for (const auto& n : f.context->devices)
      if (n.kind == block_kind::md && n.md_degraded && *n.md_degraded > 0)
        out.push_back({"", n.name, true, severity::critical,
                       "the md array under the files is degraded: redundancy is lost, and the figures do not show the healthy array",
                       {fmt::format("{} ({}): {} of {} members missing", n.name, n.md_level.value_or("md"), *n.md_degraded,
                                    n.md_raid_disks ? std::to_string(*n.md_raid_disks) : "?")}});
  const scope where = scope_of(f);
  visit_judged(
      f,
      [&](const controller& c, const std::string& subject) {
        // A controller-level summary (MegaCLI -AdpAllInfo) counts its sick arrays when the arrays
        // themselves are not in the input: judged from the counts.
        if (covered(c).arrays) return;
        const unsigned degraded = c.counts.degraded_virtual_drives.value_or(0), offline = c.counts.offline_virtual_drives.value_or(0);
        if (degraded + offline == 0) return;
        std::vector<std::string> evidence;
        if (degraded) evidence.push_back(fmt::format("{}: degraded virtual drives = {}", subject, degraded));
        if (offline) evidence.push_back(fmt::format("{}: offline virtual drives = {}", subject, offline));
        add_finding(f, where, out, subject, severity::critical,
                    fmt::format("the controller counts {} degraded and {} offline array(s): redundancy is lost or data "
                                "is unavailable (the arrays themselves are not in the input)", degraded, offline),
                    std::move(evidence));
      },
      [&](const controller&, const virtual_drive& v, const std::string& subject) {
        if (!v.state || *v.state == vd_state::optimal) return;
        const std::string state(to_string(*v.state));
        const bool broken = is_broken(*v.state);
        add_finding(f, where, out, subject, broken ? severity::critical : severity::warning,
                    "the array is " + state +
                        (broken ? ": redundancy is lost or data is unavailable" : ": the controller reports it impaired"),
                    {subject + ": state = " + state});
      });
  if (out.size() != first) return;
  // The md arrays under the files are judged with or without an inventory.
  if (f.context && !f.inv) out.push_back({"", "", false, severity::info, "no degraded array seen (no controller inventory)", {}});
  else
    // A controller's counts of degraded and offline arrays vouch for its arrays' state as well.
    add_quiet(f, where, out,
              quiet_reason(f, &coverage::arrays, "array state", "no degraded array seen", [](const controller& c) {
                return c.counts.degraded_virtual_drives.has_value() && c.counts.offline_virtual_drives.has_value();
              }));
}

}  // namespace raidbench
