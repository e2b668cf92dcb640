// The one entry of the judgement, judge(facts, rules): the shipped rules' stable ids in their order;
// a user's rule (a tag and a rule_traits specialisation, nothing else) appended to them reaches the
// output under its own id; a rule that throws costs only its own verdicts.
#include "raidbench/verdict/rule_list.hpp"

#include <span>
#include <stdexcept>

#include <boost/test/unit_test.hpp>

#include "make.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/inventory_scope.hpp"

// A user's rule, as a user writes one: drives hotter than 60 °C, judged on the parts in scope with
// the same helpers the shipped rules use.
namespace my_rules {
struct hot_drive {};
struct throws_an_exception {};
struct throws_something_else {};
}  // namespace my_rules

template <>
struct raidbench::rule_traits<my_rules::hot_drive> {
  static constexpr std::string_view name = "hot_drive";
  static void judge(const facts& f, std::vector<verdict>& out) {
    const std::size_t first = out.size();
    const scope where = scope_of(f);
    visit_judged_drives(f, [&](const controller&, const physical_drive& d, const std::string& subject, const std::string&) {
      if (d.temperature_celsius > 60.0)
        add_finding(f, where, out, subject, severity::warning, "the drive runs hot",
                    {subject + ": temperature = " + std::to_string(static_cast<int>(*d.temperature_celsius)) + " °C"});
    });
    if (out.size() == first) add_quiet(f, where, out, "no drive runs hot");
    out.back().rule = "a name judge() replaces";
  }
};

// Two slips: one verdict appended, then an exception, of the standard kind or not.
template <>
struct raidbench::rule_traits<my_rules::throws_an_exception> {
  static constexpr std::string_view name = "throws_an_exception";
  static void judge(const facts&, std::vector<verdict>& out) {
    out.push_back({"", "half done", true, severity::critical, "never shown", {}});
    throw std::runtime_error("no thermometer");
  }
};
template <>
struct raidbench::rule_traits<my_rules::throws_something_else> {
  static constexpr std::string_view name = "throws_something_else";
  static void judge(const facts&, std::vector<verdict>&) { throw 42; }
};

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(rule_list_test)

static_assert(verdict_rule<my_rules::hot_drive>);

// One controller with a drive at 32:0 at 71 °C and a failed one at 32:1.
inventory warm() {
  auto inv = with_one_drive(write_policy::write_back, battery_state::optimal);
  auto& drives = inv.controllers[0].physical_drives;
  drives[0].temperature_celsius = 71;
  physical_drive failed = drives[0];
  failed.location = "32:1";
  failed.state = pd_state::failed;
  failed.temperature_celsius = 35;
  drives.push_back(failed);
  return inv;
}

BOOST_AUTO_TEST_CASE(the_shipped_rules_keep_their_ids_and_order) {
  std::vector<std::string_view> ids;
  for (const auto& r : shipped_rules) ids.push_back(r.name);
  BOOST_TEST(ids == (std::vector<std::string_view>{"partition_misaligned", "pcie_link_below_max", "degraded_array",
                                                    "array_busy", "battery_unhealthy", "write_back_without_battery",
                                                    "policy_differs_from_default", "drive_failed", "drive_predictive_failure",
                                                    "drive_cache_enabled", "page_cache_reads", "rate_above_ceiling", "flush_faster_than_media",
                                                    "tool_overhead"}));
  // judge(facts) is judge over that table; the list and its table judge alike.
  const auto inv = warm();
  BOOST_TEST((judge(alone(inv)) == judge(alone(inv), builtin_rules)));
}

BOOST_AUTO_TEST_CASE(a_user_rule_appended_to_the_shipped_ones_reaches_the_judgement_under_its_id) {
  const auto inv = warm();
  const auto shipped = judge(alone(inv));
  constexpr auto mine = builtin_rules + rules<my_rules::hot_drive>;
  const auto all = judge(alone(inv), mine);
  // The shipped verdicts first, untouched, then the user's.
  BOOST_TEST_REQUIRE(all.size() == shipped.size() + 1);
  BOOST_TEST((std::vector<verdict>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(shipped.size())) == shipped));
  const verdict& hot = all.back();
  BOOST_TEST(hot.rule == "hot_drive");
  BOOST_TEST(hot.subject == "controller 0 / drive 32:0");
  BOOST_TEST(hot.fired);
  BOOST_TEST((hot.level == severity::warning));
  BOOST_TEST(hot.evidence == (std::vector<std::string>{"controller 0 / drive 32:0: temperature = 71 °C"}));
  // As a run-time table, as the pipeline and the tools' mains take it: the same.
  BOOST_TEST((judge(alone(inv), std::span<const rule_entry>(table_v<decltype(mine)>)) == all));
  // Beside a run, the user's rule is weighed as the shipped ones are.
  const storage_context disk = one_disk("virtio", std::nullopt);
  const auto untied_hot = of_rule(judge(facts{&disk, &inv, untied(), {}, {}}, mine), "hot_drive");
  BOOST_TEST(only(untied_hot).message.find("not tied to the device under test") != std::string::npos);
  // Quiet, it says why, under its id too.
  auto cool = inv;
  cool.controllers[0].physical_drives[0].temperature_celsius = 40;
  const verdict quiet = only(of_rule(judge(alone(cool), mine), "hot_drive"));
  BOOST_TEST(!quiet.fired);
  BOOST_TEST(quiet.message == "no drive runs hot");
}

BOOST_AUTO_TEST_CASE(a_rule_that_throws_yields_one_verdict_saying_so_and_the_others_stay) {
  const auto inv = warm();
  const auto vs = judge(alone(inv), rules<rule::drive_failed, my_rules::throws_an_exception,
                                          my_rules::throws_something_else, rule::drive_predictive_failure,
                                          my_rules::hot_drive>);
  BOOST_TEST_REQUIRE(vs.size() == 5u);
  BOOST_TEST(vs[0].rule == "drive_failed");
  BOOST_TEST(vs[0].subject == "controller 0 / drive 32:1");
  BOOST_TEST(vs[0].fired);
  // What the rule appended before it threw is dropped: a half judgement is no judgement.
  BOOST_TEST((vs[1] == verdict{"throws_an_exception", "", false, severity::info, "not judged: the rule failed: no thermometer", {}}));
  BOOST_TEST((vs[2] == verdict{"throws_something_else", "", false, severity::info,
                               "not judged: the rule failed: it threw something that is not a std::exception", {}}));
  BOOST_TEST(vs[3].rule == "drive_predictive_failure");
  BOOST_TEST(!vs[3].fired);
  BOOST_TEST(vs[4].rule == "hot_drive");
  BOOST_TEST(vs[4].fired);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
