#include "raidbench/core/units.hpp"

#include <boost/test/unit_test.hpp>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(units_test)

BOOST_AUTO_TEST_CASE(plain_numbers_and_binary_letters) {
  BOOST_TEST(*parse_size("0") == 0u);
  BOOST_TEST(*parse_size("4096") == 4096u);
  BOOST_TEST(*parse_size("4k") == 4096u);
  BOOST_TEST(*parse_size("4K") == 4096u);
  BOOST_TEST(*parse_size("1M") == 1048576u);
  BOOST_TEST(*parse_size("1G") == 1073741824u);
  BOOST_TEST(*parse_size("2T") == 2 * 1_TiB);
  BOOST_TEST(*parse_size("8B") == 8u);
}

BOOST_AUTO_TEST_CASE(iec_and_si_spellings) {
  BOOST_TEST(*parse_size("1GiB") == 1_GiB);
  BOOST_TEST(*parse_size("16KiB") == 16_KiB);
  BOOST_TEST(*parse_size("1GB") == 1'000'000'000u);
  BOOST_TEST(*parse_size("4kB") == 4000u);
  BOOST_TEST(*parse_size("1MB") == 1'000'000u);
}

BOOST_AUTO_TEST_CASE(bad_sizes_say_why_in_one_line) {
  for (const char* text : {"", "4x", "x", "-1", "4KiBB", "1.5G", "4 k", "k"}) {
    auto r = parse_size(text);
    BOOST_TEST_INFO(text);
    BOOST_TEST(!r.has_value());
    if (!r) {
      BOOST_TEST(r.message().find("invalid size") == 0u);
      BOOST_TEST(r.message().find('\n') == std::string::npos);
    }
  }
  BOOST_TEST(parse_size("4x").message() == "invalid size '4x': unknown unit 'x' (use k, M, G, T, KiB, MB…)");
}

BOOST_AUTO_TEST_CASE(overflow_is_an_error_not_a_wrap) {
  BOOST_TEST(*parse_size("18446744073709551615") == 18446744073709551615ULL);
  BOOST_TEST(!parse_size("18446744073709551616"));
  BOOST_TEST(!parse_size("16E"));
  BOOST_TEST(*parse_size("15E") == 15ULL << 60);
}

BOOST_AUTO_TEST_CASE(human_sizes) {
  BOOST_TEST(format_iec(512) == "512 B");
  BOOST_TEST(format_iec(4096) == "4 KiB");
  BOOST_TEST(format_iec(1_GiB) == "1 GiB");
  BOOST_TEST(format_iec(1536_MiB) == "1.50 GiB");
}

BOOST_AUTO_TEST_SUITE_END()
