// Rule array_busy: one warning per array running background work (an md array under the files that
// resyncs, recovers or checks; a controller's virtual drive with an operation), with its progress.
#include "raidbench/verdict/array_busy.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(array_busy_test)

using rule_of_test = rule::array_busy;

BOOST_AUTO_TEST_CASE(an_md_array_under_the_files_that_syncs_is_busy) {
  auto c = one_disk("sata", true);
  block_node md;
  md.name = "md0";
  md.kind = block_kind::md;
  md.below = {"sda"};
  md.md_degraded = 0;
  md.md_sync_action = "idle";
  c.devices.insert(c.devices.begin(), md);
  const verdict idle = only(judged_by<rule_of_test>(facts{&c, nullptr, {}, {}, {}}));
  BOOST_TEST(!idle.fired);
  BOOST_TEST(idle.message == "no array runs background work (no controller inventory)");
  for (const char* action : {"resync", "recover", "check", "reshape"}) {
    c.devices[0].md_sync_action = action;
    const verdict v = only(judged_by<rule_of_test>(facts{&c, nullptr, {}, {}, {}}));
    BOOST_TEST(v.fired, action);
    BOOST_TEST(v.subject == "md0");
    BOOST_TEST((v.level == severity::warning));
    BOOST_TEST(v.evidence == (std::vector<std::string>{std::string("md0: sync action ") + action}));
  }
}

BOOST_AUTO_TEST_CASE(a_virtual_drive_with_an_operation_is_busy_with_its_progress) {
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  auto& vd = inv.controllers[0].virtual_drives[0];
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
  // Degraded and rebuilding: the lost redundancy is degraded_array's, the rebuild is this rule's.
  vd.state = vd_state::degraded;
  vd.operation = vd_operation::rebuild;
  vd.progress_percent = 30;
  verdict v = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.subject == "controller 0 / VD 0");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message == "the array is running a rebuild: background work makes benchmark figures unrepresentative");
  BOOST_TEST(v.evidence == (std::vector<std::string>{"controller 0 / VD 0: operation = rebuild", "controller 0 / VD 0: progress = 30%"}));
  // A resync on a healthy array; a delayed one says it has not started.
  vd.state = vd_state::optimal;
  vd.operation = vd_operation::resync;
  vd.progress_percent.reset();
  v = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.evidence.back() == "controller 0 / VD 0: progress = not started (waiting)");
  vd.progress_percent = 12.6;
  BOOST_TEST(only(judged_by<rule_of_test>(alone(inv))).evidence.back() == "controller 0 / VD 0: progress = 12.6%");
}

BOOST_AUTO_TEST_CASE(busy_is_never_more_than_a_warning) {
  const storage_context disk = one_disk("scsi", true);
  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  for (auto op : {vd_operation::rebuild, vd_operation::resync, vd_operation::reshape, vd_operation::check,
                  vd_operation::repair, vd_operation::initialize, vd_operation::verify}) {
    inv.controllers[0].virtual_drives[0].operation = op;
    for (const facts& f : {alone(inv), facts{&disk, &inv, held_by_first_controller(), {}, {}}, facts{&disk, &inv, untied(), {}, {}}}) {
      const verdict v = only(judged_by<rule_of_test>(f));
      BOOST_TEST(v.fired, to_string(op));
      BOOST_TEST((v.level == severity::warning));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
