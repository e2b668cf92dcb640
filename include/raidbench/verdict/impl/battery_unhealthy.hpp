#pragma once
// The battery rule's definition (see core/linkage.hpp): included by battery_unhealthy.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include "raidbench/verdict/battery_unhealthy.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/array_risks.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

namespace detail::battery_rule {
// Whether a cache of the controller is configured to write back, which needs a battery.
inline bool expects_battery(const controller& c) {
  bool any = writes_back(c.default_policy.write) || writes_back(c.current_policy.write);
  for (const auto& v : c.virtual_drives) any = any || writes_back(v.default_policy.write) || writes_back(v.current_policy.write);
  return any;
}
}  // namespace detail::battery_rule

RAIDBENCH_API void rule_traits<rule::battery_unhealthy>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  const scope where = scope_of(f);
  visit_judged_controllers(f, [&](const controller& c, const std::string& subject) {
    const auto gap = battery_gap_of(c.battery);
    if (!gap) return;
    const bool none_fitted = c.battery.present == false || c.battery.kind == battery_kind::none;
    // No battery is no fault where no cache is configured to write back (an HBA, a write-through setup).
    if (none_fitted && !detail::battery_rule::expects_battery(c)) return;
    add_finding(f, where, out, subject, severity_of(*gap),
                gap->critical ? gap->words + ": the cache is not protected against a power loss"
                              : gap->words + ": the cache's protection is reduced until it ends",
                {subject + ": " + gap->field});
  });
  if (out.size() == first)
    add_quiet(f, where, out, quiet_reason(f, &coverage::battery, "battery state", "no battery known to be unhealthy (or none needed)"));
}

}  // namespace raidbench
