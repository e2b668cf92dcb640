// Inputs the parser fuzz targets (tests/fuzz/) found to break a parser, kept as regression cases:
// each must parse to an inventory whose every string JSON can hold.
#include <boost/test/unit_test.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/model_json.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(fuzz_regressions_test)

// storcli JSON cut by a byte that is not UTF-8: the warning quoted nlohmann's "last read" bytes raw,
// and dumping the inventory as JSON threw.
BOOST_AUTO_TEST_CASE(storcli_json_error_message_with_invalid_utf8) {
  const std::string text =
      "{\n\"Controllers\":[\n{\n\t\"Command Status\" : {\n\t\t\"Controller\" : 0,\n\t\t\"Status\" : \"Success\"\n\t},\n"
      "\t\"Response Data\" : {\n\t\t\"Basics\" : {\n\t\t\t\"Controller\" : 0,\n\t\t\t\"Model\" : \"N/A\",\n\x89";
  const auto inv = parse_as<storcli>(text);
  BOOST_TEST_REQUIRE(inv.has_value());
  BOOST_TEST_REQUIRE(!inv->warnings.empty());
  BOOST_TEST(inv->warnings.back().line == 12u);
  BOOST_TEST(inv->warnings.back().text.find('\x89') == std::string::npos);
  BOOST_CHECK_NO_THROW((void)nlohmann::json(*inv).dump());
}

// MegaCLI "Inquiry Data" holding UTF-8: its fixed byte columns cut a two-byte character in half.
BOOST_AUTO_TEST_CASE(megacli_inquiry_data_with_non_ascii_bytes) {
  const std::string text =
      "Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 1\nDevice Id: 1\nDevice Firmware Level: GS0D\n"
      "Inquiry Data: SEAGATE\xc4\xbe" "T2000NM0023    GS0DZ1X2BSXN\n";
  const auto inv = parse_as<megacli>(text);
  BOOST_TEST_REQUIRE(inv.has_value());
  BOOST_TEST_REQUIRE(inv->controllers.size() == 1u);
  BOOST_TEST_REQUIRE(inv->controllers[0].physical_drives.size() == 1u);
  BOOST_TEST(inv->controllers[0].physical_drives[0].firmware.value_or("") == "GS0D");
  BOOST_TEST(!inv->controllers[0].physical_drives[0].model.has_value());  // not decoded, not invented
  BOOST_CHECK_NO_THROW((void)nlohmann::json(*inv).dump());
}

BOOST_AUTO_TEST_SUITE_END()
