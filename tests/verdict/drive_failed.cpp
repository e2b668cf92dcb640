// Rule drive_failed: one critical verdict per physical drive that is failed, offline, missing or
// unconfigured-bad, named as the tool names it.
#include "raidbench/verdict/drive_failed.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(drive_failed_test)

using rule_of_test = rule::drive_failed;

BOOST_AUTO_TEST_CASE(a_drive_lost_to_service_is_critical_and_no_other_state_fires) {
  auto inv = with_one_drive(write_policy::write_back, battery_state::optimal);
  for (auto state : {pd_state::online, pd_state::hot_spare, pd_state::rebuilding, pd_state::copyback,
                     pd_state::unconfigured_good, pd_state::unconfigured_bad, pd_state::jbod, pd_state::failed,
                     pd_state::offline, pd_state::missing}) {
    const std::string name(to_string(state));
    BOOST_TEST_CONTEXT(name) {
      inv.controllers[0].physical_drives[0].state = state;
      const verdict v = only(judged_by<rule_of_test>(alone(inv)));
      const bool lost = state == pd_state::failed || state == pd_state::offline || state == pd_state::missing ||
                        state == pd_state::unconfigured_bad;
      BOOST_TEST(v.fired == lost);
      if (lost) {
        BOOST_TEST(v.subject == "controller 0 / drive 32:0");
        BOOST_TEST((v.level == severity::critical));
        BOOST_TEST(v.message == "the drive is " + name);
        BOOST_TEST(v.evidence == (std::vector<std::string>{"controller 0 / drive 32:0: state = " + name}));
      } else {
        BOOST_TEST(v.message == "no failed drive seen");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(each_failed_drive_is_a_subject_named_by_its_address_or_position) {
  auto inv = with_one_drive(write_policy::write_back, battery_state::optimal);
  auto& drives = inv.controllers[0].physical_drives;
  drives[0].state = pd_state::failed;
  physical_drive by_slot;
  by_slot.enclosure = 252;
  by_slot.slot = 3;
  by_slot.device_id = 11;
  by_slot.state = pd_state::offline;
  physical_drive slot_only;
  slot_only.slot = 4;
  slot_only.state = pd_state::missing;
  physical_drive id_only;
  id_only.device_id = 12;
  id_only.state = pd_state::failed;
  physical_drive nothing;
  nothing.state = pd_state::unconfigured_bad;
  physical_drive well = drives[0];
  well.location = "32:1";
  well.state = pd_state::online;
  drives.insert(drives.end(), {by_slot, well, slot_only, id_only, nothing});
  std::vector<std::string> subjects;
  for (const auto& v : judged_by<rule_of_test>(alone(inv))) subjects.push_back(v.subject);
  BOOST_TEST(subjects == (std::vector<std::string>{"controller 0 / drive 32:0", "controller 0 / drive 252:3",
                                                    "controller 0 / drive slot 4", "controller 0 / drive id 12",
                                                    "controller 0 / drive #6"}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
