#pragma once
/// The controller part of a benchmark's text report: where the inventory came from, its summary, what live mode could not read, and how it is tied to the device under test; or
/// one line saying why there is none.
#include <optional>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/controller/gather.hpp"
#include "raidbench/report/controller_summary.hpp"
#include "raidbench/verdict/device_owner.hpp"

namespace raidbench {

inline std::string format_controller_section(const std::optional<controller_snapshot>& s,
                                             const controller_request& asked,
                                             const device_ownership* owner = nullptr) {
  if (!s) {
    if (!asked.files.empty()) return "controller: the dumps given describe no controller\n";
    if (!asked.live) return "controller: not read (--no-controller)\n";
    return "controller: no RAID tool found and no md array (--controller-file FILE reads a saved dump)\n";
  }
  std::string out = fmt::format("controller (from {})\n", s->source);
  out += format_controller_summary(s->inv);
  for (const auto& note : s->notes) out += fmt::format("note: {}\n", note);
  if (owner) {
    out += fmt::format("device under test ({}): {}\n", fmt::join(owner->devices, ", "),
                       owner->status == ownership::owns           ? "held by the controllers read"
                       : owner->status == ownership::does_not_own ? "not held by the controllers read"
                                                                  : "cannot be tied to the controllers read");
    for (const auto& line : describe_ties(*owner, s->inv)) out += "  " + line + "\n";
  }
  return out;
}

}  // namespace raidbench
