#pragma once
/// How every report names a part of an inventory ("controller 0", "controller 0 / VD 1",
/// "controller 0 / drive 252:3"): the judgement's subjects, the summary and the metrics' labels use
/// these, so one part has one name everywhere.
#include <cstddef>
#include <optional>
#include <string>

#include "raidbench/controller/model.hpp"

namespace raidbench {

/// "controller 0", "controller 'PERC H730'" or "controller #2" (its position from 1).
inline std::string controller_name(const controller& c, std::size_t index) {
  if (c.number) return "controller " + std::to_string(*c.number);
  if (c.model) return "controller '" + *c.model + "'";
  return "controller #" + std::to_string(index + 1);
}

/// What a person calls the controller: its model ("PERC H730 Mini"), "md" for Linux software RAID,
/// else its name.
inline std::string controller_title(const controller& c, std::size_t index) {
  if (c.model) return *c.model;
  if (is_software_raid(c)) return "md";
  return controller_name(c, index);
}

/// The virtual drive's own id ("1"), or "#N" from its position when the tool gives none.
inline std::string vd_label(const virtual_drive& v, std::size_t index) {
  // Appended piece by piece: "#" + std::to_string(...) trips GCC 12's -Wrestrict at -O3 (a false positive).
  std::string out;
  if (!v.id) out += '#';
  out += std::to_string(v.id ? *v.id : index + 1);
  return out;
}

/// The tool's own name of a drive: its location, "enclosure:slot", its slot or its device id;
/// nullopt when the tool gives none of them.
inline std::optional<std::string> pd_label(const physical_drive& d) {
  if (d.location) return *d.location;
  if (d.enclosure && d.slot) return std::to_string(*d.enclosure) + ":" + std::to_string(*d.slot);
  if (d.slot) return "slot " + std::to_string(*d.slot);
  if (d.device_id) return "id " + std::to_string(*d.device_id);
  return std::nullopt;
}

/// "controller 0 / VD 1".
inline std::string vd_name(const std::string& controller, const virtual_drive& v, std::size_t index) {
  return controller + " / VD " + vd_label(v, index);
}

/// "controller 0 / drive 252:3", or "… / drive #N" from its position.
inline std::string pd_name(const std::string& controller, const physical_drive& d, std::size_t index) {
  return controller + " / drive " + pd_label(d).value_or("#" + std::to_string(index + 1));
}

}  // namespace raidbench
