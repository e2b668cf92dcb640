#pragma once
// The verdicts text's definition (see core/linkage.hpp): included by verdicts.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/verdicts.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API std::string format_verdicts(const std::vector<verdict>& verdicts) {
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
