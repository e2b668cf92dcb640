#include "raidbench/text/toolkit.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

#include "fixture.hpp"

using namespace raidbench::detail;

BOOST_AUTO_TEST_SUITE(text_test)

BOOST_AUTO_TEST_CASE(split_lines_cleans_crlf_tabs_nbsp_and_trailing_blanks) {
  const auto lines = split_lines("a\r\nb\t: c \t\r\nd\xC2\xA0" "e\xC2\xA0\n\nlast");
  BOOST_TEST_REQUIRE(lines.size() == 5U);
  BOOST_TEST(lines[0].text == "a");
  BOOST_TEST(lines[1].text == "b : c");
  BOOST_TEST(lines[2].text == "d e");
  BOOST_TEST(lines[3].text.empty());
  BOOST_TEST(lines[4].text == "last");
  BOOST_TEST(lines[4].number == 5U);
  for (const auto& l : lines) BOOST_TEST(!l.unreadable);
}

BOOST_AUTO_TEST_CASE(invalid_utf8_and_control_bytes_are_marked) {
  const auto lines = split_lines("ok \xE2\x80\xA6\nbad\xFF\xC3\nnul\x01x\nrepl\xEF\xBF\xBD\n\xED\xA0\x80");
  BOOST_TEST_REQUIRE(lines.size() == 5U);
  BOOST_TEST(!lines[0].unreadable);
  BOOST_TEST(lines[1].text == "bad??");
  BOOST_TEST(lines[1].unreadable);
  BOOST_TEST(lines[2].text == "nul?x");
  BOOST_TEST(lines[3].text == "repl?");
  BOOST_TEST(lines[4].unreadable);  // a UTF-16 surrogate encoded as UTF-8
}

BOOST_AUTO_TEST_CASE(prompts_commands_and_elisions) {
  for (std::string_view s : {"[root@db1 ~]# MegaCli64 -PDList -aALL", "root@h:~# storcli /c0 show", "$ sudo ssacli ctrl all show",
                             "# arcconf getconfig 1", "C:\\> perccli64 /call show", "megacli -adpallinfo -aALL",
                             "sudo /opt/MegaRAID/MegaCli/MegaCli64 -v", "user@host:/tmp$ cat /proc/mdstat"})
    BOOST_TEST(is_command_line(s), s);
  for (std::string_view s : {"Adapter #0", "Personalities : [raid1]", "Slot Number: 0", "Status = Success",
                             "md0 : active raid1 sdb1[1] sda1[0]", "Exit Code: 0x00", "", "cat"})
    BOOST_TEST(!is_command_line(s), s);
  for (std::string_view s : {"[…]", "[...]", "…", "....", "<snip>", " [ snip ] ", "(output omitted)"})
    BOOST_TEST(is_elision(s), s);
  for (std::string_view s : {"[raid1]", "..", "a ...", "Exit Code: 0x00"}) BOOST_TEST(!is_elision(s), s);

  const auto lines = split_lines("[root@h ~]# megacli -v\n[…]\nout");
  BOOST_TEST((lines[0].kind == line_kind::command));
  BOOST_TEST((lines[1].kind == line_kind::elision));
  BOOST_TEST((lines[2].kind == line_kind::output));
}

BOOST_AUTO_TEST_CASE(double_spaced_paste_is_undone_with_real_blank_lines_kept) {
  const auto lines = split_lines("a\n\nb\n\nc\n\n\n\nd\n\ne\n\nf\n\n");
  std::string joined;
  for (const auto& l : lines) joined += l.text + "|";
  BOOST_TEST(joined == "a|b|c||d|e|f|");
  BOOST_TEST(lines[4].number == 9U);  // "d": numbers still point into the original text
  // Too few lines to be sure: left as is.
  BOOST_TEST(split_lines("a\n\nb\n\n").size() == 4U);
}

BOOST_AUTO_TEST_CASE(double_spaced_fixture) {
  const auto lines = split_lines(raidbench::test::read_fixture(
      "controllers/arcconf/getconfig-1-servraid-8k-l-blank-line-separated.txt"));
  BOOST_TEST_REQUIRE(lines.size() > 3U);
  BOOST_TEST(lines[0].text == "Controllers found: 1");
  BOOST_TEST(lines[1].text.starts_with("-----"));
  BOOST_TEST(lines[2].text == "Controller information");
}

BOOST_AUTO_TEST_CASE(key_value_and_fields) {
  const auto kv = split_key_value("Name                :Virtual Disk 0");
  BOOST_TEST_REQUIRE(kv.has_value());
  BOOST_TEST(kv->key == "Name");
  BOOST_TEST(kv->value == "Virtual Disk 0");
  BOOST_TEST(split_key_value("Current Time : 11:41:22 7/26, 2013")->value == "11:41:22 7/26, 2013");
  BOOST_TEST(split_key_value("Model = AVAGO", '=')->value == "AVAGO");
  BOOST_TEST(!split_key_value("no separator"));
  BOOST_TEST(!split_key_value(" : value"));
  const auto fields = split_fields(" 0/0   RAID1\tOptl ");
  BOOST_TEST_REQUIRE(fields.size() == 3U);
  BOOST_TEST(fields[2] == "Optl");
}

