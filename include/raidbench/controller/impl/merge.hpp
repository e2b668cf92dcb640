#pragma once
// merge's definition and its helpers (see core/linkage.hpp): included by merge.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <optional>
#include <string>
#include <utility>

#include "raidbench/controller/detail/fill.hpp"
#include "raidbench/controller/merge.hpp"
#include "raidbench/controller/model.hpp"

namespace raidbench {

namespace detail {
// Two optional keys agree when both are known and equal; nullopt when either is unknown.
template <class T>
std::optional<bool> same_key(const std::optional<T>& a, const std::optional<T>& b) {
  if (!a || !b) return std::nullopt;
  return *a == *b;
}

inline bool same_drive(const physical_drive& a, const physical_drive& b) {
  // Two different full addresses are two drives, whatever their short keys say: md members of two
  // arrays share role numbers, HP bays repeat on every port (1I:1:1, 2I:1:1).
  if (a.location && b.location && *a.location != *b.location) return false;
  if (a.slot && b.slot) {
    // A slot without an enclosure matches only another without one: two enclosures may both have slot 3.
    if (*a.slot != *b.slot) return false;
    if (auto e = same_key(a.enclosure, b.enclosure)) return *e;
    return !a.enclosure && !b.enclosure;
  }
  if (auto d = same_key(a.device_id, b.device_id)) return *d;
  if (auto s = same_key(a.serial, b.serial)) return *s;
  return same_key(a.location, b.location).value_or(false);
}

// Same controller when serials agree, else when adapter numbers agree and serials do not clash.
inline bool same_controller(const controller& a, const controller& b, bool only_pair) {
  if (auto s = same_key(a.serial, b.serial)) return *s;
  if (auto n = same_key(a.number, b.number)) return *n;
  if (auto s = same_key(a.slot, b.slot)) return *s;
  return only_pair;
}

// A controller both dumps describe: its own fields filled, its drives matched one by one.
inline void merge_controller(controller& into, controller& from) {
  fill(into, from);
  for (auto& vd : from.virtual_drives) {
    virtual_drive* match = nullptr;
    for (auto& mine : into.virtual_drives)
      if (same_key(mine.id, vd.id).value_or(false)) match = &mine;
    if (match) fill(*match, vd);
    else into.virtual_drives.push_back(std::move(vd));
  }
  for (auto& pd : from.physical_drives) {
    physical_drive* match = nullptr;
    for (auto& mine : into.physical_drives)
      if (same_drive(mine, pd)) match = &mine;
    if (match) fill(*match, pd);
    else into.physical_drives.push_back(std::move(pd));
  }
}
}  // namespace detail

RAIDBENCH_API void merge(inventory& into, inventory&& from) {
  if (into.source.empty()) into.source = std::move(from.source);
  else if (!from.source.empty() && ("+" + into.source + "+").find("+" + from.source + "+") == std::string::npos)
    into.source += "+" + from.source;
  const bool only_pair = into.controllers.size() == 1 && from.controllers.size() == 1;
  for (auto& c : from.controllers) {
    controller* match = nullptr;
    for (auto& mine : into.controllers)
      if (!match && detail::same_controller(mine, c, only_pair)) match = &mine;
    if (match) detail::merge_controller(*match, c);
    else into.controllers.push_back(std::move(c));
  }
  for (auto& w : from.warnings) into.warnings.push_back(std::move(w));
}

}  // namespace raidbench
