// Rule write_back_without_battery: one verdict per virtual drive whose cache writes back while its
// controller's battery is known not to protect it; judged alone (rb-ctrl), on what holds the
// device under test, and on an inventory not tied to it (a warning at most, and never reassuring).
#include "raidbench/verdict/write_back_without_battery.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(write_back_without_battery_test)

using rule_of_test = rule::write_back_without_battery;

BOOST_AUTO_TEST_CASE(a_failed_learning_or_missing_battery_fires_on_the_virtual_drive) {
  const storage_context disk = one_disk("scsi", true);
  for (auto state : {battery_state::failed, battery_state::learning, battery_state::missing}) {
    BOOST_TEST_CONTEXT("battery " << to_string(state)) {
      const auto inv = one_controller(write_policy::write_back, state);
      const verdict v = only(judged_by<rule_of_test>(facts{&disk, &inv, held_by_first_controller(), {}, {}}));
      BOOST_TEST(v.rule == "write_back_without_battery");
      BOOST_TEST(v.subject == "controller 0 / VD 0");
      BOOST_TEST(v.fired);
      BOOST_TEST(v.message == "the cache writes back while its battery does not protect it (battery " +
                                  std::string(to_string(state)) + "): a power loss can lose acknowledged writes");
      BOOST_TEST(v.evidence == (std::vector<std::string>{"controller 0 / VD 0: current write policy = write_back",
                                                         "controller 0: battery.state = " + std::string(to_string(state)),
                                                         "judged on what holds the device under test"}));
      // A learn cycle reduces the protection for a while; failed or missing, it is gone.
      BOOST_TEST((v.level == (state == battery_state::learning ? severity::warning : severity::critical)));
      // Judged on its own (rb-ctrl), the same verdict without the sentence on the device under test.
      verdict by_itself = v;
      by_itself.evidence.pop_back();
      BOOST_TEST((only(judged_by<rule_of_test>(alone(inv))) == by_itself));
    }
  }
}

BOOST_AUTO_TEST_CASE(an_absent_battery_none_fitted_or_one_to_replace_is_critical) {
  auto inv = one_controller(write_policy::always_write_back, battery_state::optimal);
  inv.controllers[0].battery.present = false;
  verdict v = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::critical));
  BOOST_TEST(v.evidence == (std::vector<std::string>{"controller 0 / VD 0: current write policy = always_write_back",
                                                     "controller 0: battery.present = false"}));
  inv = one_controller(write_policy::write_back, std::nullopt);
  inv.controllers[0].battery.kind = battery_kind::none;
  v = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::critical));
  BOOST_TEST(v.evidence.back() == "controller 0: battery.kind = none");
  inv = one_controller(write_policy::write_back, battery_state::optimal);
  inv.controllers[0].battery.replacement_required = true;
  v = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST((v.level == severity::critical));
  BOOST_TEST(v.evidence.back() == "controller 0: battery.replacement_required = true");
  // A charge or a discharge passes on its own, like a learn cycle.
  for (auto state : {battery_state::charging, battery_state::discharging, battery_state::degraded}) {
    inv = one_controller(write_policy::write_back, state);
    BOOST_TEST((only(judged_by<rule_of_test>(alone(inv))).level == severity::warning), to_string(state));
  }
}

BOOST_AUTO_TEST_CASE(a_healthy_battery_write_through_an_unknown_battery_or_no_inventory_do_not_fire) {
  const storage_context disk = one_disk("scsi", true);
  const auto quiet = [&](const inventory* inv) {
    const verdict v = only(judged_by<rule_of_test>(facts{&disk, inv, held_by_first_controller(), {}, {}}));
    BOOST_TEST(!v.fired);
    BOOST_TEST(v.subject == "");
    BOOST_TEST(v.evidence.empty());
    return v.message;
  };
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(quiet(&healthy) == "every write-back cache has a healthy battery, or none writes back");
  // Write-through with a failed battery loses nothing the cache held.
  const auto through = one_controller(write_policy::write_through, battery_state::failed);
  BOOST_TEST(quiet(&through) == "every write-back cache has a healthy battery, or none writes back");
  // The tool did not say how the battery is: no guess either way.
  const auto unknown = one_controller(write_policy::write_back, std::nullopt);
  BOOST_TEST(quiet(&unknown) == "write-back caches, battery state unknown");
  BOOST_TEST(quiet(nullptr) == "no controller inventory");
  const inventory empty;
  BOOST_TEST(quiet(&empty) == "no controller inventory");
}

