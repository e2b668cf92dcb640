// tests/fixtures/PROVENANCE.tsv names every capture the tests read, and names nothing else.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "raidbench/text/toolkit.hpp"

BOOST_AUTO_TEST_SUITE(provenance_test)

BOOST_AUTO_TEST_CASE(every_capture_has_exactly_one_complete_row) {
  const std::filesystem::path root = RAIDBENCH_FIXTURES_DIR;
  std::ifstream table(root / "PROVENANCE.tsv");
  BOOST_TEST_REQUIRE(table.good());
  std::string line;
  std::getline(table, line);
  BOOST_TEST(line == "file\trepository\tpath\tcommit\tlicense\tshows");

  std::set<std::string> rows;
  while (std::getline(table, line)) {
    const auto cells = raidbench::text::split_at(line, '\t');
    BOOST_TEST_INFO(line);
    BOOST_TEST_REQUIRE(cells.size() == 6U);
    BOOST_TEST(rows.emplace(cells[0]).second);  // one row per file
    for (const auto& cell : cells) BOOST_TEST(!cell.empty());
    // A repository ("https://github.com/owner/name") names the file's commit (40 hex digits); an
    // output published on a page (an issue thread, a post) says so instead, and so does a report
    // raidbench itself wrote (reports/).
    const std::string_view github = "https://github.com/";
    const bool from_repository = cells[1].starts_with(github) &&
                                 std::count(cells[1].begin() + github.size(), cells[1].end(), '/') == 1;
    BOOST_TEST((from_repository ? cells[3].size() == 40U : cells[4] == "published tool output" || cells[4] == "raidbench output"));
  }

  std::set<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string relative = entry.path().lexically_relative(root).generic_string();
    if (relative == "PROVENANCE.tsv" || relative == "README.md") continue;
    files.insert(relative);
  }
  BOOST_TEST(files.size() > 100U);
  for (const auto& file : files) {
    BOOST_TEST_INFO("fixture without a row: " << file);
    BOOST_TEST(rows.contains(file));
  }
  for (const auto& row : rows) {
    BOOST_TEST_INFO("row without a fixture: " << row);
    BOOST_TEST(files.contains(row));
  }
}

BOOST_AUTO_TEST_SUITE_END()
