#include "raidbench/core/expected.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(expected_test)

BOOST_AUTO_TEST_CASE(holds_a_value_or_an_error) {
  raidbench::expected<int> good = 42;
  BOOST_TEST(good.has_value());
  BOOST_TEST(*good == 42);
  raidbench::expected<int> bad = fail("open x: No such file or directory");
  BOOST_TEST(!bad);
  BOOST_TEST(bad.message() == "open x: No such file or directory");
  raidbench::expected<std::string> moved = std::string("abc");
  std::string taken = std::move(moved).value();
  BOOST_TEST(taken == "abc");
}

BOOST_AUTO_TEST_CASE(void_expected) {
  raidbench::expected<void> ok;
  BOOST_TEST(ok.has_value());
  raidbench::expected<void> ko = fail("no");
  BOOST_TEST(!ko);
  BOOST_TEST(ko.message() == "no");
}

BOOST_AUTO_TEST_SUITE_END()
