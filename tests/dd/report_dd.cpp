#include "raidbench/report/dd.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(report_dd_test)

// Every expected line below was printed by GNU dd 9.1 on this machine for the same bytes and time.
BOOST_AUTO_TEST_CASE(sizes_round_like_gnu_human_readable) {
  struct size_case {
    std::uint64_t bytes;
    bool iec;
    std::string printed;
  };
  const size_case cases[] = {
      {999, false, "999 B"}, {1000, false, "1.0 kB"}, {1023, true, "1023 B"}, {1024, true, "1.0 KiB"},
      {10239, false, "10 kB"}, {10239, true, "10 KiB"}, {24576, false, "25 kB"},
      {3145728, false, "3.1 MB"}, {3145728, true, "3.0 MiB"}, {104857600, false, "105 MB"},
      {214622535680, false, "215 GB"}, {1073741824, false, "1.1 GB"}, {1073741824, true, "1.0 GiB"},
      {9999, false, "10 kB"},  // 9.999 rounds up past one decimal
      {999999, false, "1.0 MB"},
  };
  for (const auto& c : cases) BOOST_TEST(dd_human_size(c.bytes, c.iec) == c.printed, c.bytes << (c.iec ? " iec" : ""));
}

BOOST_AUTO_TEST_CASE(statistics_lines_match_gnu_dd) {
  BOOST_TEST(dd_statistics_line(1, 234405) == "1 byte copied, 0.000234405 s, 4.3 kB/s");
  BOOST_TEST(dd_statistics_line(0, 250005) == "0 bytes copied, 0.000250005 s, 0.0 kB/s");
  BOOST_TEST(dd_statistics_line(1000, 267908) == "1000 bytes (1.0 kB) copied, 0.000267908 s, 3.7 MB/s");
  BOOST_TEST(dd_statistics_line(1024, 258871) == "1024 bytes (1.0 kB, 1.0 KiB) copied, 0.000258871 s, 4.0 MB/s");
  BOOST_TEST(dd_statistics_line(10239, 244424) == "10239 bytes (10 kB, 10 KiB) copied, 0.000244424 s, 41.9 MB/s");
  BOOST_TEST(dd_statistics_line(3145728, 13776900) == "3145728 bytes (3.1 MB, 3.0 MiB) copied, 0.0137769 s, 228 MB/s");
  BOOST_TEST(dd_statistics_line(104857600, 11434000) == "104857600 bytes (105 MB, 100 MiB) copied, 0.011434 s, 9.2 GB/s");
  BOOST_TEST(dd_statistics_line(6, 6842420) == "6 bytes copied, 0.00684242 s, 0.9 kB/s");
  BOOST_TEST(dd_statistics_line(2000, 1208000000) == "2000 bytes (2.0 kB, 2.0 KiB) copied, 1.208 s, 1.7 kB/s");
  // The capture in the fixtures, by an older dd that printed no IEC size.
  BOOST_TEST(dd_statistics_line(214622535680, 1329800000000) ==
             "214622535680 bytes (215 GB, 200 GiB) copied, 1329.8 s, 161 MB/s");
  BOOST_TEST(dd_statistics_line(512, 0) == "512 bytes copied, 0 s, Infinity B/s");
  BOOST_TEST(dd_statistics_line(5'000'000, 2'400'000'000, true) == "5000000 bytes (5.0 MB, 4.8 MiB) copied, 2 s, 2.1 MB/s");
}

BOOST_AUTO_TEST_CASE(exact_integer_rates_when_the_time_divides_a_second) {
  BOOST_TEST(dd_rate(1500, 1'000'000'000) == "1.5 kB/s");
  BOOST_TEST(dd_rate(1'049'999, 1'000'000) == "1.0 GB/s");
  BOOST_TEST(dd_rate(3000, 2'000'000'000) == "1.5 kB/s");
}

BOOST_AUTO_TEST_CASE(records_and_bsd_lines) {
  BOOST_TEST(dd_records_lines({52398080, 0, 52398080, 0}) == "52398080+0 records in\n52398080+0 records out\n");
  BOOST_TEST(bsd_statistics_line(268435456, 7'021'400'000) == "268435456 bytes transferred in 7.021 secs (38231044 bytes/sec)");
  BOOST_TEST(bsd_statistics_line(0, 0) == "0 bytes transferred in 0.000 secs (0 bytes/sec)");
  // The OpenBSD captures have this shape.
  std::ifstream in(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/bsd-dd-openbsd-raw-writeback-no-bbu.txt");
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  const std::regex bsd(R"((\d+) bytes transferred in \d+\.\d{3} secs \(\d+ bytes/sec\))");
  std::smatch m;
  BOOST_TEST_REQUIRE(std::regex_search(text, m, bsd));
  BOOST_TEST(std::regex_match(bsd_statistics_line(std::stoull(m[1]), 7'021'000'000), bsd));
}

BOOST_AUTO_TEST_SUITE_END()
