// examples/extending/rule: rb-ctrl run by a user's main with a verdict rule of their own after the
// shipped ones (no_hot_spare): its verdicts reach the text, the JSON, the metrics and the plugin.
#include <boost/test/unit_test.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "run_tool.hpp"

using namespace raidbench::test;

namespace {
tool_result with_rule(const std::string& arguments) { return run_shell(quoted(RB_CUSTOM_RULE) + " " + arguments); }
const std::string p440ar = fixture_arg("controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt");
}  // namespace

BOOST_AUTO_TEST_SUITE(custom_rule_test)

BOOST_AUTO_TEST_CASE(the_user_rule_is_judged_with_the_shipped_ones) {
  const auto text = with_rule(p440ar);
  BOOST_TEST(text.status == 0);
  BOOST_TEST(text.out.find("  FIRED warning no_hot_spare [controller 0]: redundant arrays and no hot spare: a failed drive is "
                           "rebuilt only once someone replaces it\n        evidence: controller 0 / VD 1: raid10\n") != std::string::npos,
             text.out);
  BOOST_TEST(text.out.find("  FIRED warning drive_cache_enabled") != std::string::npos);  // the shipped rules still run
  const auto json = nlohmann::json::parse(with_rule("--json " + p440ar).out);
  bool found = false;
  for (const auto& v : json.at("verdicts")) found = found || (v.at("rule") == "no_hot_spare" && v.at("fired") == true);
  BOOST_TEST(found);
  BOOST_TEST(with_rule("--prometheus " + p440ar).out.find("raidbench_verdict{rule=\"no_hot_spare\",severity=\"warning\",subject=\"controller 0\"} 1") !=
             std::string::npos);
  // A battery dump alone covers no drives: the rule says nothing of spares it cannot see.
  const auto bbu = nlohmann::json::parse(with_rule("--json " + fixture_arg("seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt")).out);
  for (const auto& v : bbu.at("verdicts"))
    if (v.at("rule") == "no_hot_spare") BOOST_TEST(v.at("fired") == false);
}

BOOST_AUTO_TEST_SUITE_END()
