#pragma once
// judge's definition (see core/linkage.hpp): included by rule_list.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <exception>
#include <span>
#include <string>
#include <vector>

#include "raidbench/verdict/rule_list.hpp"

namespace raidbench {

RAIDBENCH_API std::vector<verdict> judge(const facts& f, std::span<const rule_entry> table) {
  std::vector<verdict> out;
  for (const auto& rule : table) {
    const std::size_t first = out.size();
    // A rule must not throw; this keeps a user rule's slip from costing the other rules' verdicts,
    // whatever it throws.
    auto failed = [&](const std::string& why) {
      out.resize(first);
      out.push_back({std::string(rule.name), "", false, severity::info, "not judged: the rule failed: " + why, {}});
    };
    try {
      rule.judge(f, out);
    } catch (const std::exception& e) {
      failed(e.what());
    } catch (...) {
      failed("it threw something that is not a std::exception");
    }
    for (std::size_t i = first; i < out.size(); ++i) out[i].rule = std::string(rule.name);  // a rule's verdicts carry its id
  }
  return out;
}

}  // namespace raidbench
