#include "raidbench/controller/registry.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

#include "family_detection.hpp"
#include "fixture.hpp"
#include "raidbench/controller/builtin_parsers.hpp"

using namespace raidbench;

// A user's parser for 3ware tw_cli, written outside include/ as the extension point intends.
struct tw_cli_test_parser {};
template <>
struct raidbench::parser_traits<tw_cli_test_parser> {
  static constexpr std::string_view name = "tw_cli";
  static bool detect(std::string_view text) noexcept { return text.find("NotOpt") != std::string_view::npos; }
  static expected<inventory> parse(std::string_view) {
    inventory inv;
    inv.controllers.emplace_back();
    inv.controllers.back().model = "9650SE-2LP";
    return inv;
  }
};

// A careless user parser that throws: parse_any turns it into an error instead of a crash.
struct throwing_parser {};
template <>
struct raidbench::parser_traits<throwing_parser> {
  static constexpr std::string_view name = "thrower";
  static bool detect(std::string_view) noexcept { return true; }
  static expected<inventory> parse(std::string_view) { throw std::runtime_error("oops"); }
};

BOOST_AUTO_TEST_SUITE(registry_test)

BOOST_AUTO_TEST_CASE(concept_accepts_parsers_and_rejects_other_types) {
  static_assert(controller_parser<megacli>);
  static_assert(controller_parser<storcli>);
  static_assert(controller_parser<tw_cli_test_parser>);
  static_assert(!controller_parser<int>);
  static_assert(decltype(builtin_parsers)::size == 6);
  static_assert((builtin_parsers + parsers<tw_cli_test_parser>).size == 7);
  BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(builtin_list_detects_each_family_from_text_alone) {
  const std::pair<const char*, std::string_view> cases[] = {
      {"controllers/megacli/pdlist-perc-h730p-4-sas-online.txt", "megacli"},
      {"seed-outputs/megacli-ldgetprop-cache-perc-h730.txt", "megacli"},
      {"controllers/storcli/c0-show-all-avago-9361-8i-ssd-raid.txt", "storcli"},
      {"controllers/storcli/c0-v0-show-J-raid10.txt", "storcli"},
      {"controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt", "ssacli"},
      {"controllers/arcconf/getconfig-1-servraid-8k-l-raid1-okay.txt", "arcconf"},
      {"controllers/mdadm/detail-raid5-clean.txt", "mdadm"},
      {"controllers/mdstat/raid5-recovery-12pct.txt", "mdstat"}};
  for (const auto& [file, tool] : cases) {
    BOOST_TEST_CONTEXT(file) {
      const std::string text = test::read_fixture(file);
      BOOST_TEST(detect(text, builtin_parsers) == tool);
      const auto inv = parse_any(text);
      BOOST_TEST_REQUIRE(inv.has_value());
      BOOST_TEST(inv->source == tool);
      BOOST_TEST(!inv->controllers.empty());
    }
  }
}

// Each shipped parser claims exactly its own captures among all the fixtures: the files whose path
// starts with one of the prefixes given to it.
BOOST_AUTO_TEST_CASE(each_parser_detects_exactly_its_own_captures) {
  test::check_detection<megacli>({"controllers/megacli/", "seed-outputs/megacli-"});
  test::check_detection<storcli>({"controllers/storcli/", "controllers/perccli/"});
  test::check_detection<ssacli>({"controllers/ssacli/", "controllers/hpacucli/", "seed-outputs/ssacli-"});
  test::check_detection<arcconf>({"controllers/arcconf/"});
  test::check_detection<mdadm>({"controllers/mdadm/"});
  test::check_detection<mdstat>({"controllers/mdstat/"});
}

BOOST_AUTO_TEST_CASE(unrecognised_text_names_the_parsers_tried) {
  const auto inv = parse_any(test::read_fixture("controllers/tw_cli/info-controllers-9650se-2lp.txt"));
  BOOST_TEST_REQUIRE(!inv.has_value());
  BOOST_TEST(inv.message() == "no parser recognises this text (tried: storcli, megacli, ssacli, arcconf, mdadm, mdstat)");
  BOOST_TEST(!detect("", builtin_parsers).has_value());
}

BOOST_AUTO_TEST_CASE(user_parser_appended_to_the_builtin_list) {
  const std::string text = test::read_fixture("controllers/tw_cli/info-controllers-9650se-2lp.txt");
  const auto inv = parse_any(text, builtin_parsers + parsers<tw_cli_test_parser>);
  BOOST_TEST_REQUIRE(inv.has_value());
  BOOST_TEST(inv->source == "tw_cli");  // filled in from the trait's name
  BOOST_TEST(inv->controllers.at(0).model == "9650SE-2LP");
  // Builtin parsers keep priority for their own text.
  const auto mega = parse_any(test::read_fixture("controllers/megacli/bbu-ibbu08-optimal.txt"),
                              builtin_parsers + parsers<tw_cli_test_parser>);
  BOOST_TEST(mega->source == "megacli");
}

BOOST_AUTO_TEST_CASE(a_throwing_user_parser_becomes_an_error) {
  const auto inv = parse_any("anything", parsers<throwing_parser>);
  BOOST_TEST_REQUIRE(!inv.has_value());
  BOOST_TEST(inv.message() == "thrower: oops");
}

BOOST_AUTO_TEST_SUITE_END()
