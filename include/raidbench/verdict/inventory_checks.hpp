#pragma once
/// rb-ctrl's rules over a controller inventory alone: cache and battery states that make benchmark
/// numbers (and fsync durability) misleading, and arrays or drives that are not healthy. The cache
/// and array judgements are array_risks.hpp's, which the suite's verdicts use too.
#include <string>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/severity.hpp"

namespace raidbench {

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
#include "raidbench/verdict/impl/inventory_checks.hpp"
#endif
