#pragma once
// The drive cache rule's definition (see core/linkage.hpp): included by drive_cache_enabled.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <optional>
#include <string>
#include <vector>

#include "raidbench/verdict/drive_cache_enabled.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/array_risks.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

namespace detail::drive_cache_rule {
// A warning, or as grave as the controller battery's gap when it has one: the battery that does not
// cover the drives' caches does not even cover the controller's.
inline severity level_of(const controller& c, std::vector<std::string>& evidence, const std::string& controller_subject) {
  const auto gap = battery_gap_of(c.battery);
  if (!gap) return severity::warning;
  evidence.push_back(controller_subject + ": " + gap->field);
  return severity_of(*gap);
}

inline bool any_write_back(const controller& c) {
  bool any = writes_back(c.current_policy.write);
  for (const auto& v : c.virtual_drives) any = any || writes_back(v.current_policy.write);
  return any;
}
}  // namespace detail::drive_cache_rule

RAIDBENCH_API void rule_traits<rule::drive_cache_enabled>::judge(const facts& f, std::vector<verdict>& out) {
  namespace dc = detail::drive_cache_rule;
  const std::size_t first = out.size();
  const scope where = scope_of(f);
  std::string controller_subject;
  visit_judged(
      f, [&](const controller&, const std::string& subject) { controller_subject = subject; },
      [&](const controller& c, const virtual_drive& v, const std::string& subject) {
        const auto current = effective_write_policy(c, v);
        if (v.current_policy.disk_cache != disk_cache_policy::enabled || !writes_back(current)) return;
        std::vector<std::string> evidence{subject + ": disk cache policy = enabled",
                                          subject + ": current write policy = " + std::string(to_string(*current))};
        const severity level = dc::level_of(c, evidence, controller_subject);
        add_finding(f, where, out, subject, level,
                    "the drives' volatile write cache is enabled behind a write-back controller: the controller "
                    "battery does not cover it, so flushed writes can still be lost",
                    std::move(evidence));
      });
  visit_judged_drives(f, [&](const controller& c, const physical_drive& d, const std::string& subject,
                                 const std::string& controller_subject) {
    if (d.write_cache != true || !dc::any_write_back(c)) return;
    std::vector<std::string> evidence{subject + ": write cache = enabled"};
    const severity level = dc::level_of(c, evidence, controller_subject);
    add_finding(f, where, out, subject, level,
                "the drive's volatile write cache is enabled behind a write-back controller: the controller battery "
                "does not cover it",
                std::move(evidence));
  });
  if (out.size() == first) add_quiet(f, where, out, quiet_reason(f, &coverage::drives, "drive cache state",
                                          "no drive cache enabled behind a write-back controller"));
}

}  // namespace raidbench
