// Controller rules: write-back without a healthy battery, current policy differing from default.
#include "raidbench/verdict/controller_cache.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(controller_cache_test)

BOOST_AUTO_TEST_CASE(write_back_with_a_failed_or_learning_battery_fires) {
  for (auto state : {battery_state::failed, battery_state::learning, battery_state::missing}) {
    const auto inv = one_controller(write_policy::write_back, state);
    const verdict v = write_back_without_battery(&inv, held_by_first_controller());
    BOOST_TEST(v.fired);
    BOOST_TEST_REQUIRE(v.evidence.size() == 2u);
    BOOST_TEST(v.evidence[0] == "controller 0 / VD 0: write_back while battery " + std::string(to_string(state)));
    BOOST_TEST(v.evidence[1] == "judged on what holds the device under test");
    // A learn cycle reduces the protection for a while; rb-ctrl says the same (controller/protection.hpp).
    BOOST_TEST((v.level == (state == battery_state::learning ? severity::warning : severity::critical)));
  }
  auto absent = one_controller(write_policy::always_write_back, battery_state::optimal);
  absent.controllers[0].battery.present = false;
  BOOST_TEST(write_back_without_battery(&absent, held_by_first_controller()).fired);
}

BOOST_AUTO_TEST_CASE(healthy_battery_write_through_unknown_or_no_inventory_do_not_fire) {
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!write_back_without_battery(&healthy, held_by_first_controller()).fired);
  const auto through = one_controller(write_policy::write_through, battery_state::failed);
  BOOST_TEST(!write_back_without_battery(&through, held_by_first_controller()).fired);
  const auto unknown = one_controller(write_policy::write_back, std::nullopt);
  const verdict u = write_back_without_battery(&unknown, held_by_first_controller());
  BOOST_TEST(!u.fired);
  BOOST_TEST(u.message == "write-back caches, battery state unknown");
  BOOST_TEST(!write_back_without_battery(nullptr, held_by_first_controller()).fired);
}

BOOST_AUTO_TEST_CASE(policy_fallback_fires_and_matching_policies_do_not) {
  const auto fallback = one_controller(write_policy::write_through, battery_state::learning);
  const verdict v = policy_differs_from_default(&fallback, held_by_first_controller());
  BOOST_TEST(v.fired);
  BOOST_TEST_REQUIRE(v.evidence.size() == 2u);
  BOOST_TEST(v.evidence[0] == "controller 0 / VD 0: write policy write_back by default, write_through now");
  auto read = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!policy_differs_from_default(&read, held_by_first_controller()).fired);
  read.controllers[0].virtual_drives[0].default_policy.read = read_policy::read_ahead;
  BOOST_TEST(!policy_differs_from_default(&read, held_by_first_controller()).fired);  // current read policy unknown: no difference claimed
  read.controllers[0].virtual_drives[0].current_policy.read = read_policy::no_read_ahead;
  BOOST_TEST(policy_differs_from_default(&read, held_by_first_controller()).fired);
  BOOST_TEST(!policy_differs_from_default(nullptr, held_by_first_controller()).fired);
}

BOOST_AUTO_TEST_CASE(an_inventory_not_tied_to_the_device_is_judged_but_never_reassures) {
  const auto failed = one_controller(write_policy::write_back, battery_state::failed);
  const verdict v = write_back_without_battery(&failed, untied());
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message.find("not tied to the device under test") != std::string::npos);
  BOOST_TEST(v.evidence.back() == "the inventory given could not be tied to the device under test (vda)");
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  const verdict h = write_back_without_battery(&healthy, untied());
  BOOST_TEST(!h.fired);
  BOOST_TEST(h.message.find("healthy") == std::string::npos);
  BOOST_TEST(h.message.find("says nothing about the device under test") != std::string::npos);
  const auto fallback = one_controller(write_policy::write_through, battery_state::learning);
  const verdict p = policy_differs_from_default(&fallback, untied());
  BOOST_TEST(p.fired);
  BOOST_TEST(p.message.find("not tied to the device under test") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(only_the_virtual_drive_that_holds_the_device_is_judged) {
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  virtual_drive other = inv.controllers[0].virtual_drives[0];
  other.id = 1;
  other.current_policy.write = write_policy::write_through;  // VD 1 fell back; VD 0 holds the device
  inv.controllers[0].virtual_drives.push_back(other);
  auto held = held_by_first_controller();
  BOOST_TEST(policy_differs_from_default(&inv, held).fired);  // which VD unknown: all of them
  held.ties[0].virtual_drive = 0;
  BOOST_TEST(!policy_differs_from_default(&inv, held).fired);
  held.ties[0].virtual_drive = 1;
  BOOST_TEST(policy_differs_from_default(&inv, held).fired);
}

BOOST_AUTO_TEST_SUITE_END()