BOOST_AUTO_TEST_CASE(numbers) {
  BOOST_TEST(parse_unsigned(" 42 ") == 42U);
  BOOST_TEST(!parse_unsigned("4x"));
  BOOST_TEST(!parse_unsigned("99999999999999999999"));
  BOOST_TEST(!parse_uint("4294967296"));
  BOOST_TEST(parse_leading_number("35C (95.00 F)") == 35.0);
  BOOST_TEST(parse_leading_number("71 %") == 71.0);
  BOOST_TEST(parse_leading_number("-3.5 C") == -3.5);
  BOOST_TEST(!parse_leading_number("N/A"));
}

BOOST_AUTO_TEST_CASE(tool_sizes) {
  BOOST_TEST(parse_tool_size("1024MB") == 1ULL << 30);
  BOOST_TEST(parse_tool_size("64 KB") == 64ULL << 10);
  BOOST_TEST(parse_tool_size("256kB") == 256ULL << 10);
  BOOST_TEST(parse_tool_size("512B") == 512U);
  BOOST_TEST(parse_tool_size("0 KB") == 0U);
  BOOST_TEST(parse_tool_size("1.090 TB") == ((1090ULL << 40) + 500) / 1000);
  BOOST_TEST(parse_tool_size("465.25 GB") == 46525ULL * (1ULL << 30) / 100);
  BOOST_TEST(parse_tool_size("300 GB", 1000) == 300000000000ULL);
  // The sector count is exact when it agrees with the printed size.
  BOOST_TEST(parse_tool_size("279.396 GB [0x22ecb25c Sectors]") == 0x22ecb25cULL * 512);
  BOOST_TEST(parse_tool_size("1.090 TB [0x8bba0cb0 Sectors]") == 0x8bba0cb0ULL * 512);
  BOOST_TEST(parse_tool_size("3.638 TB [0x1d1c0beb0 Sectors]") == 0x1d1c0beb0ULL * 512);
  BOOST_TEST(parse_tool_size("3.638 TB [0x3a3812ab Sectors]") == 0x3a3812abULL * 4096);  // 4Kn drive
  // A sector count that agrees with neither sector size is ignored.
  BOOST_TEST(parse_tool_size("557.861 GB [0x10 Sectors]") == ((557861ULL << 30) + 500) / 1000);
  BOOST_TEST(!parse_tool_size("GB"));
  BOOST_TEST(!parse_tool_size("12 parsecs"));
  BOOST_TEST(!parse_tool_size("279.3"));
  BOOST_TEST(!parse_tool_size("99999999 EB"));
}

BOOST_AUTO_TEST_CASE(pci_addresses_as_each_tool_prints_them) {
  BOOST_TEST(parse_pci_address("0000:03:00.0") == "0000:03:00.0");  // ssacli
  BOOST_TEST(parse_pci_address("00:3b:00:00") == "0000:3b:00.0");   // StorCLI
  BOOST_TEST(parse_pci_address(" 0:D9:0:0 ") == "0000:d9:00.0");    // arcconf
  BOOST_TEST(parse_pci_address("1:8a:1f:7") == "0001:8a:1f.7");
  for (const char* bad : {"", "0:3:0", "0:3:0:0:0", "0:100:0:0", "0:3:20:0", "0:3:0:8", "0:3:0:x", "00000:3:0:0",
                          "0::0:0", ":3:0:0", "0:3:0:0:", "0 3 0 0"})
    BOOST_TEST(!parse_pci_address(bad), bad);
}

// A line_list entry is a whole line, matched without case; blank lines and the blanks around an
// entry are not part of it, so neither an empty key nor a part of an entry is listed.
BOOST_AUTO_TEST_CASE(line_list_entries_are_whole_lines) {
  static constexpr raidbench::text::line_list keys{R"(
Cache Flush Interval
  Alarm  

Support JBOD)"};
  static_assert(is_listed("Alarm", keys));
  BOOST_TEST(is_listed("cache flush INTERVAL", keys));
  BOOST_TEST(is_listed("Support JBOD", keys));
  for (const char* not_listed : {"", "Cache", "Flush Interval", "Alarm Control", "Support JBOD Write cache", "JBOD"})
    BOOST_TEST(!is_listed(not_listed, keys), not_listed);
  BOOST_TEST(!is_listed("Alarm", raidbench::text::line_list{}));
}

BOOST_AUTO_TEST_SUITE_END()
