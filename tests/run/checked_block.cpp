// Checked blocks (sysbench's --validate layout) and the engine that writes and checks them.
#include "raidbench/run/checked_block.hpp"

#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <string_view>
#include <vector>

#include "../support/temp_dir.hpp"
#include "raidbench/run/runner.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(checked_block_test)

BOOST_AUTO_TEST_CASE(crc32_is_zlibs) {
  const std::string_view check = "123456789";  // the CRC catalogue's check value for CRC-32/ISO-HDLC
  BOOST_TEST(crc32(reinterpret_cast<const std::byte*>(check.data()), check.size()) == 0xCBF43926u);
  BOOST_TEST(crc32(nullptr, 0) == 0u);
}

BOOST_AUTO_TEST_CASE(a_block_passes_its_check_until_a_byte_or_its_place_changes) {
  std::vector<std::byte> block(4096);
  random_generator rng(7);
  fill_checked_block(block.data(), block.size(), 16384, rng);
  BOOST_TEST(checked_block_problem(block.data(), block.size(), 16384).empty());
  BOOST_TEST(checked_block_problem(block.data(), block.size(), 0) == "Offset mismatch in block:\n   Actual offset: 0    Stored offset: 16384");
  block[100] ^= std::byte{1};
  BOOST_TEST(checked_block_problem(block.data(), block.size(), 16384).starts_with("Checksum mismatch in block with offset: 16384\n"));
  std::vector<std::byte> odd(13);  // one data byte: the tail of the data is filled byte by byte
  fill_checked_block(odd.data(), odd.size(), 5, rng);
  BOOST_TEST(checked_block_problem(odd.data(), odd.size(), 5).empty());
}

BOOST_AUTO_TEST_CASE(the_checked_engine_reads_back_what_it_wrote_and_stops_at_a_bad_block) {
  test::temp_dir dir;
  const target::file_set set{dir.path(), 2, 256_KiB};
  auto write = run(workload(mix::writes, access::sequential, block{4_KiB}, set, engine::psync_checked, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(write.has_value(), (write ? "" : write.message()));
  auto read = run(workload(mix::reads, access::random, block{4_KiB}, set, engine::psync_checked, stop::after{.ops = 500}));
  BOOST_TEST_REQUIRE(read.has_value(), (read ? "" : read.message()));
  BOOST_TEST(read->stats.of(op_kind::read).ops == 500u);
  // One byte changed behind the engine's back: the sequential read-back stops there and says where.
  const int fd = ::open((dir / "test_file.1").c_str(), O_WRONLY);
  BOOST_TEST_REQUIRE(fd >= 0);
  BOOST_TEST(::pwrite(fd, "x", 1, 8192 + 10) == 1);
  ::close(fd);
  auto bad = run(workload(mix::reads, access::sequential, block{4_KiB}, set, engine::psync_checked, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(!bad.has_value());
  BOOST_TEST(bad.message().starts_with("Checksum mismatch in block with offset: 8192\n"), bad.message());
  BOOST_TEST(bad.message().ends_with("\nValidation failed on file 1, block offset 8192, exiting..."), bad.message());
}

BOOST_AUTO_TEST_SUITE_END()
