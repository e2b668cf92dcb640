#pragma once
// rb-ctrl's checks' definitions (see core/linkage.hpp): included by inventory_checks.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/verdict/inventory_checks.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/array_risks.hpp"

namespace raidbench {

namespace detail::checks_detail {

inline std::string name(const controller& c, std::size_t index) {
  if (c.number) return "controller " + std::to_string(*c.number);
  if (c.model) return "controller '" + *c.model + "'";
  return "controller #" + std::to_string(index + 1);
}

inline std::string name(const std::string& ctrl, const virtual_drive& v, std::size_t index) {
  // Appended piece by piece: "#" + std::to_string(...) trips GCC 12's -Wrestrict at -O3 (a false positive).
  std::string out = ctrl + " / VD ";
  if (!v.id) out += '#';
  out += std::to_string(v.id ? *v.id : index + 1);
  return out;
}

inline std::string name(const std::string& ctrl, const physical_drive& d, std::size_t index) {
  if (d.location) return ctrl + " / drive " + *d.location;
  if (d.slot) return ctrl + " / drive in slot " + std::to_string(*d.slot);
  return ctrl + " / drive #" + std::to_string(index + 1);
}

inline std::string percent(double value) {
  std::string text = std::to_string(value);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text + "%";
}

}  // namespace detail::checks_detail

RAIDBENCH_API std::vector<finding> check_inventory(const inventory& inv) {
  namespace cd = detail::checks_detail;
  std::vector<finding> out;
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci) {
    const controller& c = inv.controllers[ci];
    const std::string cn = cd::name(c, ci);
    const auto gap = battery_gap_of(c.battery);
    const severity battery_level = gap ? severity_of(*gap) : severity::critical;
    const std::optional<std::string> battery_issue = gap ? std::optional(gap->field) : std::nullopt;

    for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi) {
      const virtual_drive& v = c.virtual_drives[vi];
      const std::string vn = cd::name(cn, v, vi);
      const auto current = effective_write_policy(c, v);

      if (const auto risk = unprotected_write_back_of(c, v)) {
        out.push_back({"write_back_unprotected", risk->level,
                       vn + " writes back while the cache battery does not protect it: a power loss "
                            "can lose acknowledged writes",
                       {vn + ": current write policy = " + std::string(to_string(risk->policy)), cn + ": " + risk->gap.field}});
      }
      if (current == write_policy::write_through && writes_back(v.default_policy.write)) {
        finding f{"write_through_fallback", severity::warning,
                  vn + " runs write-through although configured write-back (bad or charging battery, or a "
                       "learn cycle): write latency is not what the configuration promises",
                  {vn + ": default write policy = " + std::string(to_string(*v.default_policy.write)),
                   vn + ": current write policy = write_through"}};
        if (battery_issue) f.evidence.push_back(cn + ": " + *battery_issue);
        out.push_back(std::move(f));
      }
      const auto trouble = array_trouble_of(v);
      if (trouble && trouble->state) {
        const std::string state(to_string(*trouble->state));
        finding f{"array_not_optimal", trouble->level,
                  vn + " is " + state +
                      (trouble->level == severity::critical ? ": redundancy is lost or data is unavailable"
                                                            : ": the controller reports it impaired"),
                  {vn + ": state = " + state}};
        if (v.operation) f.evidence.push_back(vn + ": operation = " + std::string(to_string(*v.operation)));
        out.push_back(std::move(f));
      }
      if (trouble && trouble->operation) {
        finding f{"array_busy", severity::warning,
                  vn + " is running a " + std::string(to_string(*trouble->operation)) +
                      ": background work makes benchmark numbers unrepresentative",
                  {vn + ": operation = " + std::string(to_string(*trouble->operation))}};
        f.evidence.push_back(v.progress_percent ? vn + ": progress = " + cd::percent(*v.progress_percent)
                                                : vn + ": progress = not started (waiting)");
        out.push_back(std::move(f));
      }
      if (v.current_policy.disk_cache == disk_cache_policy::enabled && writes_back(current)) {
        finding f{"drive_cache_enabled", battery_issue ? battery_level : severity::warning,
                  vn + " has the drives' volatile write cache enabled behind a write-back controller: the "
                       "controller battery does not cover it, so flushed writes can still be lost",
                  {vn + ": disk cache policy = enabled", vn + ": current write policy = " + std::string(to_string(*current))}};
        if (battery_issue) f.evidence.push_back(cn + ": " + *battery_issue);
        out.push_back(std::move(f));
      }
    }

    bool any_write_back = writes_back(c.current_policy.write);
    for (const auto& v : c.virtual_drives) any_write_back = any_write_back || writes_back(v.current_policy.write);

    for (std::size_t di = 0; di < c.physical_drives.size(); ++di) {
      const physical_drive& d = c.physical_drives[di];
      const std::string dn = cd::name(cn, d, di);
      if (d.state == pd_state::failed || d.state == pd_state::offline || d.state == pd_state::missing ||
          d.state == pd_state::unconfigured_bad) {
        out.push_back({"drive_failed", severity::critical, dn + " is " + std::string(to_string(*d.state)),
                       {dn + ": state = " + std::string(to_string(*d.state))}});
      }
      std::vector<std::string> failing;
      if (d.predictive_failures && *d.predictive_failures > 0)
        failing.push_back(dn + ": predictive failures = " + std::to_string(*d.predictive_failures));
      if (d.smart_alert == true) failing.push_back(dn + ": SMART alert = true");
      if (!failing.empty())
        out.push_back({"drive_predictive_failure", severity::warning, dn + " predicts its own failure", std::move(failing)});
      if (d.write_cache == true && any_write_back) {
        finding f{"drive_cache_enabled", battery_issue ? battery_level : severity::warning,
                  dn + " has its volatile write cache enabled behind a write-back controller: the "
                       "controller battery does not cover it",
                  {dn + ": write cache = enabled"}};
        if (battery_issue) f.evidence.push_back(cn + ": " + *battery_issue);
        out.push_back(std::move(f));
      }
    }
  }
  return out;
}

}  // namespace raidbench
