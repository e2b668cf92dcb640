#pragma once
// The write-back rule's definition (see core/linkage.hpp): included by write_back_without_battery.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include "raidbench/verdict/write_back_without_battery.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/array_risks.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

RAIDBENCH_API void rule_traits<rule::write_back_without_battery>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  const scope where = scope_of(f);
  bool unknown = false;
  std::string controller_subject;
  // The virtual drives' caches: a controller's cache that no array uses (HBA mode, no logical drive) loses nothing.
  visit_judged(
      f, [&](const controller&, const std::string& subject) { controller_subject = subject; },
      [&](const controller& c, const virtual_drive& v, const std::string& subject) {
        if (const auto risk = unprotected_write_back_of(c, v)) {
          add_finding(f, where, out, subject, risk->level,
                      "the cache writes back while its battery does not protect it (" + risk->gap.words +
                          "): a power loss can lose acknowledged writes",
                      {subject + ": current write policy = " + std::string(to_string(risk->policy)),
                       controller_subject + ": " + risk->gap.field});
        } else if (writes_back(effective_write_policy(c, v)) && !c.battery.state) {
          unknown = true;  // nothing says the battery fails, and nothing says it is well
        }
      });
  if (out.size() == first)
    add_quiet(f, where, out, quiet_reason(f, &coverage::arrays, "array cache policy",
                                          unknown ? "write-back caches, battery state unknown" : "every write-back cache has a healthy battery, or none writes back"));
}

}  // namespace raidbench
