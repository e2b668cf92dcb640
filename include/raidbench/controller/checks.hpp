#pragma once
/// Safety checks on a controller inventory: cache and battery states that make benchmark numbers
/// (and fsync durability) misleading, and arrays or drives that are not healthy.
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"

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

/// One check that fired: which, how bad, what it means, and the inventory fields that show it.
struct finding {
  std::string check;
  severity level = severity::warning;
  std::string message;
  /// "controller 0 / VD 1: current write policy = write_back", one field per entry.
  std::vector<std::string> evidence;
  friend bool operator==(const finding&, const finding&) = default;
};

/// Runs every check: write-back on an unprotected cache, write-through fallback from a write-back
/// default, degraded or rebuilding arrays, failed or failing drives, and drive caches left on.
RAIDBENCH_API std::vector<finding> check_inventory(const inventory& inv);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/checks.hpp"
#endif
