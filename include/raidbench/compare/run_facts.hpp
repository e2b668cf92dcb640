#pragma once
/// The facts that explain a difference between runs, as text keyed by what they are about: the
/// storage context's kernel, file system and devices, the controller inventory's models, batteries,
/// policies and RAID levels. Read from the typed structs (a report's JSON goes through their
/// from_json first), so a renamed field is a compile error, not a silently missing fact.
#include <map>
#include <optional>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/enum_names.hpp"

namespace raidbench {

namespace detail::run_fact {

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

}  // namespace detail::run_fact

/// The facts of a storage context: kernel, file system, RAM, CPU, and per device its model,
/// scheduler, write cache, rotation, md level and state, and transport ("sda model").
inline std::map<std::string, std::string> context_facts(const storage_context& c) {
  using namespace detail::run_fact;
  std::map<std::string, std::string> facts;
  put(facts, "kernel", c.kernel);
  put(facts, "file system", c.filesystem.type);
  put(facts, "mount options", c.filesystem.mount_options);
  put(facts, "RAM bytes", c.ram_bytes);
  put(facts, "CPU", c.cpu.model);
  for (const block_node& d : c.devices) {
    const std::string n = d.name + " ";
    put(facts, n + "model", d.model);
    put(facts, n + "scheduler", d.scheduler);
    put(facts, n + "write_cache", d.write_cache);
    put(facts, n + "rotational", d.rotational);
    put(facts, n + "md_level", d.md_level);
    put(facts, n + "md_state", d.md_state);
    put(facts, n + "transport", d.transport);
  }
  return facts;
}

/// The facts of `inv`, keyed "controller N model", "controller N battery state", "controller N VD 0
/// raid_level", … (N counts the controllers in the inventory's order).
inline std::map<std::string, std::string> controller_facts(const inventory& inv) {
  using namespace detail::run_fact;
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
