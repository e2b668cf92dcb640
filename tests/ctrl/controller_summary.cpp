// report/controller_summary.hpp on hand-made inventories: what is shown, and what is left out; and
// rb-ctrl's text, the summary followed by the verdicts of the inventory judged on its own.
#include "raidbench/report/controller_summary.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

#include "raidbench/report/verdicts.hpp"
#include "raidbench/verdict/builtin_rules.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(controller_summary_test)

BOOST_AUTO_TEST_CASE(every_field_in_its_place) {
  inventory inv;
  inv.source = "storcli";
  controller& c = inv.controllers.emplace_back();
  c.number = 1;
  c.vendor = "LSI";
  c.model = "MegaRAID 9361-8i";
  c.serial = "SK1234";
  c.firmware = "4.680";
  c.firmware_package = "24.21.0-0148";
  c.cache_bytes = 1073741824;
  c.battery = {battery_kind::cachevault, "CVPM02", true, battery_state::failed, 71.0, 30.0, true};
  virtual_drive& v = c.virtual_drives.emplace_back();
  v.id = 0;
  v.name = "data";
  v.level = raid_level::raid6;
  v.size_bytes = 4398046511104;
  v.state = vd_state::optimal;
  v.strip_bytes = 262144;
  v.drive_count = 6;
  v.span_count = 1;
  v.default_policy = {write_policy::write_back, read_policy::read_ahead, io_policy::direct, disk_cache_policy::disabled, true};
  v.current_policy = {write_policy::write_through, read_policy::read_ahead, io_policy::direct, disk_cache_policy::disabled, {}};
  physical_drive& d = c.physical_drives.emplace_back();
  d.enclosure = 252;
  d.slot = 3;
  d.device_id = 11;
  d.state = pd_state::failed;
  d.media = media_type::ssd;
  d.interface = drive_interface::sas;
  d.size_bytes = 1099511627776;
  d.predictive_failures = 2;
  c.physical_drives.emplace_back();
  inv.warnings.push_back({7, "unknown key"});

  const std::string expected_summary =
      "source: storcli\n"
      "controller 1: LSI MegaRAID 9361-8i\n"
      "  serial:     SK1234\n"
      "  firmware:   4.680, package 24.21.0-0148\n"
      "  cache:      1 GiB\n"
      "  battery:    cachevault, \"CVPM02\", present, failed, charge 71%, 30 °C, replacement required\n"
      "  input:      covers controller, battery, arrays, drives\n"
      "  virtual drives (1):\n"
      "    VD 0 \"data\": raid6, 4 TiB, optimal, strip 256 KiB, 6 drives, 1 span\n"
      "      default: write_back, read_ahead, direct, disk cache disabled, write-through if bad battery\n"
      "      current: write_through, read_ahead, direct, disk cache disabled\n"
      "  physical drives (2):\n"
      "    252:3 (id 11): failed, ssd, sas, 1 TiB, predictive failures 2\n"
      "    #2\n"
      "warnings: 1 (parts of the input could not be read)\n";
  BOOST_TEST(format_controller_summary(inv) == expected_summary);
  // The parts are named in the verdicts as in the summary: "controller 1", "VD 0", "drive 252:3".
  const std::string expected_verdicts =
      "verdicts: 4 fired of 8\n"
      "  FIRED critical battery_unhealthy [controller 1]: battery needs replacement: the cache is not protected "
      "against a power loss\n"
      "        evidence: controller 1: battery.replacement_required = true\n"
      "  FIRED warning policy_differs_from_default [controller 1 / VD 0]: runs write-through although configured "
      "write-back (a bad or charging battery, or a learn cycle): write latency is not what the configuration promises\n"
      "        evidence: controller 1 / VD 0: write policy write_back by default, write_through now\n"
      "        evidence: controller 1: battery.replacement_required = true\n"
      "  FIRED critical drive_failed [controller 1 / drive 252:3]: the drive is failed\n"
      "        evidence: controller 1 / drive 252:3: state = failed\n"
      "  FIRED warning drive_predictive_failure [controller 1 / drive 252:3]: the drive predicts its own failure\n"
      "        evidence: controller 1 / drive 252:3: predictive failures = 2\n"
      "  no    degraded_array: no degraded array seen\n"
      "  no    array_busy: no array runs background work\n"
      "  no    write_back_without_battery: every write-back cache has a healthy battery, or none writes back\n"
      "  no    drive_cache_enabled: no drive cache enabled behind a write-back controller\n";
  BOOST_TEST(format_verdicts(judge(facts{nullptr, &inv, {}, {}, {}})) == expected_verdicts);
}

BOOST_AUTO_TEST_CASE(nothing_known_is_said_plainly) {
  inventory inv;
  inv.source = "mdstat";
  BOOST_TEST(format_controller_summary(inv) == "source: mdstat\nno controller in the input\n");
  const std::string verdicts = format_verdicts(judge(facts{nullptr, &inv, {}, {}, {}}));
  BOOST_TEST(verdicts.starts_with("verdicts: 0 fired of 8\n  no    degraded_array: no controller inventory\n"));
  BOOST_TEST(verdicts.ends_with("  no    drive_cache_enabled: no controller inventory\n"));
  // A controller the input says nothing about is not healthy: its parts are not judged.
  inv.controllers.emplace_back();
  BOOST_TEST(format_controller_summary(inv) ==
             "source: mdstat\ncontroller #1\n  input:      covers nothing it can vouch for (controller, battery, arrays, drives unknown)\n");
  BOOST_TEST(format_verdicts(judge(facts{nullptr, &inv, {}, {}, {}}))
                 .starts_with("verdicts: 0 fired of 8\n  no    degraded_array: array state not in the input (controller #1): not judged\n"));
}

BOOST_AUTO_TEST_SUITE_END()
