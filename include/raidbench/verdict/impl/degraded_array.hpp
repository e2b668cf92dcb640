#pragma once
// The degraded array rule's definition (see core/linkage.hpp): included by degraded_array.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/array_risks.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API verdict degraded_array(const storage_context& c, const inventory* inv, const device_ownership& owner) {
  verdict v{"degraded_array", "", false, severity::critical, "", {}};
  // Missing members lose redundancy (critical); a resync or check alone is background work (a
  // warning), as array_trouble_of judges a controller's arrays.
  severity level = severity::warning;
  for (const auto& n : c.devices) {
    if (n.kind != block_kind::md) continue;
    if (n.md_degraded && *n.md_degraded > 0) {
      v.evidence.push_back(fmt::format("{} ({}): {} of {} members missing", n.name, n.md_level.value_or("md"),
                                       *n.md_degraded, n.md_raid_disks ? std::to_string(*n.md_raid_disks) : "?"));
      level = severity::critical;
    }
    if (n.md_sync_action && *n.md_sync_action != "idle")
      v.evidence.push_back(fmt::format("{}: sync action {}", n.name, *n.md_sync_action));
  }
  const bool chain_sick = !v.evidence.empty();
  std::vector<std::string> sick;
  severity sick_level = severity::warning;
  const bool tied = inv && visit_held(*inv, owner, [&](const controller& ctrl, const virtual_drive* vd, const std::string&) {
    const auto trouble = vd ? array_trouble_of(*vd) : std::nullopt;
    if (!trouble) return;
    sick.push_back(fmt::format("{} VD {}: {}{}", ctrl.model.value_or("controller"), vd->id ? std::to_string(*vd->id) : "?",
                               vd->state ? to_string(*vd->state) : "state unknown",
                               trouble->operation ? fmt::format(", {} running", to_string(*trouble->operation)) : ""));
    sick_level = std::max(sick_level, trouble->level);
  });
  // Sick arrays of an inventory not tied to the device may not be under test: they warn at most.
  if (tied && !sick.empty()) level = std::max(level, sick_level);
  v.evidence.insert(v.evidence.end(), sick.begin(), sick.end());
  if (inv && !sick.empty()) v.evidence.push_back(tie_note(owner));
  const bool maybe_under_test = !tied && owner.status == ownership::unknown && !sick.empty();
  v.fired = chain_sick || (tied && !sick.empty()) || maybe_under_test;
  if (v.fired) v.level = level;
  v.message = chain_sick || (tied && !sick.empty())
                  ? "an array is degraded or rebuilding: the figures do not show the healthy array"
              : maybe_under_test
                  ? "an array of the inventory is degraded or rebuilding, and the inventory could not be tied to the "
                    "device under test: the figures may come from a sick array"
              : !sick.empty() ? "no degraded or rebuilding array under test (the inventory's sick arrays do not hold it)"
                              : "no degraded or rebuilding array seen";
  return v;
}

}  // namespace raidbench
