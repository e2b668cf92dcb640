#pragma once
// Checks a parser's detect() against every shared controller capture and seed output.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

#include "fixture.hpp"
#include "raidbench/controller/parser_traits.hpp"

namespace raidbench::test {

// The parser's files are those whose path (relative to the fixtures) starts with one of `own`: it
// must claim those and no other.
template <class Tool>
void check_detection(std::initializer_list<std::string_view> own) {
  const std::filesystem::path root = RAIDBENCH_FIXTURES_DIR;
  std::size_t owned = 0, files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
    const std::string relative = entry.path().lexically_relative(root).generic_string();
    const bool mine = std::any_of(own.begin(), own.end(), [&](std::string_view p) { return relative.starts_with(p); });
    BOOST_TEST_INFO(relative);
    BOOST_TEST(parser_traits<Tool>::detect(read_fixture(relative)) == mine);
    owned += mine ? 1 : 0;
    ++files;
  }
  BOOST_TEST(owned > 0U);
  BOOST_TEST(files > owned);
}

}  // namespace raidbench::test
