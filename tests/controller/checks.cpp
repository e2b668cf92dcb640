#include "raidbench/verdict/inventory_checks.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>

#include "fixture.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/merge.hpp"

using namespace raidbench;

namespace {

// One controller, one write-back VD, a healthy battery: the baseline that must not fire.
inventory healthy() {
  inventory inv;
  controller c;
  c.number = 0;
  c.battery.kind = battery_kind::bbu;
  c.battery.present = true;
  c.battery.state = battery_state::optimal;
  virtual_drive v;
  v.id = 0;
  v.state = vd_state::optimal;
  v.default_policy.write = write_policy::write_back;
  v.current_policy.write = write_policy::write_back;
  v.current_policy.disk_cache = disk_cache_policy::unchanged;
  c.virtual_drives.push_back(v);
  physical_drive d;
  d.location = "32:0";
  d.state = pd_state::online;
  d.predictive_failures = 0;
  d.smart_alert = false;
  c.physical_drives.push_back(d);
  inv.controllers.push_back(c);
  return inv;
}

const finding* find(const std::vector<finding>& fs, std::string_view check) {
  const auto it = std::find_if(fs.begin(), fs.end(), [&](const finding& f) { return f.check == check; });
  return it == fs.end() ? nullptr : &*it;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(checks_test)

BOOST_AUTO_TEST_CASE(healthy_inventory_has_no_findings) {
  BOOST_TEST(check_inventory(healthy()).empty());
  BOOST_TEST(check_inventory(inventory{}).empty());
}

BOOST_AUTO_TEST_CASE(write_back_with_failed_missing_or_charging_battery) {
  auto inv = healthy();
  inv.controllers[0].battery.state = battery_state::failed;
  auto fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].check == "write_back_unprotected");
  BOOST_TEST((fs[0].level == severity::critical));
  BOOST_TEST_REQUIRE(fs[0].evidence.size() == 2U);
  BOOST_TEST(fs[0].evidence[0] == "controller 0 / VD 0: current write policy = write_back");
  BOOST_TEST(fs[0].evidence[1] == "controller 0: battery.state = failed");

  inv = healthy();
  inv.controllers[0].battery = {};
  inv.controllers[0].battery.present = false;
  fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].evidence[1] == "controller 0: battery.present = false");

  inv = healthy();
  inv.controllers[0].battery.state = battery_state::charging;
  inv.controllers[0].virtual_drives[0].current_policy.write = write_policy::always_write_back;
  fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST((fs[0].level == severity::warning));

  // Unknown battery (the tool did not say): no finding rather than a guess.
  inv = healthy();
  inv.controllers[0].battery = {};
  BOOST_TEST(check_inventory(inv).empty());
  // Write-through with a failed battery is safe.
  inv = healthy();
  inv.controllers[0].battery.state = battery_state::failed;
  inv.controllers[0].virtual_drives[0].current_policy.write = write_policy::write_through;
  inv.controllers[0].virtual_drives[0].default_policy.write = write_policy::write_through;
  BOOST_TEST(check_inventory(inv).empty());
}

BOOST_AUTO_TEST_CASE(write_through_while_default_write_back) {
  auto inv = healthy();
  inv.controllers[0].virtual_drives[0].current_policy.write = write_policy::write_through;
  inv.controllers[0].battery.state = battery_state::learning;
  const auto fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].check == "write_through_fallback");
  BOOST_TEST((fs[0].level == severity::warning));
  BOOST_TEST(fs[0].evidence.size() == 3U);
  BOOST_TEST(fs[0].evidence[2] == "controller 0: battery.state = learning");
}

