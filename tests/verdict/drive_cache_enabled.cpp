// Rule drive_cache_enabled: the drives' volatile write caches on behind a write-back controller
// cache, which the controller's battery does not cover: one verdict per virtual drive whose disk
// cache policy is enabled, and per drive that reports its own cache on; a warning, as grave as the
// battery's gap when it has one.
#include "raidbench/verdict/drive_cache_enabled.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(drive_cache_enabled_test)

using rule_of_test = rule::drive_cache_enabled;

BOOST_AUTO_TEST_CASE(a_virtual_drives_disk_cache_behind_write_back_warns) {
  auto inv = with_one_drive(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
  inv.controllers[0].virtual_drives[0].current_policy.disk_cache = disk_cache_policy::enabled;
  check_fired(only(judged_by<rule_of_test>(alone(inv))), "controller 0 / VD 0", severity::warning,
              {"controller 0 / VD 0: disk cache policy = enabled", "controller 0 / VD 0: current write policy = write_back"});
  // Behind a write-through VD the drives' caches are the only cache: nothing to add to.
  inv.controllers[0].virtual_drives[0].current_policy.write = write_policy::write_through;
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
}

BOOST_AUTO_TEST_CASE(a_drives_own_cache_is_as_grave_as_the_batterys_gap) {
  auto inv = with_one_drive(write_policy::write_back, battery_state::optimal);
  inv.controllers[0].physical_drives[0].write_cache = true;
  const verdict healthy = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(healthy.subject == "controller 0 / drive 32:0");
  BOOST_TEST((healthy.level == severity::warning));
  BOOST_TEST(healthy.evidence == (std::vector<std::string>{"controller 0 / drive 32:0: write cache = enabled"}));
  inv.controllers[0].battery.state = battery_state::learning;
  const verdict learning = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST((learning.level == severity::warning));
  BOOST_TEST(learning.evidence.back() == "controller 0: battery.state = learning");
  inv.controllers[0].battery.present = false;
  // The whole judgement: the drive's cache and the write-back cache itself are both critical.
  const auto all = judge(alone(inv));
  const verdict absent = only(of_rule(all, "drive_cache_enabled"));
  BOOST_TEST((absent.level == severity::critical));
  BOOST_TEST(absent.evidence.back() == "controller 0: battery.present = false");
  BOOST_TEST((only(of_rule(all, "write_back_without_battery")).level == severity::critical));
  // No cache of the controller writes back: the drives' caches are not behind one.
  inv.controllers[0].virtual_drives[0].current_policy.write = write_policy::write_through;
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
}

BOOST_AUTO_TEST_CASE(a_real_ldinfo_with_the_disk_cache_enabled_on_a_write_back_vd) {
  // LDInfo with disk cache Enabled on VD 1 (write-back); the battery is not in this dump.
  const auto mix = capture({"controllers/megacli/ldinfo-raid1-raid0-mix-writeback.txt"});
  const auto all = judge(alone(mix));
  BOOST_TEST_REQUIRE(fired(all).size() == 1u);
  const verdict v = fired(all)[0];
  BOOST_TEST(v.rule == "drive_cache_enabled");
  BOOST_TEST(v.subject == "controller 0 / VD 1");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.evidence.at(0) == "controller 0 / VD 1: disk cache policy = enabled");
  // The battery's state unknown: the write-back verdict says so rather than reassure.
  BOOST_TEST(only(of_rule(all, "write_back_without_battery")).message == "write-back caches, battery state unknown");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
