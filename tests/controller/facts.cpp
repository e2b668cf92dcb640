// Every hand-read fact in tests/controller/facts/<family>/<capture>.facts (format: facts/README.md)
// against what rb-ctrl's path makes of the capture: detection from the text alone, the parser it
// picks, and the inventory as JSON.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/compare/run_facts.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/model_json.hpp"
#include "fixture.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

BOOST_AUTO_TEST_SUITE(facts_test)

namespace {

const fs::path facts_dir = fs::path(RAIDBENCH_FIXTURES_DIR) / ".." / "controller" / "facts";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The JSON value a path names ("controllers.0.virtual_drives.#"); nullopt when it is absent.
std::optional<json> lookup(const json& root, std::string_view path) {
  const json* at = &root;
  while (!path.empty()) {
    const auto dot = path.find('.');
    const std::string_view part = path.substr(0, dot);
    path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    if (part == "#") {
      if (!at->is_array() || !path.empty()) return std::nullopt;
      return json(at->size());
    }
    if (at->is_array()) {
      std::size_t index = 0;
      for (char c : part) {
        if (c < '0' || c > '9') return std::nullopt;
        index = index * 10 + static_cast<std::size_t>(c - '0');
      }
      if (part.empty() || index >= at->size()) return std::nullopt;
      at = &(*at)[index];
    } else if (at->is_object() && at->contains(std::string(part))) {
      at = &(*at)[std::string(part)];
    } else {
      return std::nullopt;
    }
  }
  return *at;
}

// Empty when the value matches the fact, else what differs.
std::string compare(std::string_view path, const std::optional<json>& got, std::string_view want) {
  if (want == "null") return got ? "expected absent, got " + got->dump() : "";
  if (!got) return "absent, expected " + std::string(want);
  if (got->is_boolean()) return (want == (got->get<bool>() ? "true" : "false")) ? "" : "got " + got->dump();
  if (got->is_number()) {
    double expected = 0;
    try {
      std::size_t used = 0;
      expected = std::stod(std::string(want), &used);
      if (used != want.size()) return "fact '" + std::string(want) + "' is not a number";
    } catch (const std::exception&) {
      return "fact '" + std::string(want) + "' is not a number";
    }
    const double value = got->get<double>();
    const bool bytes = path.ends_with("_bytes");
    const double tolerance = bytes ? std::abs(expected) * 0.005 : 0.01;
    return std::abs(value - expected) <= tolerance ? "" : "got " + got->dump();
  }
  if (got->is_string()) return got->get<std::string>() == want ? "" : "got " + got->dump();
  return "got " + got->dump();
}

struct tally {
  std::size_t files = 0, facts = 0;
};

std::vector<fs::path> fact_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(facts_dir))
    if (entry.path().extension() == ".facts") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_fact_of_every_capture) {
  BOOST_TEST_REQUIRE(fs::is_directory(facts_dir));
  std::map<std::string, tally> families;
  for (const fs::path& file : fact_files()) {
    const std::string family = file.parent_path().filename().string();
    const std::string capture = "controllers/" + family + "/" + file.stem().string() + ".txt";
    {
      const std::string text = raidbench::test::read_fixture(capture);
      const auto inv = raidbench::parse_any(text);
      BOOST_TEST_REQUIRE(inv.has_value(), capture << ": " << (inv ? std::string() : inv.message()));
      const json got = *inv;
      std::ifstream in(file);
      std::string line;
      std::size_t number = 0, facts = 0;
      while (std::getline(in, line)) {
        ++number;
        const std::string_view s = trim(line);
        if (s.empty() || s.front() == '#') continue;
        const auto eq = s.find(" = ");
        BOOST_TEST_REQUIRE(eq != std::string_view::npos, file.filename().string() << ":" << number << ": no ' = '");
        const std::string_view path = trim(s.substr(0, eq)), want = trim(s.substr(eq + 3));
        ++facts;
        if (path == "parser") {
          BOOST_TEST(inv->source == std::string(want), capture << " detected as " << inv->source);
          continue;
        }
        const std::string diff = compare(path, lookup(got, path), want);
        BOOST_TEST(diff.empty(), file.filename().string() << ":" << number << ": " << path << " = " << want << ": " << diff);
      }
      BOOST_TEST(facts > 1U, "no facts");
      auto& t = families[family];
      ++t.files;
      t.facts += facts;
    }
  }
  for (const auto& [family, t] : families)
    BOOST_TEST_MESSAGE(family << ": " << t.files << " captures, " << t.facts << " facts");
}

// rb-compare explains a difference by the inventory's facts, and rb-compare --fleet groups hosts by
// their RAID level: every hand-read level must come out as that fact, also after the inventory went
// through a report's JSON and back.
BOOST_AUTO_TEST_CASE(comparison_facts_carry_every_hand_read_raid_level) {
  std::size_t levels = 0;
  for (const fs::path& file : fact_files()) {
    const std::string capture = "controllers/" + file.parent_path().filename().string() + "/" + file.stem().string() + ".txt";
    const auto inv = raidbench::parse_any(raidbench::test::read_fixture(capture));
    BOOST_TEST_REQUIRE(inv.has_value(), capture);
    const auto facts = raidbench::controller_facts(*inv);
    BOOST_TEST((facts == raidbench::controller_facts(json(*inv).get<raidbench::inventory>())), capture);
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      // controllers.C.virtual_drives.V.level = raid5
      unsigned c = 0, v = 0;
      char level[32] = {};
      if (std::sscanf(line.c_str(), " controllers.%u.virtual_drives.%u.level = %31s", &c, &v, level) != 3) continue;
      const auto& vd = inv->controllers.at(c).virtual_drives.at(v);
      const std::string key = "controller " + std::to_string(c) + " VD " + (vd.id ? std::to_string(*vd.id) : "?") + " raid_level";
      const auto found = facts.find(key);
      if (std::string_view(level) == "null") BOOST_TEST((found == facts.end()), capture << ": " << key << " is not hand-read");
      else BOOST_TEST((found != facts.end() && found->second == level), capture << ": " << key);
      ++levels;
    }
  }
  BOOST_TEST(levels > 20U, "hand-read RAID levels: " << levels);
}

BOOST_AUTO_TEST_SUITE_END()
