// Rule battery_unhealthy: a controller's battery judged on its own, one verdict per controller:
// failed, missing or to be replaced is critical; absent or none fitted is critical only where a cache
// is configured to write back; a charge, a discharge, a learn cycle or a degraded battery warns.
#include "raidbench/verdict/battery_unhealthy.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(battery_unhealthy_test)

using rule_of_test = rule::battery_unhealthy;

BOOST_AUTO_TEST_CASE(failed_missing_or_to_be_replaced_is_critical) {
  for (auto state : {battery_state::failed, battery_state::missing}) {
    const std::string name(to_string(state));
    // Whatever the caches do: a failed battery is a fault of its own.
    const auto inv = one_controller(write_policy::write_through, state);
    const verdict v = only(judged_by<rule_of_test>(alone(inv)));
    BOOST_TEST(v.fired, name);
    BOOST_TEST(v.rule == "battery_unhealthy");
    BOOST_TEST(v.subject == "controller 0");
    BOOST_TEST((v.level == severity::critical));
    BOOST_TEST(v.message == "battery " + name + ": the cache is not protected against a power loss");
    BOOST_TEST(v.evidence == (std::vector<std::string>{"controller 0: battery.state = " + name}));
  }
  auto replace = one_controller(write_policy::write_back, battery_state::optimal);
  replace.controllers[0].battery.replacement_required = true;
  const verdict r = only(judged_by<rule_of_test>(alone(replace)));
  BOOST_TEST((r.level == severity::critical));
  BOOST_TEST(r.evidence == (std::vector<std::string>{"controller 0: battery.replacement_required = true"}));
}

BOOST_AUTO_TEST_CASE(a_charge_a_discharge_a_learn_cycle_or_a_degraded_battery_warns) {
  for (auto state : {battery_state::charging, battery_state::discharging, battery_state::learning, battery_state::degraded}) {
    const std::string name(to_string(state));
    const auto inv = one_controller(write_policy::write_back, state);
    const verdict v = only(judged_by<rule_of_test>(alone(inv)));
    BOOST_TEST(v.fired, name);
    BOOST_TEST((v.level == severity::warning));
    BOOST_TEST(v.message == "battery " + name + ": the cache's protection is reduced until it ends");
  }
}

BOOST_AUTO_TEST_CASE(an_optimal_or_unknown_battery_does_not_fire) {
  for (const auto state : {std::optional(battery_state::optimal), std::optional<battery_state>()}) {
    const auto inv = one_controller(write_policy::write_back, state);
    const verdict v = only(judged_by<rule_of_test>(alone(inv)));
    BOOST_TEST(!v.fired);
    BOOST_TEST(v.subject == "");
    BOOST_TEST(v.message == "no battery known to be unhealthy (or none needed)");
  }
}

BOOST_AUTO_TEST_CASE(no_battery_is_a_fault_only_where_a_cache_is_configured_to_write_back) {
  for (const bool none_fitted : {false, true}) {
    BOOST_TEST_CONTEXT((none_fitted ? "kind none" : "absent")) {
      auto inv = one_controller(write_policy::write_through, std::nullopt);
      battery& b = inv.controllers[0].battery;
      if (none_fitted) b.kind = battery_kind::none;
      else b.present = false;
      virtual_drive& vd = inv.controllers[0].virtual_drives[0];
      // Configured write-back (the default), running write-through: the battery is missed.
      const verdict configured = only(judged_by<rule_of_test>(alone(inv)));
      BOOST_TEST(configured.fired);
      BOOST_TEST((configured.level == severity::critical));
      BOOST_TEST(configured.evidence ==
                 (std::vector<std::string>{none_fitted ? "controller 0: battery.kind = none" : "controller 0: battery.present = false"}));
      // Write-through by configuration too, as an HBA or a deliberate setup: nothing is missing.
      vd.default_policy.write = write_policy::write_through;
      BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
      // A controller-wide write-back policy with no array yet still needs one.
      inv.controllers[0].virtual_drives.clear();
      inv.controllers[0].default_policy.write = write_policy::write_back;
      BOOST_TEST(only(judged_by<rule_of_test>(alone(inv))).fired);
    }
  }
}

BOOST_AUTO_TEST_CASE(one_verdict_per_controller_named_as_everywhere) {
  auto inv = one_controller(write_policy::write_back, battery_state::failed);
  controller second = inv.controllers[0];
  second.number.reset();  // named by its model
  second.battery.state = battery_state::learning;
  controller third = inv.controllers[0];
  third.number = 2;
  third.battery.state = battery_state::optimal;
  inv.controllers.push_back(second);
  inv.controllers.push_back(third);
  const auto vs = exactly(2, judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(vs[0].subject == "controller 0");
  BOOST_TEST((vs[0].level == severity::critical));
  BOOST_TEST(vs[1].subject == "controller 'PERC H710'");
  BOOST_TEST((vs[1].level == severity::warning));
}

BOOST_AUTO_TEST_CASE(beside_a_run_an_untied_inventory_warns_at_most) {
  const storage_context disk = one_disk("virtio", std::nullopt);
  const auto inv = one_controller(write_policy::write_back, battery_state::failed);
  const verdict held = only(judged_by<rule_of_test>(facts{&disk, &inv, held_by_first_controller(), {}, {}}));
  BOOST_TEST((held.level == severity::critical));
  const verdict v = only(judged_by<rule_of_test>(facts{&disk, &inv, untied(), {}, {}}));
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.evidence.back() == "the inventory given could not be tied to the device under test (vda)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
