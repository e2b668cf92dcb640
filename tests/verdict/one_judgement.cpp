// One judgement: rb-ctrl's findings on a controller inventory and the suite's verdicts on the same
// inventory agree on every real capture, and on each with its batteries made failed, learning,
// absent or healthy: a write-back cache without a healthy battery, and a degraded, failed or busy
// array. Untied (every controller judged, nothing said of the device) they fire alike; tied to
// every controller, they also weigh alike.
#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/verdict/inventory_checks.hpp"
#include "raidbench/verdict/verdicts.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(one_judgement_test)

// The device under test taken to be held by every controller of `inv`, as --controller-owns-target says.
device_ownership held_by_all(const inventory& inv) {
  device_ownership o{ownership::owns, true, {"sda"}, {}};
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci)
    o.ties.push_back({"sda", ci, "controller", ownership::owns, std::nullopt, false, true, "asserted"});
  return o;
}

// The gravest of the findings of these checks; nullopt when none fired.
std::optional<severity> gravest(const std::vector<finding>& findings, std::initializer_list<std::string_view> checks) {
  std::optional<severity> out;
  for (const auto& f : findings)
    if (std::find(checks.begin(), checks.end(), f.check) != checks.end()) out = std::max(out.value_or(f.level), f.level);
  return out;
}

BOOST_AUTO_TEST_CASE(findings_and_verdicts_agree_on_every_capture) {
  std::size_t judged = 0, write_back_unprotected = 0, sick = 0, sick_but_not_broken = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(RAIDBENCH_FIXTURES_DIR) + "/controllers")) {
    if (!entry.is_regular_file() || entry.path().extension() == ".md" || entry.path().extension() == ".tsv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto inv = parse_any(text.str());
    if (!inv) continue;
    ++judged;
    const auto agree = [&](const inventory& judged_inv, const std::string& what) {
      const auto findings = check_inventory(judged_inv);
      const auto unprotected = gravest(findings, {"write_back_unprotected"});
      const auto impaired = gravest(findings, {"array_not_optimal", "array_busy"});
      const device_ownership nothing_tied, all_held = held_by_all(judged_inv);
      BOOST_TEST_CONTEXT(entry.path().filename().string() << what) {
        BOOST_TEST(write_back_without_battery(&judged_inv, nothing_tied).fired == unprotected.has_value());
        BOOST_TEST(degraded_array(storage_context{}, &judged_inv, nothing_tied).fired == impaired.has_value());
        const verdict cache = write_back_without_battery(&judged_inv, all_held);
        const verdict array = degraded_array(storage_context{}, &judged_inv, all_held);
        BOOST_TEST(cache.fired == unprotected.has_value());
        BOOST_TEST(array.fired == impaired.has_value());
        if (unprotected) BOOST_TEST((cache.level == *unprotected));
        if (impaired) BOOST_TEST((array.level == *impaired));
      }
      write_back_unprotected += unprotected.has_value();
      sick += impaired.has_value();
      sick_but_not_broken += impaired == severity::warning;
    };
    agree(*inv, "");
    for (const auto state : {battery_state::failed, battery_state::learning, battery_state::optimal}) {
      inventory changed = *inv;
      for (auto& c : changed.controllers) c.battery.state = state;
      agree(changed, std::string(", battery ") + std::string(to_string(state)));
    }
    inventory absent = *inv;
    for (auto& c : absent.controllers) c.battery.present = false;
    agree(absent, ", battery absent");
  }
  // The captures hold both kinds, so the agreement is tested both ways.
  BOOST_TEST(judged > 40u);
  BOOST_TEST(write_back_unprotected > 0u);
  BOOST_TEST(sick > 0u);
  BOOST_TEST(sick_but_not_broken > 0u);
}

BOOST_AUTO_TEST_SUITE_END()
