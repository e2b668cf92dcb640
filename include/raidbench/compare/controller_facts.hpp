#pragma once
/// The facts of a controller inventory that explain a difference between runs: each controller's
/// model, firmware, cache, battery and policy, each virtual drive's RAID level, state and policy.
/// Read from the typed inventory, so a renamed field is a compile error, not a silently missing fact.
#include <map>
#include <optional>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/enum_names.hpp"

namespace raidbench {

namespace detail::controller_fact {

template <class T>
std::string text(const T& v) {
  if constexpr (std::is_enum_v<T>) return std::string(to_string(v));
  else if constexpr (std::is_same_v<T, bool>) return v ? "yes" : "no";
  else if constexpr (std::is_same_v<T, std::string>) return v;
  else return fmt::format("{}", v);
}

template <class T>
void put(std::map<std::string, std::string>& facts, const std::string& key, const std::optional<T>& v) {
  if (v && !(std::is_same_v<T, std::string> && text(*v).empty())) facts[key] = text(*v);
}

inline void put_policy(std::map<std::string, std::string>& facts, const std::string& prefix, const cache_policy& p) {
  put(facts, prefix + "policy write", p.write);
  put(facts, prefix + "policy read", p.read);
  put(facts, prefix + "policy io", p.io);
  put(facts, prefix + "policy no_write_cache_if_bad_battery", p.no_write_cache_if_bad_battery);
}

}  // namespace detail::controller_fact

/// The facts of `inv`, keyed "controller N model", "controller N battery state", "controller N VD 0
/// raid_level", … (N counts the controllers in the inventory's order).
inline std::map<std::string, std::string> controller_facts(const inventory& inv) {
  using namespace detail::controller_fact;
  std::map<std::string, std::string> facts;
  for (std::size_t i = 0; i < inv.controllers.size(); ++i) {
    const controller& c = inv.controllers[i];
    const std::string p = fmt::format("controller {} ", i);
    put(facts, p + "model", c.model);
    put(facts, p + "firmware", c.firmware);
    put(facts, p + "cache_bytes", c.cache_bytes);
    put(facts, p + "battery present", c.battery.present);
    put(facts, p + "battery kind", c.battery.kind);
    put(facts, p + "battery state", c.battery.state);
    put(facts, p + "battery replacement_required", c.battery.replacement_required);
    put_policy(facts, p, c.current_policy);
    for (const virtual_drive& vd : c.virtual_drives) {
      const std::string v = p + "VD " + (vd.id ? std::to_string(*vd.id) : "?") + " ";
      put(facts, v + "raid_level", vd.level);
      put(facts, v + "state", vd.state);
      put_policy(facts, v, vd.current_policy);
    }
  }
  return facts;
}

}  // namespace raidbench
