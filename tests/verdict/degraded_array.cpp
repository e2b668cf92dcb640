// Rule degraded_array: one verdict per array that is degraded, failed or offline: an md array under
// the files with members missing, or a controller's virtual drive in any known state but optimal.
// Critical when redundancy is lost or data unavailable, a warning when only impaired; background
// work alone is array_busy's.
#include "raidbench/verdict/degraded_array.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(degraded_array_test)

using rule_of_test = rule::degraded_array;

// ext4 on md0 (RAID 1 of two members) over sda.
storage_context over_md(unsigned missing, std::string sync_action) {
  auto c = one_disk("sata", true);
  block_node md;
  md.name = "md0";
  md.kind = block_kind::md;
  md.below = {"sda"};
  md.md_level = "raid1";
  md.md_raid_disks = 2;
  md.md_degraded = missing;
  md.md_sync_action = std::move(sync_action);
  c.devices.insert(c.devices.begin(), md);
  return c;
}

BOOST_AUTO_TEST_CASE(an_md_array_under_the_files_with_members_missing_is_critical) {
  const storage_context healthy = over_md(0, "idle");
  BOOST_TEST(!only(judged_by<rule_of_test>(facts{&healthy, nullptr, {}, {}, {}})).fired);
  // A recovery with every member present is background work (array_busy), not a degraded array.
  const storage_context recovering = over_md(0, "recover");
  BOOST_TEST(!only(judged_by<rule_of_test>(facts{&recovering, nullptr, {}, {}, {}})).fired);
  const storage_context degraded = over_md(1, "idle");
  check_fired(only(judged_by<rule_of_test>(facts{&degraded, nullptr, {}, {}, {}})), "md0", severity::critical,
              {"md0 (raid1): 1 of 2 members missing"});
}

BOOST_AUTO_TEST_CASE(a_virtual_drive_in_any_state_but_optimal_fires_critical_when_broken) {
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
  for (auto state : {vd_state::degraded, vd_state::partially_degraded, vd_state::impacted, vd_state::inactive,
                     vd_state::offline, vd_state::failed}) {
    const std::string name(to_string(state));
    BOOST_TEST_CONTEXT(name) {
      inv.controllers[0].virtual_drives[0].state = state;
      const verdict v = only(judged_by<rule_of_test>(alone(inv)));
      // Only `impacted` keeps redundancy: the controller reports the array impaired, nothing lost.
      check_fired(v, "controller 0 / VD 0", state == vd_state::impacted ? severity::warning : severity::critical,
                  {"controller 0 / VD 0: state = " + name});
      BOOST_TEST(v.message == "the array is " + name +
                                  (state == vd_state::impacted ? ": the controller reports it impaired"
                                                               : ": redundancy is lost or data is unavailable"));
    }
  }
}

BOOST_AUTO_TEST_CASE(one_verdict_per_sick_array_and_none_on_an_array_without_a_state) {
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  controller& c = inv.controllers[0];
  c.virtual_drives[0].state = vd_state::degraded;
  c.virtual_drives[0].operation = vd_operation::rebuild;  // array_busy's: the state alone is evidence here
  virtual_drive well = c.virtual_drives[0];
  well.id = 1;
  well.state = vd_state::optimal;
  well.operation.reset();
  virtual_drive container;  // an IMSM container: no state of its own
  container.id = 2;
  container.kind = vd_kind::container;
  virtual_drive offline = well;
  offline.id = 3;
  offline.state = vd_state::offline;
  c.virtual_drives.insert(c.virtual_drives.end(), {well, container, offline});
  const auto vs = exactly(2, judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(vs[0].subject == "controller 0 / VD 0");
  BOOST_TEST(vs[0].evidence.size() == 1u);
  BOOST_TEST(vs[1].subject == "controller 0 / VD 3");
}

BOOST_AUTO_TEST_CASE(beside_a_run_only_what_holds_the_device_counts_at_full_weight) {
  const storage_context disk = one_disk("scsi", true);
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  inv.controllers[0].virtual_drives[0].state = vd_state::degraded;
  const verdict held = only(judged_by<rule_of_test>(facts{&disk, &inv, held_by_first_controller(), {}, {}}));
  BOOST_TEST((held.level == severity::critical));
  BOOST_TEST(held.evidence.back() == "judged on what holds the device under test");
  // Not tied to the device (ownership unknown): the sick array may be another's, so a warning.
  const verdict untied_v = only(judged_by<rule_of_test>(facts{&disk, &inv, {}, {}, {}}));
  BOOST_TEST(untied_v.fired);
  BOOST_TEST((untied_v.level == severity::warning));
  BOOST_TEST(untied_v.message.ends_with("; the inventory is not tied to the device under test, so the figures may not involve it"));
  // Tied to another virtual drive of the controller: the sick one is not under test.
  auto other = held_by_first_controller();
  virtual_drive well = inv.controllers[0].virtual_drives[0];
  well.id = 1;
  well.state = vd_state::optimal;
  inv.controllers[0].virtual_drives.push_back(well);
  other.ties[0].virtual_drive = 1;
  BOOST_TEST(!only(judged_by<rule_of_test>(facts{&disk, &inv, other, {}, {}})).fired);
}

BOOST_AUTO_TEST_CASE(without_context_or_inventory_nothing_is_judged_and_it_says_so) {
  BOOST_TEST(only(judged_by<rule_of_test>(facts{})).message == "no controller inventory");
  const storage_context disk = one_disk("scsi", true);
  BOOST_TEST(only(judged_by<rule_of_test>(facts{&disk, nullptr, {}, {}, {}})).message ==
             "no degraded array seen (no controller inventory)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
