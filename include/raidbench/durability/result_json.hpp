#pragma once
/// A verify's result as JSON (`rb-durable verify --json`): what was checked, per flush method, the
/// lost writes listed, the totals of every cut, and the verdict; the file the other tools read with
/// --durability (durability/proof.hpp).
#include <ctime>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/core/version.hpp"
#include "raidbench/durability/result.hpp"

namespace raidbench::durability {

/// Unix seconds as UTC ISO 8601 ("2026-12-02T07:31:05Z").
inline std::string utc_text(std::int64_t seconds) {
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return out;
}

inline void to_json(nlohmann::json& j, const durability_result& r) {
  nlohmann::json methods = nlohmann::json::object();
  for (const auto m : all_flush_methods) {
    const method_tally& t = r.methods[static_cast<std::size_t>(m)];
    if (t.checked() == 0) continue;
    nlohmann::json entry{{"checked", t.checked()}, {"lost", t.lost_writes()}};
    for (const auto s : all_block_states) entry[std::string(name_of(s))] = t.found[static_cast<std::size_t>(s)];
    methods[std::string(name_of(m))] = entry;
  }
  nlohmann::json lost = nlohmann::json::array();
  for (const auto& l : r.lost)
    lost.push_back({{"offset", l.offset}, {"generation", l.generation}, {"method", name_of(l.method)},
                    {"found", name_of(l.found)}, {"detail", l.detail}});
  j = {{"tool", "rb-durable"},
       {"version", version},
       {"kind", "durability"},
       {"name", r.name},
       {"target", r.target},
       {"device", r.device},
       {"server", r.server},
       {"run", r.run},
       {"written_at", utc_text(r.written_at)},
       {"verified_at", utc_text(r.verified_at)},
       {"rebooted", r.rebooted},
       {"direct_read", r.direct_read},
       {"block_size", r.block_size},
       {"size", r.size},
       {"this_cut", {{"acknowledged", r.acknowledged}, {"checked", r.checked()}, {"lost", r.lost_writes()}}},
       {"methods", methods},
       {"lost_writes", lost},
       {"cuts",
        {{"count", r.totals.cuts}, {"rebooted", r.totals.rebooted_cuts}, {"acknowledged", r.totals.acknowledged},
         {"checked", r.totals.checked}, {"lost", r.totals.lost}}},
       {"durable", r.durable()},
       {"verdict", verdict_sentence(r)}};
}

}  // namespace raidbench::durability