BOOST_AUTO_TEST_CASE(each_virtual_drive_is_a_subject_and_takes_its_controllers_policy_when_it_has_none) {
  auto inv = one_controller(write_policy::write_back, battery_state::failed);
  controller& c = inv.controllers[0];
  virtual_drive through = c.virtual_drives[0];
  through.id = 1;
  through.current_policy.write = write_policy::write_through;
  virtual_drive inherits = c.virtual_drives[0];
  inherits.id = std::nullopt;  // named by its position: "#3"
  inherits.current_policy.write.reset();
  c.current_policy.write = write_policy::write_back;
  c.virtual_drives.push_back(through);
  c.virtual_drives.push_back(inherits);
  const auto vs = exactly(2, judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(vs[0].subject == "controller 0 / VD 0");
  BOOST_TEST(vs[1].subject == "controller 0 / VD #3");
  BOOST_TEST(vs[1].evidence[0] == "controller 0 / VD #3: current write policy = write_back");
  for (const auto& v : vs) BOOST_TEST((v.fired && v.level == severity::critical));
}

BOOST_AUTO_TEST_CASE(an_inventory_not_tied_to_the_device_is_judged_but_never_reassures) {
  const storage_context disk = one_disk("virtio", std::nullopt);
  const auto failed = one_controller(write_policy::write_back, battery_state::failed);
  const verdict v = only(judged_by<rule_of_test>(facts{&disk, &failed, untied(), {}, {}}));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.subject == "controller 0 / VD 0");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message.find("not tied to the device under test") != std::string::npos);
  BOOST_TEST(v.evidence.back() == "the inventory given could not be tied to the device under test (vda)");
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  const verdict h = only(judged_by<rule_of_test>(facts{&disk, &healthy, untied(), {}, {}}));
  BOOST_TEST(!h.fired);
  BOOST_TEST(h.message.ends_with("; the inventory given could not be tied to the device under test, so what it shows "
                                 "says nothing about it"));
  // An inventory that does not hold the device is not judged at all.
  const verdict n = only(judged_by<rule_of_test>(
      facts{&disk, &failed, tied("vda", ownership::does_not_own, "vda is a virtio disk"), {}, {}}));
  BOOST_TEST(!n.fired);
  BOOST_TEST(n.message == "the inventory given does not hold the device under test: what it says is not about it");
}

BOOST_AUTO_TEST_CASE(only_the_virtual_drive_that_holds_the_device_is_judged) {
  const storage_context disk = one_disk("scsi", true);
  auto inv = one_controller(write_policy::write_back, battery_state::failed);
  virtual_drive through = inv.controllers[0].virtual_drives[0];
  through.id = 1;
  through.current_policy.write = write_policy::write_through;
  inv.controllers[0].virtual_drives.push_back(through);
  auto held = held_by_first_controller();
  held.ties[0].virtual_drive = 1;
  BOOST_TEST(!only(judged_by<rule_of_test>(facts{&disk, &inv, held, {}, {}})).fired);
  held.ties[0].virtual_drive = 0;
  BOOST_TEST(only(judged_by<rule_of_test>(facts{&disk, &inv, held, {}, {}})).subject == "controller 0 / VD 0");
  // A drive the controller passes through is not behind its cache.
  held.ties[0].virtual_drive.reset();
  held.ties[0].pass_through = true;
  BOOST_TEST(!only(judged_by<rule_of_test>(facts{&disk, &inv, held, {}, {}})).fired);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
