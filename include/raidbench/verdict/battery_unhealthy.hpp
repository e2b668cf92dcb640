#pragma once
/// Rule `battery_unhealthy`: a controller's battery or capacitor does not protect its cache: critical when it failed, must be
/// replaced, or is missing while a cache is configured to write back; a warning while it charges,
/// discharges, learns (an expected cycle) or is degraded. One verdict per controller.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct battery_unhealthy {};
}  // namespace rule

template <>
struct rule_traits<rule::battery_unhealthy> {
  static constexpr std::string_view name = "battery_unhealthy";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/battery_unhealthy.hpp"
#endif
