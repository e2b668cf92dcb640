#pragma once
/// What a parser's input covered, read off what it listed (model.hpp's `coverage`): an array or drive
/// printed with its state, a battery with its state or its absence, a controller with its identity.
/// A parser calls it on what it read, and sets a part itself where the tool says a list is empty.
#include "raidbench/controller/model.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench::detail {

inline void cover_listed(controller& c) {
  if (c.model || c.serial || c.firmware) c.coverage.controller = true;
  if (c.battery.state || c.battery.present == false) c.coverage.battery = true;
  for (const auto& v : c.virtual_drives)
    if (v.state) c.coverage.arrays = true;
  for (const auto& d : c.physical_drives)
    if (d.state) c.coverage.drives = true;
}

inline expected<inventory> cover_listed(expected<inventory> inv) {
  if (inv)
    for (auto& c : inv->controllers) cover_listed(c);
  return inv;
}

}  // namespace raidbench::detail
