// One judgement: rb-ctrl's findings on a controller inventory and the suite's verdicts on the same
// inventory (every controller judged, as nothing ties it to a device) agree on every real capture,
// and on each with its batteries made failed, learning, absent or healthy: a write-back cache
// without a healthy battery, and a degraded, failed or busy array.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/checks.hpp"
#include "raidbench/verdict/verdicts.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(one_judgement_test)

BOOST_AUTO_TEST_CASE(findings_and_verdicts_agree_on_every_capture) {
  std::size_t judged = 0, write_back_unprotected = 0, sick = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(RAIDBENCH_FIXTURES_DIR) + "/controllers")) {
    if (!entry.is_regular_file() || entry.path().extension() == ".md" || entry.path().extension() == ".tsv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto inv = parse_any(text.str());
    if (!inv) continue;
    ++judged;
    const auto agree = [&](const inventory& judged_inv, const std::string& what) {
      bool unprotected = false, impaired = false;
      for (const auto& f : check_inventory(judged_inv)) {
        unprotected = unprotected || f.check == "write_back_unprotected";
        impaired = impaired || f.check == "array_not_optimal" || f.check == "array_busy";
      }
      const device_ownership nothing_tied;
      BOOST_TEST_CONTEXT(entry.path().filename().string() << what) {
        BOOST_TEST(write_back_without_battery(&judged_inv, nothing_tied).fired == unprotected);
        BOOST_TEST(degraded_array(storage_context{}, &judged_inv, nothing_tied).fired == impaired);
      }
      write_back_unprotected += unprotected;
      sick += impaired;
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
}

BOOST_AUTO_TEST_SUITE_END()
