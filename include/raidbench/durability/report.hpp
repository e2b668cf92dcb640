#pragma once
/// A verify's result as text (`rb-durable verify`'s standard output): what was read, a table of the
/// blocks per flush method by what was found, the first lost writes, and the verdict last.
#include <string>

#include <fmt/format.h>

#include "raidbench/durability/result.hpp"
#include "raidbench/durability/result_json.hpp"

namespace raidbench::durability {

/// How many lost writes the text lists (the JSON lists more).
inline constexpr std::size_t lost_shown = 10;

inline std::string format_result(const durability_result& r) {
  std::string out = fmt::format("target {} ({}), run {} of {}\n", r.target, r.device.empty() ? "gone" : r.device, r.run, r.name);
  out += fmt::format("written from {}, verified {}; {}; read {}\n", utc_text(r.written_at), utc_text(r.verified_at),
                     r.rebooted ? "the machine restarted in between" : "no restart in between",
                     r.direct_read ? "with O_DIRECT" : "through the page cache");
  out += fmt::format("{:<17}{:>9}", "method", "checked");
  for (const auto s : all_block_states) out += fmt::format("{:>11}", name_of(s));
  out += '\n';
  for (const auto m : all_flush_methods) {
    const method_tally& t = r.methods[static_cast<std::size_t>(m)];
    if (t.checked() == 0) continue;
    out += fmt::format("{:<17}{:>9}", name_of(m), t.checked());
    for (const auto v : t.found) out += fmt::format("{:>11}", v);
    out += '\n';
  }
  for (std::size_t i = 0; i < r.lost.size() && i < lost_shown; ++i) {
    const lost_write& l = r.lost[i];
    out += fmt::format("lost: offset {} ({}, generation {} acknowledged): {}, {}\n", l.offset, name_of(l.method), l.generation,
                       name_of(l.found), l.detail);
  }
  if (r.lost_writes() > lost_shown) out += fmt::format("lost: … {} more (--json lists {})\n", r.lost_writes() - lost_shown, lost_listed);
  out += verdict_sentence(r) + "\n";
  return out;
}

}  // namespace raidbench::durability
