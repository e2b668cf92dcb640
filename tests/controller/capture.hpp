#pragma once
// What the tests of the vendor parsers share: a capture or a text read by one family's parser, the
// one controller most captures describe, and checks of several fields or warnings at once.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fixture.hpp"
#include "raidbench/controller/model_json.hpp"
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

// A size printed with three decimals ("10.692 TB" → printed(10692, 40)), rounded as the LSI parsers do.
constexpr std::uint64_t printed(std::uint64_t thousandths, int shift) { return ((thousandths << shift) + 500) / 1000; }

// The controllers of an inventory read without a warning, `count` of them.
inline const std::vector<controller>& controllers_of(const inventory& inv, std::size_t count) {
  BOOST_TEST(inv.warnings.empty());
  BOOST_TEST_REQUIRE(inv.controllers.size() == count);
  return inv.controllers;
}
const std::vector<controller>& controllers_of(inventory&&, std::size_t) = delete;  // it would outlive the inventory

inline const controller& sole_controller(const inventory& inv) { return controllers_of(inv, 1)[0]; }
// Of an inventory read only for its controller: a copy, which `const auto& c = sole_controller(
// parse_text(...))` keeps alive as long as `c`.
inline controller sole_controller(inventory&& inv) { return sole_controller(inv); }

// Text of another kind: Tool neither claims `foreign` nor reads `unreadable` or an empty text.
template <class Tool>
void check_rejects(std::string_view foreign, std::string_view unreadable) {
  BOOST_TEST(!parser_traits<Tool>::detect(foreign));
  BOOST_TEST(!parse_as<Tool>(unreadable).has_value());
  BOOST_TEST(!parse_as<Tool>("").has_value());
}

// Checks the fields `want` names, as rb-ctrl's JSON writes them ({"battery": {"state": "optimal"}}):
// a nested object checks the fields it names, null asks that the field be absent. A failure names
// the field ("battery.state"); fields `want` leaves out are not checked.
inline void check_fields(const nlohmann::json& got, const nlohmann::json& want, const std::string& path = "") {
  for (const auto& [key, value] : want.items()) {
    const std::string field = path.empty() ? key : path + "." + key;
    const auto found = got.find(key);
    const nlohmann::json have = found == got.end() ? nlohmann::json() : *found;
    if (value.is_object() && have.is_object()) check_fields(have, value, field);
    // In parentheses: Boost.Test would compare two json values element by element, as containers.
    else BOOST_TEST((have == value), field << ": got " << have << ", expected " << value);
  }
}

// A warning a test expects: its line, and its text unless that is left empty.
struct expected_warning {
  std::size_t line;
  std::string_view text = {};
};

// The inventory's warnings are these, in this order.
inline void check_warnings(const inventory& inv, std::initializer_list<expected_warning> want) {
  BOOST_TEST_REQUIRE(inv.warnings.size() == want.size());
  std::size_t i = 0;
  for (const auto& w : want) {
    BOOST_TEST_CONTEXT("warning " << i) {
      BOOST_TEST(inv.warnings[i].line == w.line);
      if (!w.text.empty()) BOOST_TEST(inv.warnings[i].text == w.text);
    }
    ++i;
  }
}

}  // namespace raidbench::test
