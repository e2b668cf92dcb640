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
    const verdict v = write_back_without_battery(&inv);
    BOOST_TEST(v.fired);
    BOOST_TEST_REQUIRE(v.evidence.size() == 1u);
    BOOST_TEST(v.evidence[0] == "controller 0 / VD 0: write_back while battery " + std::string(to_string(state)));
  }
  auto absent = one_controller(write_policy::always_write_back, battery_state::optimal);
  absent.controllers[0].battery.present = false;
  BOOST_TEST(write_back_without_battery(&absent).fired);
}

BOOST_AUTO_TEST_CASE(healthy_battery_write_through_unknown_or_no_inventory_do_not_fire) {
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!write_back_without_battery(&healthy).fired);
  const auto through = one_controller(write_policy::write_through, battery_state::failed);
  BOOST_TEST(!write_back_without_battery(&through).fired);
  const auto unknown = one_controller(write_policy::write_back, std::nullopt);
  const verdict u = write_back_without_battery(&unknown);
  BOOST_TEST(!u.fired);
  BOOST_TEST(u.message == "write-back caches, battery state unknown");
  BOOST_TEST(!write_back_without_battery(nullptr).fired);
}

BOOST_AUTO_TEST_CASE(policy_fallback_fires_and_matching_policies_do_not) {
  const auto fallback = one_controller(write_policy::write_through, battery_state::learning);
  const verdict v = policy_differs_from_default(&fallback);
  BOOST_TEST(v.fired);
  BOOST_TEST_REQUIRE(v.evidence.size() == 1u);
  BOOST_TEST(v.evidence[0] == "controller 0 / VD 0: write policy write_back by default, write_through now");
  auto read = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!policy_differs_from_default(&read).fired);
  read.controllers[0].virtual_drives[0].default_policy.read = read_policy::read_ahead;
  BOOST_TEST(!policy_differs_from_default(&read).fired);  // current read policy unknown: no difference claimed
  read.controllers[0].virtual_drives[0].current_policy.read = read_policy::no_read_ahead;
  BOOST_TEST(policy_differs_from_default(&read).fired);
  BOOST_TEST(!policy_differs_from_default(nullptr).fired);
}

BOOST_AUTO_TEST_SUITE_END()