BOOST_AUTO_TEST_CASE(degraded_and_rebuilding_arrays) {
  auto inv = healthy();
  inv.controllers[0].virtual_drives[0].state = vd_state::degraded;
  auto fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].check == "array_not_optimal");
  BOOST_TEST((fs[0].level == severity::critical));

  // Degraded and rebuilding: two facts, two findings; the lost redundancy stays critical.
  inv.controllers[0].virtual_drives[0].operation = vd_operation::rebuild;
  inv.controllers[0].virtual_drives[0].progress_percent = 30;
  fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 2U);
  BOOST_TEST(fs[0].check == "array_not_optimal");
  BOOST_TEST((fs[0].level == severity::critical));
  BOOST_TEST(fs[0].evidence.size() == 2U);
  BOOST_TEST(fs[1].check == "array_busy");
  BOOST_TEST((fs[1].level == severity::warning));
  BOOST_TEST(fs[1].evidence.back() == "controller 0 / VD 0: progress = 30%");

  // A resync on a healthy array: only the warning; a delayed one says it has not started.
  inv.controllers[0].virtual_drives[0].state = vd_state::optimal;
  inv.controllers[0].virtual_drives[0].operation = vd_operation::resync;
  inv.controllers[0].virtual_drives[0].progress_percent.reset();
  fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].check == "array_busy");
  BOOST_TEST(fs[0].evidence.back() == "controller 0 / VD 0: progress = not started (waiting)");

  // A container has no state of its own: nothing to report.
  inv.controllers[0].virtual_drives[0] = {};
  inv.controllers[0].virtual_drives[0].kind = vd_kind::container;
  BOOST_TEST(check_inventory(inv).empty());
}

BOOST_AUTO_TEST_CASE(failed_and_predictive_failure_drives) {
  auto inv = healthy();
  auto& d = inv.controllers[0].physical_drives[0];
  d.state = pd_state::failed;
  d.predictive_failures = 3;
  d.smart_alert = true;
  const auto fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 2U);
  BOOST_TEST(fs[0].check == "drive_failed");
  BOOST_TEST(fs[0].evidence.at(0) == "controller 0 / drive 32:0: state = failed");
  BOOST_TEST(fs[1].check == "drive_predictive_failure");
  BOOST_TEST(fs[1].evidence.size() == 2U);
}

BOOST_AUTO_TEST_CASE(drive_cache_enabled_behind_write_back) {
  auto inv = healthy();
  inv.controllers[0].virtual_drives[0].current_policy.disk_cache = disk_cache_policy::enabled;
  auto fs = check_inventory(inv);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].check == "drive_cache_enabled");
  BOOST_TEST((fs[0].level == severity::warning));

  inv = healthy();
  inv.controllers[0].physical_drives[0].write_cache = true;
  inv.controllers[0].battery.present = false;
  fs = check_inventory(inv);
  const auto* f = find(fs, "drive_cache_enabled");
  BOOST_TEST_REQUIRE(f != nullptr);
  BOOST_TEST((f->level == severity::critical));
  BOOST_TEST(find(fs, "write_back_unprotected") != nullptr);

  // Behind a write-through VD the drive cache check stays quiet.
  inv = healthy();
  inv.controllers[0].virtual_drives[0].current_policy.write = write_policy::write_through;
  inv.controllers[0].virtual_drives[0].default_policy.write = write_policy::write_through;
  inv.controllers[0].virtual_drives[0].current_policy.disk_cache = disk_cache_policy::enabled;
  BOOST_TEST(check_inventory(inv).empty());
}

BOOST_AUTO_TEST_CASE(real_captures) {
  // LDInfo with disk cache Enabled on a write-back VD (the battery is not in this dump).
  const auto mix = parse_any(test::read_fixture("controllers/megacli/ldinfo-raid1-raid0-mix-writeback.txt"));
  const auto fs = check_inventory(*mix);
  BOOST_TEST_REQUIRE(fs.size() == 1U);
  BOOST_TEST(fs[0].check == "drive_cache_enabled");
  BOOST_TEST(fs[0].evidence.at(0) == "controller 0 / VD 1: disk cache policy = enabled");

  // Write-through by configuration, healthy: nothing.
  BOOST_TEST(check_inventory(*parse_any(test::read_fixture("controllers/megacli/ldinfo-many-raid0-write-through.txt"))).empty());
  BOOST_TEST(check_inventory(*parse_any(test::read_fixture("controllers/storcli/call-show-all-3ctrl-ok.txt"))).empty());
  BOOST_TEST(check_inventory(*parse_any(test::read_fixture("controllers/storcli/call-show-J-avago-3108-raid6.txt"))).empty());

  // The PERC H730 seed dumps merged: write-back with an optimal BBU, nothing to report.
  auto h730 = parse_any(test::read_fixture("seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt")).value();
  merge(h730, parse_any(test::read_fixture("seed-outputs/megacli-ldgetprop-cache-perc-h730.txt")).value());
  merge(h730, parse_any(test::read_fixture("seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt")).value());
  BOOST_TEST(check_inventory(h730).empty());
}

BOOST_AUTO_TEST_SUITE_END()
