#pragma once
/// The one list joiner the text reports share.
#include <string>
#include <vector>

namespace raidbench::detail {

/// Joins the parts that are present (not empty) with ", ".
inline std::string join_present(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += ", ";
    out += p;
  }
  return out;
}

}  // namespace raidbench::detail
