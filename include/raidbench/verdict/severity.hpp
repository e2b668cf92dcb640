#pragma once
/// How much a judgement matters, for rb-ctrl's findings and the suite's verdicts alike.
#include <string_view>

namespace raidbench {

/// How much a finding matters: critical means data at risk or numbers meaningless.
enum class severity { info, warning, critical };

/// Name of a severity.
constexpr std::string_view to_string(severity s) noexcept {
  switch (s) {
    case severity::info: return "info";
    case severity::warning: return "warning";
    case severity::critical: return "critical";
  }
  return "?";
}

}  // namespace raidbench
