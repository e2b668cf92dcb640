#pragma once
// The degraded array rule's definition (see core/linkage.hpp): included by degraded_array.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>

#include <fmt/format.h>

#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API verdict degraded_array(const storage_context& c, const inventory* inv) {
  verdict v{"degraded_array", "", false, severity::critical, "", {}};
  for (const auto& n : c.devices) {
    if (n.kind != block_kind::md) continue;
    if (n.md_degraded && *n.md_degraded > 0)
      v.evidence.push_back(fmt::format("{} ({}): {} of {} members missing", n.name, n.md_level.value_or("md"),
                                       *n.md_degraded, n.md_raid_disks ? std::to_string(*n.md_raid_disks) : "?"));
    if (n.md_sync_action && *n.md_sync_action != "idle")
      v.evidence.push_back(fmt::format("{}: sync action {}", n.name, *n.md_sync_action));
  }
  if (inv)
    for (const auto& ctrl : inv->controllers)
      for (const auto& vd : ctrl.virtual_drives)
        if ((vd.state && *vd.state != vd_state::optimal) || vd.operation)
          v.evidence.push_back(fmt::format("{} VD {}: {}{}", ctrl.model.value_or("controller"),
                                           vd.id ? std::to_string(*vd.id) : "?",
                                           vd.state ? to_string(*vd.state) : "state unknown",
                                           vd.operation ? fmt::format(", {} running", to_string(*vd.operation)) : ""));
  v.fired = !v.evidence.empty();
  v.message = v.fired ? "an array is degraded or rebuilding: the figures do not show the healthy array"
                      : "no degraded or rebuilding array seen";
  return v;
}

}  // namespace raidbench
