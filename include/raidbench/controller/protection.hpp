#pragma once
/// The judgements on a controller cache that every report shares: whether a policy writes back, and
/// whether (and why not) a battery protects the cache now. rb-ctrl's findings, the suite's verdicts
/// and the Prometheus metrics all ask these two, so they cannot disagree.
#include <optional>
#include <string>

#include "raidbench/controller/model.hpp"

namespace raidbench {

/// Whether the policy keeps written data in the controller's cache before the disks have it.
constexpr bool writes_back(const std::optional<write_policy>& w) noexcept {
  return w == write_policy::write_back || w == write_policy::always_write_back;
}

/// The write policy a virtual drive runs with: its own, else its controller's.
inline std::optional<write_policy> effective_write_policy(const controller& c, const virtual_drive& v) {
  return v.current_policy.write ? v.current_policy.write : c.current_policy.write;
}

/// Why a battery does not protect its cache now.
struct battery_gap {
  std::string field;  ///< the model's field that says so: "battery.state = learning"
  std::string words;  ///< the same in words: "battery learning"
  /// The protection is gone (absent, none, to replace, failed, missing), not reduced for a while
  /// (charging, discharging, a learn cycle, degraded).
  bool critical = true;
};

/// nullopt when the battery protects the cache, or when nothing says it does not (state unknown).
inline std::optional<battery_gap> battery_gap_of(const battery& b) {
  if (b.present == false) return battery_gap{"battery.present = false", "battery absent", true};
  if (b.kind == battery_kind::none) return battery_gap{"battery.kind = none", "no battery or capacitor", true};
  if (b.replacement_required == true) return battery_gap{"battery.replacement_required = true", "battery needs replacement", true};
  if (!b.state || *b.state == battery_state::optimal) return std::nullopt;
  const std::string state(to_string(*b.state));
  return battery_gap{"battery.state = " + state, "battery " + state,
                     *b.state == battery_state::failed || *b.state == battery_state::missing};
}

/// Whether the battery protects the cache: false when anything says it does not, true when it is
/// optimal, nullopt when its state is unknown.
inline std::optional<bool> battery_protects(const battery& b) {
  if (battery_gap_of(b)) return false;
  if (!b.state) return std::nullopt;
  return true;
}

}  // namespace raidbench
