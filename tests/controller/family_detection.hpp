#pragma once
// Checks a parser's detect() against every shared controller capture and seed output.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <functional>
#include <string>

#include "fixture.hpp"
#include "raidbench/controller/parser_traits.hpp"

namespace raidbench::test {

// `own(relative path)` says which files are the parser's: it must claim those and no other.
template <class Tool>
void check_detection(const std::function<bool(const std::string&)>& own) {
  const std::filesystem::path root = RAIDBENCH_FIXTURES_DIR;
  std::size_t owned = 0, files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
    const std::string relative = entry.path().lexically_relative(root).generic_string();
    const bool mine = own(relative);
    BOOST_TEST_INFO(relative);
    BOOST_TEST(parser_traits<Tool>::detect(read_fixture(relative)) == mine);
    owned += mine ? 1 : 0;
    ++files;
  }
  BOOST_TEST(owned > 0U);
  BOOST_TEST(files > owned);
}

}  // namespace raidbench::test
