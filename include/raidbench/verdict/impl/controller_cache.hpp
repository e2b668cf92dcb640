#pragma once
// The controller cache rules' definitions (see core/linkage.hpp): included by controller_cache.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/controller_cache.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/array_risks.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace detail::cache_rules {

template <class E>
void compare(const char* field, const std::optional<E>& def, const std::optional<E>& cur, const std::string& who,
             std::vector<std::string>& out) {
  if (def && cur && *def != *cur)
    out.push_back(fmt::format("{}: {} policy {} by default, {} now", who, field, to_string(*def), to_string(*cur)));
}

}  // namespace detail::cache_rules

RAIDBENCH_API verdict write_back_without_battery(const inventory* inv, const device_ownership& owner) {
  verdict v{"write_back_without_battery", "", false, severity::critical, "", {}};
  if (!inv || inv->controllers.empty()) {
    v.message = "no controller inventory";
    return v;
  }
  bool unknown = false, critical = false;
  // The virtual drives' caches, as rb-ctrl judges them: a controller's cache that no array uses (HBA
  // mode, no logical drive) loses nothing.
  const bool tied = visit_held(*inv, owner, [&](const controller& c, const virtual_drive* vd, const std::string& who) {
    if (!vd) return;
    if (const auto risk = unprotected_write_back_of(c, *vd)) {
      v.evidence.push_back(fmt::format("{}: {} while {}", who, to_string(risk->policy), risk->gap.words));
      critical = critical || risk->level == severity::critical;
    } else if (writes_back(effective_write_policy(c, *vd)) && !c.battery.state) {
      unknown = true;  // nothing says the battery fails, and nothing says it is well
    }
  });
  v.fired = !v.evidence.empty();
  // A charging or learning battery reduces the protection for a while: a warning, as rb-ctrl says.
  if (v.fired && !critical) v.level = severity::warning;
  v.evidence.push_back(tie_note(owner));
  if (tied) {
    v.message = v.fired ? "write-back cache without a healthy battery: a power loss can lose acknowledged writes"
                : unknown ? "write-back caches, battery state unknown"
                          : "every write-back cache has a healthy battery, or none writes back";
    return v;
  }
  // Not tied to the device under test: what the inventory says may be about another machine or disk.
  v.level = severity::warning;
  v.message = v.fired ? "a controller described writes back without a healthy battery; it is not tied to the device "
                        "under test, so the figures may not involve it (rb-ctrl reports on the controller itself)"
                      : "the inventory given is not tied to the device under test: what it says about write-back "
                        "and batteries says nothing about the device under test";
  return v;
}

RAIDBENCH_API verdict policy_differs_from_default(const inventory* inv, const device_ownership& owner) {
  namespace cr = detail::cache_rules;
  verdict v{"policy_differs_from_default", "", false, severity::warning, "", {}};
  if (!inv || inv->controllers.empty()) {
    v.message = "no controller inventory";
    return v;
  }
  const bool tied = visit_held(*inv, owner, [&](const controller& c, const virtual_drive* vd, const std::string& who) {
    const cache_policy& d = vd ? vd->default_policy : c.default_policy;
    const cache_policy& n = vd ? vd->current_policy : c.current_policy;
    cr::compare("write", d.write, n.write, who, v.evidence);
    cr::compare("read", d.read, n.read, who, v.evidence);
    cr::compare("I/O", d.io, n.io, who, v.evidence);
    cr::compare("disk cache", d.disk_cache, n.disk_cache, who, v.evidence);
  });
  v.fired = !v.evidence.empty();
  v.evidence.push_back(tie_note(owner));
  if (tied)
    v.message = v.fired ? "the cache runs with other policies than configured: the figures measure the fallback"
                        : "current policies match the defaults (where both are known)";
  else
    v.message = v.fired ? "a controller described runs with other policies than configured; it is not tied to the "
                          "device under test, so the figures may not involve it"
                        : "the inventory given is not tied to the device under test: its policies say nothing about it";
  return v;
}

}  // namespace raidbench
