#pragma once
// The controller cache rules' definitions (see core/linkage.hpp): included by controller_cache.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/controller_cache.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace detail::cache_rules {

inline std::string controller_name(const controller& c, std::size_t i) {
  if (c.number) return fmt::format("controller {}", *c.number);
  return c.model ? "controller '" + *c.model + "'" : fmt::format("controller #{}", i + 1);
}

inline std::string vd_name(const std::string& ctrl, const virtual_drive& v, std::size_t i) {
  return ctrl + (v.id ? fmt::format(" / VD {}", *v.id) : fmt::format(" / VD #{}", i + 1));
}

template <class E>
void compare(const char* field, const std::optional<E>& def, const std::optional<E>& cur, const std::string& who,
             std::vector<std::string>& out) {
  if (def && cur && *def != *cur)
    out.push_back(fmt::format("{}: {} policy {} by default, {} now", who, field, to_string(*def), to_string(*cur)));
}

}  // namespace detail::cache_rules

RAIDBENCH_API verdict write_back_without_battery(const inventory* inv) {
  namespace cr = detail::cache_rules;
  verdict v{"write_back_without_battery", "", false, severity::critical, "", {}};
  if (!inv || inv->controllers.empty()) {
    v.message = "no controller inventory";
    return v;
  }
  bool unknown = false;
  for (std::size_t ci = 0; ci < inv->controllers.size(); ++ci) {
    const controller& c = inv->controllers[ci];
    const battery& b = c.battery;
    std::optional<std::string> problem;
    if (b.present == false) problem = "battery absent";
    else if (b.kind == battery_kind::none) problem = "no battery or capacitor";
    else if (b.replacement_required == true) problem = "battery needs replacement";
    else if (b.state && *b.state != battery_state::optimal) problem = "battery " + std::string(to_string(*b.state));
    const std::string cn = cr::controller_name(c, ci);
    auto judge = [&](const std::optional<write_policy>& w, const std::string& who) {
      if (w != write_policy::write_back && w != write_policy::always_write_back) return;
      if (problem) v.evidence.push_back(fmt::format("{}: {} while {}", who, to_string(*w), *problem));
      else if (!b.state) unknown = true;
    };
    judge(c.current_policy.write, cn);
    for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi)
      judge(c.virtual_drives[vi].current_policy.write, cr::vd_name(cn, c.virtual_drives[vi], vi));
  }
  v.fired = !v.evidence.empty();
  v.message = v.fired ? "write-back cache without a healthy battery: a power loss can lose acknowledged writes"
              : unknown ? "write-back caches, battery state unknown"
                        : "every write-back cache has a healthy battery, or none writes back";
  return v;
}

RAIDBENCH_API verdict policy_differs_from_default(const inventory* inv) {
  namespace cr = detail::cache_rules;
  verdict v{"policy_differs_from_default", "", false, severity::warning, "", {}};
  if (!inv || inv->controllers.empty()) {
    v.message = "no controller inventory";
    return v;
  }
  for (std::size_t ci = 0; ci < inv->controllers.size(); ++ci) {
    const controller& c = inv->controllers[ci];
    const std::string cn = cr::controller_name(c, ci);
    auto all = [&](const cache_policy& d, const cache_policy& n, const std::string& who) {
      cr::compare("write", d.write, n.write, who, v.evidence);
      cr::compare("read", d.read, n.read, who, v.evidence);
      cr::compare("I/O", d.io, n.io, who, v.evidence);
      cr::compare("disk cache", d.disk_cache, n.disk_cache, who, v.evidence);
    };
    all(c.default_policy, c.current_policy, cn);
    for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi)
      all(c.virtual_drives[vi].default_policy, c.virtual_drives[vi].current_policy, cr::vd_name(cn, c.virtual_drives[vi], vi));
  }
  v.fired = !v.evidence.empty();
  v.message = v.fired ? "the cache runs with other policies than configured: the figures measure the fallback"
                      : "current policies match the defaults (where both are known)";
  return v;
}

}  // namespace raidbench
