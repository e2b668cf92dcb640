#pragma once
/// The controller part of a benchmark's text report: where the inventory came from, its summary and
/// check findings, and what live mode could not read; or one line saying why there is none.
#include <optional>
#include <string>

#include <fmt/format.h>

#include "raidbench/controller/gather.hpp"
#include "raidbench/report/controller_summary.hpp"

namespace raidbench {

inline std::string format_controller_section(const std::optional<controller_snapshot>& s,
                                             const controller_request& asked) {
  if (!s) {
    if (!asked.files.empty()) return "controller: the dumps given describe no controller\n";
    if (!asked.live) return "controller: not read (--no-controller)\n";
    return "controller: no RAID tool found and no md array (--controller-file FILE reads a saved dump)\n";
  }
  std::string out = fmt::format("controller (from {})\n", s->source);
  out += format_controller_summary(s->inv, s->findings);
  for (const auto& note : s->notes) out += fmt::format("note: {}\n", note);
  return out;
}

}  // namespace raidbench
