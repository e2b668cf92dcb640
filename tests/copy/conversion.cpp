// The converting stage of a copy on its own: records in, converted bytes out, state kept across records.
#include "raidbench/run/copy_conversion.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(conversion_test)

namespace {
// Feeds `records` through a converter and returns what it emitted.
std::string converted(const copy_conversion& c, std::vector<std::string> records, std::uint64_t* truncated = nullptr) {
  detail::copy_converter conv(c);
  std::string out;
  auto emit = [&](const std::byte* p, std::size_t n) {
    out.append(reinterpret_cast<const char*>(p), n);
    return true;
  };
  for (auto& r : records) BOOST_TEST(conv.convert(reinterpret_cast<std::byte*>(r.data()), r.size(), emit));
  BOOST_TEST(conv.finish(emit));
  if (truncated) *truncated = conv.truncated();
  return out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(swab_pairs_run_across_records) {
  copy_conversion c;
  c.swab = true;
  BOOST_TEST(converted(c, {"abc", "de", "fgh"}) == "badcfehg");
  BOOST_TEST(converted(c, {"abcde"}) == "badce");  // an odd last byte stays last
}

BOOST_AUTO_TEST_CASE(block_pads_and_cuts_lines_across_records) {
  copy_conversion c;
  c.records = copy_conversion::reblock::block;
  c.cbs = 4;
  std::uint64_t cut = 0;
  BOOST_TEST(converted(c, {"ab\nlong", "er\n", "\nx"}, &cut) == "ab  long    x   ");
  BOOST_TEST(cut == 1u);
}

BOOST_AUTO_TEST_CASE(unblock_drops_trailing_spaces_only) {
  copy_conversion c;
  c.records = copy_conversion::reblock::unblock;
  c.cbs = 4;
  // The stream "a b  c  x" is the records "a b ", " c  " and "x".
  BOOST_TEST(converted(c, {"a b ", " c", "  x"}) == "a b\n c\nx\n");
}

BOOST_AUTO_TEST_CASE(translation_composes_charset_and_case_in_dds_order) {
  copy_conversion c;
  set_translation(c, copy_conversion::charset::ascii_to_ebcdic, copy_conversion::letter_case::upper);
  c.records = copy_conversion::reblock::block;
  c.cbs = 3;
  // 'a' upper-cased then EBCDIC: 0xc1; blocked on the EBCDIC newline, padded with the EBCDIC space.
  BOOST_TEST(converted(c, {"a\nb"}) == "\xc1\x40\x40\xc2\x40\x40");
  copy_conversion back;
  set_translation(back, copy_conversion::charset::ebcdic_to_ascii, copy_conversion::letter_case::lower);
  BOOST_TEST(converted(back, {"\xc1\xc2"}) == "ab");
}

BOOST_AUTO_TEST_CASE(an_emit_that_fails_stops_the_conversion) {
  copy_conversion c;
  c.records = copy_conversion::reblock::block;
  c.cbs = 8;
  detail::copy_converter conv(c);
  std::string line = "abc\n";
  BOOST_TEST(!conv.convert(reinterpret_cast<std::byte*>(line.data()), line.size(), [](const std::byte*, std::size_t) { return false; }));
}

BOOST_AUTO_TEST_SUITE_END()
