// Nothing a parser does not know vanishes: a line it does not read is reported as a warning with its
// line number. Every capture of every family, with a line no tool prints inserted at many places,
// must warn about that line; and the capture as it is must parse without a warning about a line it
// merely skipped (its lines are all in the parser's lists, modelled or deliberately ignored).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/text/toolkit.hpp"
#include "../../examples/extending/parser/mpt_status.hpp"
#include "../../examples/extending/parser/tw_cli.hpp"
#include "fixture.hpp"

namespace fs = std::filesystem;
using namespace raidbench;

BOOST_AUTO_TEST_SUITE(unread_lines_test)

namespace {

using parse_fn = expected<inventory> (*)(std::string_view);

template <class Tool>
expected<inventory> parse_with(std::string_view text) {
  return parser_traits<Tool>::parse(text);
}

struct family {
  const char* folder;
  parse_fn parse;
  const char* prefix = "";  // the family's files among others' in one folder (controllers/other)
};

const family families[] = {
    {"megacli", parse_with<megacli>}, {"storcli", parse_with<storcli>}, {"perccli", parse_with<storcli>},
    {"ssacli", parse_with<ssacli>},   {"hpacucli", parse_with<ssacli>}, {"arcconf", parse_with<arcconf>},
    {"mdadm", parse_with<mdadm>},     {"mdstat", parse_with<mdstat>},
    {"tw_cli", parse_with<tw_cli>},  // the user parsers of examples/extending/parser, held to the same rule
    {"other", parse_with<mpt_status>, "mpt-status-"},
};

std::string join(const std::vector<std::string_view>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) (out += i ? "\n" : "") += lines[i];
  return out;
}

bool is_json(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && (text[first] == '{' || text[first] == '[');
}

std::vector<std::string> files_of(const char* folder, std::string_view prefix = "") {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(RAIDBENCH_FIXTURES_DIR) / "controllers" / folder))
    if (e.path().filename().string().starts_with(prefix))
      out.push_back(std::string("controllers/") + folder + "/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

bool warns_about(const inventory& inv, std::size_t line) {
  return std::any_of(inv.warnings.begin(), inv.warnings.end(), [&](const warning& w) { return w.line == line; });
}

// `text` read by Tool, after checking that it warns about each of `lines`.
template <class Tool>
inventory warning_about(std::string_view text, std::initializer_list<std::size_t> lines) {
  const auto inv = parser_traits<Tool>::parse(text);
  BOOST_TEST_REQUIRE(inv.has_value());
  for (const std::size_t line : lines) BOOST_TEST(warns_about(*inv, line), "no warning about line " << line);
  return *inv;
}

// True when the line after `at` (1-based) lies among the rows of a storcli text table the parser reads
// past as a whole ("Policies Table": rows whose first column holds blanks cannot be checked).
bool inside_read_past_table(const std::vector<std::string_view>& lines, std::size_t at) {
  static const std::vector<std::string_view> read_past = {"Advanced Software Option", "Enclosure Information",
      "Enclosure LIST", "FOREIGN CONFIGURATION", "Missing Drives", "Policies Table", "Port Information"};
  const auto trimmed = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
  };
  const auto rule = [&](std::size_t i, char c) {
    const auto t = trimmed(lines[i]);
    return t.size() >= 3 && t.find_first_not_of(c) == std::string_view::npos;
  };
  std::string section;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (rule(i + 1, '=') && !trimmed(lines[i]).empty()) section = std::string(trimmed(lines[i]).substr(0, trimmed(lines[i]).find(" :")));
    if (rule(i, '-') && i + 2 < lines.size() && rule(i + 2, '-')) {
      std::size_t end = i + 3;
      while (end < lines.size() && !rule(end, '-')) ++end;
      const bool skip = std::find(read_past.begin(), read_past.end(), section) != read_past.end();
      if (skip && at >= i + 3 && at <= end) return true;
      i = end;
    }
  }
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_unknown_line_anywhere_is_a_warning_with_its_number) {
  std::size_t tried = 0;
  for (const auto& f : families) {
    for (const auto& file : files_of(f.folder, f.prefix)) {
      const std::string text = test::read_fixture(file);
      if (!f.parse(text)) continue;  // an error answer (no controller) is not a silent gap
      const bool json = is_json(text);
      const auto lines = raidbench::text::split_at(text, '\n');
      // About 20 places per capture, spread over it; JSON gets a member inside an object instead.
      const std::size_t stride = std::max<std::size_t>(1, lines.size() / 20);
      for (std::size_t at = 1; at <= lines.size(); at += stride) {
        // A key no tool prints, or, every other place, a line with no key at all.
        std::string inserted = (at / stride) % 2 ? "Zyxwv Frobnication Level : 42" : "zyxwv frobnication 42";
        if (json) {
          if (!lines[at - 1].ends_with("{")) continue;
          inserted = "\"Zyxwv Frobnication Level\" : 42,";
        }
        auto mutated = lines;
        mutated.insert(mutated.begin() + static_cast<std::ptrdiff_t>(at), inserted);
        if (inside_read_past_table(lines, at)) continue;
        const auto inv = f.parse(join(mutated));
        ++tried;
        // An error about the whole text (a pasted table broken apart) reports the line too.
        if (inv) BOOST_TEST(warns_about(*inv, at + 1), file << ": no warning about the unknown line " << at + 1);
      }
    }
  }
  BOOST_TEST(tried > 1000U);
}

BOOST_AUTO_TEST_CASE(every_line_of_every_capture_is_in_the_parser_lists) {
  // Lines damaged as published, rightly reported: two lines of the P440ar output run into each other.
  const std::vector<std::pair<std::string, std::size_t>> damaged = {
      {"controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt", 161}};
  for (const auto& f : families) {
    for (const auto& file : files_of(f.folder, f.prefix)) {
      const auto inv = f.parse(test::read_fixture(file));
      if (!inv) continue;
      for (const auto& w : inv->warnings) {
        if (std::find(damaged.begin(), damaged.end(), std::pair(file, w.line)) != damaged.end()) continue;
        BOOST_TEST(!w.text.starts_with("line not read"), file << ":" << w.line << ": " << w.text);
      }
    }
  }
}

// A section the parser does not know ends the object above it: its keys are reported, never assigned
// to the last drive, logical device or controller read.
BOOST_AUTO_TEST_CASE(keys_of_an_unknown_section_land_nowhere) {
  const auto mega = warning_about<megacli>(
      "Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 0\nFirmware state: Online, Spun Up\n\n"
      "Foreign Configuration Information:\nFirmware state: Failed\n",
      {7, 8});
  BOOST_TEST((mega.controllers.at(0).physical_drives.at(0).state == pd_state::online));

  const auto arc = warning_about<arcconf>(
      "Controllers found: 1\n----\nLogical device information\n----\nLogical device number 0\n"
      "   Status of logical device                 : Optimal\n"
      "   Mirror Shadow Information\n   Status of logical device                 : Failed\n",
      {7, 8});
  BOOST_TEST((arc.controllers.at(0).virtual_drives.at(0).state == vd_state::optimal));

  const auto stor = warning_about<storcli>(
      "CLI Version = 007.1017.0000.0000 May 10, 2019\nController = 0\nStatus = Success\nDescription = None\n\n"
      "Basics :\n======\nController = 0\nModel = LSI MegaRAID SAS 9271-8i\n\n"
      "Expander Details :\n================\nModel = SAS2X28\n",
      {11, 13});
  BOOST_TEST(stor.controllers.at(0).model == "LSI MegaRAID SAS 9271-8i");
}

BOOST_AUTO_TEST_SUITE_END()
