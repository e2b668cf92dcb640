#pragma once
// The verdicts' JSON definitions (see core/linkage.hpp): included by verdict_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>

#include <nlohmann/json.hpp>

#include "raidbench/verdict/verdict_json.hpp"
#include "raidbench/core/enum_json.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API void to_json(nlohmann::json& j, const verdict& v) {
  j = {{"rule", v.rule},       {"subject", v.subject}, {"fired", v.fired}, {"severity", std::string(to_string(v.level))},
       {"message", v.message}, {"evidence", v.evidence}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, verdict& v) {
  j.at("rule").get_to(v.rule);
  j.at("subject").get_to(v.subject);
  j.at("fired").get_to(v.fired);
  v.level = detail::enum_from_json<severity>(j.at("severity"), "verdict severity");
  j.at("message").get_to(v.message);
  j.at("evidence").get_to(v.evidence);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const device_ownership& o) {
  j = {{"status", std::string(to_string(o.status))}, {"asserted", o.asserted}, {"devices", o.devices}, {"ties", nlohmann::json::array()}};
  for (const auto& t : o.ties)
    j["ties"].push_back({{"device", t.device},
                         {"controller", t.controller},
                         {"controller_name", t.controller_name},
                         {"status", std::string(to_string(t.status))},
                         {"virtual_drive", t.virtual_drive ? nlohmann::json(*t.virtual_drive) : nlohmann::json()},
                         {"pass_through", t.pass_through},
                         {"asserted", t.asserted},
                         {"evidence", t.evidence}});
}
RAIDBENCH_API void from_json(const nlohmann::json& j, device_ownership& o) {
  o.status = detail::enum_from_json<ownership>(j.at("status"), "ownership");
  j.at("asserted").get_to(o.asserted);
  j.at("devices").get_to(o.devices);
  o.ties.clear();
  for (const auto& t : j.at("ties")) {
    device_tie tie;
    t.at("device").get_to(tie.device);
    t.at("controller").get_to(tie.controller);
    t.at("controller_name").get_to(tie.controller_name);
    tie.status = detail::enum_from_json<ownership>(t.at("status"), "ownership");
    if (!t.at("virtual_drive").is_null()) tie.virtual_drive = t.at("virtual_drive").get<std::size_t>();
    t.at("pass_through").get_to(tie.pass_through);
    t.at("asserted").get_to(tie.asserted);
    t.at("evidence").get_to(tie.evidence);
    o.ties.push_back(std::move(tie));
  }
}

}  // namespace raidbench
