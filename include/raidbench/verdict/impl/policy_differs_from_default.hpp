#pragma once
// The cache policy rule's definition (see core/linkage.hpp): included by policy_differs_from_default.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/policy_differs_from_default.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

namespace detail::policy_rule {

template <class E>
void compare(const char* field, const std::optional<E>& def, const std::optional<E>& cur, const std::string& who,
             std::vector<std::string>& out) {
  if (def && cur && *def != *cur)
    out.push_back(fmt::format("{}: {} policy {} by default, {} now", who, field, to_string(*def), to_string(*cur)));
}

inline void judge_policies(const facts& f, scope where, std::vector<verdict>& out, const controller& c, const cache_policy& d,
                           const cache_policy& n, std::optional<write_policy> current_write, const std::string& subject,
                           const std::string& controller) {
  std::vector<std::string> evidence;
  compare("write", d.write, current_write, subject, evidence);
  compare("read", d.read, n.read, subject, evidence);
  compare("I/O", d.io, n.io, subject, evidence);
  compare("disk cache", d.disk_cache, n.disk_cache, subject, evidence);
  if (evidence.empty()) return;
  const bool fell_back = writes_back(d.write) && current_write == write_policy::write_through;
  if (fell_back)
    if (const auto gap = battery_gap_of(c.battery)) evidence.push_back(controller + ": " + gap->field);
  add_finding(f, where, out, subject, severity::warning,
              fell_back ? "runs write-through although configured write-back (a bad or charging battery, or a learn "
                          "cycle): write latency is not what the configuration promises"
                        : "the cache runs with other policies than configured: the figures measure the fallback",
              std::move(evidence));
}

}  // namespace detail::policy_rule

RAIDBENCH_API void rule_traits<rule::policy_differs_from_default>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  const scope where = scope_of(f);
  std::string controller_subject;
  visit_judged(
      f,
      [&](const controller& c, const std::string& subject) {
        controller_subject = subject;
        detail::policy_rule::judge_policies(f, where, out, c, c.default_policy, c.current_policy, c.current_policy.write,
                                            subject, subject);
      },
      [&](const controller& c, const virtual_drive& v, const std::string& subject) {
        detail::policy_rule::judge_policies(f, where, out, c, v.default_policy, v.current_policy,
                                            effective_write_policy(c, v), subject, controller_subject);
      });
  if (out.size() == first) add_quiet(f, where, out, quiet_reason(f, &coverage::arrays, "array cache policy",
                                          "current policies match the defaults (where both are known)"));
}

}  // namespace raidbench
