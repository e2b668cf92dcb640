#pragma once
/// The verdicts as text: those that fired with their evidence, then one line for each that did not.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// "verdicts: N fired of M", the fired ones first with their evidence, then one line per quiet rule.
inline std::string format_verdicts(const std::vector<verdict>& verdicts) {
  std::size_t fired = 0;
  for (const auto& v : verdicts) fired += v.fired;
  std::string out = fmt::format("verdicts: {} fired of {}\n", fired, verdicts.size());
  auto name = [](const verdict& v) { return v.subject.empty() ? v.rule : v.rule + " [" + v.subject + "]"; };
  for (const auto& v : verdicts) {
    if (!v.fired) continue;
    out += fmt::format("  FIRED {} {}: {}\n", to_string(v.level), name(v), v.message);
    for (const auto& e : v.evidence) out += fmt::format("        evidence: {}\n", e);
  }
  for (const auto& v : verdicts)
    if (!v.fired) out += fmt::format("  no    {}: {}\n", name(v), v.message);
  return out;
}

}  // namespace raidbench
