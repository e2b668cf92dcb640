// Rule policy_differs_from_default: one warning per virtual drive (or controller) whose known
// current cache policy differs from its known default; a write-back VD fallen back to write-through
// says so and names the battery's state.
#include "raidbench/verdict/policy_differs_from_default.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(policy_differs_from_default_test)

using rule_of_test = rule::policy_differs_from_default;

BOOST_AUTO_TEST_CASE(write_through_while_configured_write_back_fires_with_the_battery_as_evidence) {
  const auto fallback = one_controller(write_policy::write_through, battery_state::learning);
  const verdict v = only(judged_by<rule_of_test>(alone(fallback)));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.rule == "policy_differs_from_default");
  BOOST_TEST(v.subject == "controller 0 / VD 0");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message.starts_with("runs write-through although configured write-back"));
  BOOST_TEST(v.evidence == (std::vector<std::string>{"controller 0 / VD 0: write policy write_back by default, write_through now",
                                                     "controller 0: battery.state = learning"}));
  // Beside a run, on what holds the device: the same, and says so.
  const storage_context disk = one_disk("scsi", true);
  const verdict held = only(judged_by<rule_of_test>(facts{&disk, &fallback, held_by_first_controller(), {}, {}}));
  BOOST_TEST(held.evidence.back() == "judged on what holds the device under test");
  BOOST_TEST((held.level == severity::warning));
}

BOOST_AUTO_TEST_CASE(other_policies_fire_only_when_both_sides_are_known) {
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
  auto& vd = inv.controllers[0].virtual_drives[0];
  vd.default_policy.read = read_policy::read_ahead;
  const verdict unknown = only(judged_by<rule_of_test>(alone(inv)));  // current read policy unknown: no difference claimed
  BOOST_TEST(!unknown.fired);
  BOOST_TEST(unknown.message == "current policies match the defaults (where both are known)");
  vd.current_policy.read = read_policy::no_read_ahead;
  const verdict read = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(read.fired);
  BOOST_TEST(read.message == "the cache runs with other policies than configured: the figures measure the fallback");
  BOOST_TEST(read.evidence == (std::vector<std::string>{"controller 0 / VD 0: read policy read_ahead by default, no_read_ahead now"}));
  // The controller's own policies are a subject of their own.
  inv.controllers[0].default_policy.io = io_policy::direct;
  inv.controllers[0].current_policy.io = io_policy::cached;
  const auto both = exactly(2, judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(both[0].subject == "controller 0");
  BOOST_TEST(both[0].evidence.at(0) == "controller 0: I/O policy direct by default, cached now");
  BOOST_TEST(both[1].subject == "controller 0 / VD 0");
}

BOOST_AUTO_TEST_CASE(no_inventory_says_so) {
  const storage_context disk = one_disk("scsi", true);
  BOOST_TEST(only(judged_by<rule_of_test>(facts{&disk, nullptr, {}, {}, {}})).message == "no controller inventory");
}

BOOST_AUTO_TEST_CASE(an_inventory_not_tied_to_the_device_warns_that_it_may_not_be_under_test) {
  const storage_context disk = one_disk("virtio", std::nullopt);
  const auto fallback = one_controller(write_policy::write_through, battery_state::learning);
  const verdict p = only(judged_by<rule_of_test>(facts{&disk, &fallback, untied(), {}, {}}));
  BOOST_TEST(p.fired);
  BOOST_TEST((p.level == severity::warning));
  BOOST_TEST(p.message.find("not tied to the device under test") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(only_the_virtual_drive_that_holds_the_device_is_judged) {
  const storage_context disk = one_disk("scsi", true);
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  virtual_drive other = inv.controllers[0].virtual_drives[0];
  other.id = 1;
  other.current_policy.write = write_policy::write_through;  // VD 1 fell back; VD 0 holds the device
  inv.controllers[0].virtual_drives.push_back(other);
  auto held = held_by_first_controller();
  // Which VD is unknown: all of them, and the one that fell back is the subject.
  BOOST_TEST(only(judged_by<rule_of_test>(facts{&disk, &inv, held, {}, {}})).subject == "controller 0 / VD 1");
  held.ties[0].virtual_drive = 0;
  BOOST_TEST(!only(judged_by<rule_of_test>(facts{&disk, &inv, held, {}, {}})).fired);
  held.ties[0].virtual_drive = 1;
  BOOST_TEST(only(judged_by<rule_of_test>(facts{&disk, &inv, held, {}, {}})).fired);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
