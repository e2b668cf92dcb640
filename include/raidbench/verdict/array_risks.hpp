#pragma once
/// The two judgements on a virtual drive that rb-ctrl's findings and the suite's verdicts share, with
/// their severity: a cache that writes back without a battery protecting it, and an array that is
/// not optimal or is busy with background work. Each is decided here once, so they cannot disagree.
#include <optional>
#include <utility>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/severity.hpp"

namespace raidbench {

/// Critical when the battery's protection is gone, a warning while it is only reduced (a charge, a
/// learn cycle): the reduction passes on its own.
constexpr severity severity_of(const battery_gap& gap) noexcept {
  return gap.critical ? severity::critical : severity::warning;
}

/// A virtual drive whose cache writes back while its controller's battery does not protect it.
struct unprotected_write_back {
  write_policy policy;  ///< the policy it runs with now
  battery_gap gap;
  severity level;
};

/// nullopt when the drive writes through, or when nothing says its battery fails to protect it.
inline std::optional<unprotected_write_back> unprotected_write_back_of(const controller& c, const virtual_drive& v) {
  const auto policy = effective_write_policy(c, v);
  if (!writes_back(policy)) return std::nullopt;
  auto gap = battery_gap_of(c.battery);
  if (!gap) return std::nullopt;
  const severity level = severity_of(*gap);
  return unprotected_write_back{*policy, std::move(*gap), level};
}

/// A virtual drive that is not optimal, or runs a background operation (rebuild, check, …).
struct array_trouble {
  std::optional<vd_state> state;  ///< set when the state is known and not optimal
  std::optional<vd_operation> operation;
  /// Critical when redundancy is lost or data unavailable; a warning when the array is only
  /// impaired or busy. A rebuild does not restore redundancy until it ends.
  severity level;
};

/// nullopt for an optimal (or unknown) array with nothing running.
inline std::optional<array_trouble> array_trouble_of(const virtual_drive& v) {
  const auto state = v.state && *v.state != vd_state::optimal ? v.state : std::nullopt;
  if (!state && !v.operation) return std::nullopt;
  return array_trouble{state, v.operation, state && is_broken(*state) ? severity::critical : severity::warning};
}

}  // namespace raidbench
