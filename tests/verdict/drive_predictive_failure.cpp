// Rule drive_predictive_failure: one warning per physical drive that predicts its own failure (a
// predictive failure count, a SMART alert), with each sign as evidence.
#include "raidbench/verdict/drive_predictive_failure.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(drive_predictive_failure_test)

using rule_of_test = rule::drive_predictive_failure;

BOOST_AUTO_TEST_CASE(a_predictive_failure_count_or_a_smart_alert_warns) {
  auto inv = with_one_drive(write_policy::write_back, battery_state::optimal);
  auto& d = inv.controllers[0].physical_drives[0];
  const verdict none = only(judged_by<rule_of_test>(alone(inv)));
  BOOST_TEST(!none.fired);
  BOOST_TEST(none.message == "no drive predicts its failure");
  d.predictive_failures = 3;
  d.smart_alert = true;
  check_fired(only(judged_by<rule_of_test>(alone(inv))), "controller 0 / drive 32:0", severity::warning,
              {"controller 0 / drive 32:0: predictive failures = 3", "controller 0 / drive 32:0: SMART alert = true"});
  d.predictive_failures = 0;
  BOOST_TEST(only(judged_by<rule_of_test>(alone(inv))).evidence ==
             (std::vector<std::string>{"controller 0 / drive 32:0: SMART alert = true"}));
  // A failed drive is drive_failed's; it does not predict anything of its own here.
  d.smart_alert.reset();
  d.state = pd_state::failed;
  BOOST_TEST(!only(judged_by<rule_of_test>(alone(inv))).fired);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
