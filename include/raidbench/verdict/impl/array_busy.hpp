#pragma once
// The busy array rule's definition (see core/linkage.hpp): included by array_busy.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/array_busy.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

namespace raidbench {

namespace detail::busy_rule {
inline std::string percent(double value) { return fmt::format("{:g}%", value); }
}  // namespace detail::busy_rule

RAIDBENCH_API void rule_traits<rule::array_busy>::judge(const facts& f, std::vector<verdict>& out) {
  const std::size_t first = out.size();
  if (f.context)
    for (const auto& n : f.context->devices)
      if (n.kind == block_kind::md && n.md_sync_action && *n.md_sync_action != "idle")
        out.push_back({"", n.name, true, severity::warning,
                       "the md array under the files runs a " + *n.md_sync_action +
                           ": background work makes benchmark figures unrepresentative",
                       {fmt::format("{}: sync action {}", n.name, *n.md_sync_action)}});
  const scope where = scope_of(f);
  visit_judged(
      f, [](const controller&, const std::string&) {},
      [&](const controller&, const virtual_drive& v, const std::string& subject) {
        if (!v.operation) return;
        const std::string operation(to_string(*v.operation));
        add_finding(f, where, out, subject, severity::warning,
                    "the array is running a " + operation + ": background work makes benchmark figures unrepresentative",
                    {subject + ": operation = " + operation,
                     v.progress_percent ? subject + ": progress = " + detail::busy_rule::percent(*v.progress_percent)
                                        : subject + ": progress = not started (waiting)"});
      });
  if (out.size() != first) return;
  // The md arrays under the files are judged with or without an inventory.
  if (f.context && !f.inv) out.push_back({"", "", false, severity::info, "no array runs background work (no controller inventory)", {}});
  else add_quiet(f, where, out, quiet_reason(f, &coverage::arrays, "array state", "no array runs background work"));
}

}  // namespace raidbench
