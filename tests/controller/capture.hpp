#pragma once
// What the tests of the vendor parsers share: a capture or a text read by one family's parser.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <utility>

#include "fixture.hpp"
#include "raidbench/controller/parser_traits.hpp"

namespace raidbench::test {

// `text` read by Tool, which must recognise it and read it.
template <class Tool>
inventory parse_text(std::string_view text) {
  BOOST_TEST_REQUIRE(parser_traits<Tool>::detect(text));
  auto inv = parse_as<Tool>(text);
  BOOST_TEST_REQUIRE(inv.has_value());
  return std::move(inv).value();
}

// A capture (a path under tests/fixtures/) read by Tool, which names itself as the source.
template <class Tool>
inventory parse_capture(const std::string& relative) {
  auto inv = parse_text<Tool>(read_fixture(relative));
  BOOST_TEST(inv.source == std::string(parser_traits<Tool>::name));
  return inv;
}

// Text of another kind: Tool neither claims `foreign` nor reads `unreadable` or an empty text.
template <class Tool>
void check_rejects(std::string_view foreign, std::string_view unreadable) {
  BOOST_TEST(!parser_traits<Tool>::detect(foreign));
  BOOST_TEST(!parse_as<Tool>(unreadable).has_value());
  BOOST_TEST(!parse_as<Tool>("").has_value());
}

}  // namespace raidbench::test
