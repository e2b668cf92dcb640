// The server's record (durability/record.hpp): what it acknowledged is there after a restart; a
// write sent again after a reconnection is taken once; a line torn by a crash while it was appended
// is cut off; a damaged line before the end stops the server instead of being trusted.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "raidbench/durability/record.hpp"

BOOST_AUTO_TEST_SUITE(record_test)

using namespace raidbench;
using namespace raidbench::durability;
using raidbench::test::slurp;
using raidbench::test::temp_dir;

durable_record open_record(const std::filesystem::path& dir) {
  auto held = held_directory::open(dir);
  BOOST_TEST_REQUIRE(held.has_value());
  auto r = durable_record::open(*held, "rb-durable.record");
  BOOST_TEST_REQUIRE(r.has_value(), (r ? std::string() : r.message()));
  return std::move(*r);
}

recorded_run a_run(std::uint64_t id, std::string name) {
  recorded_run r;
  r.id = id;
  r.name = std::move(name);
  r.block_size = 4096;
  r.size = 65536;
  r.boot_id = "2b0c8e3a-0b5e-4c1e-9a57-0c6a1f0d5e11";
  r.started = 1700000000;
  return r;
}

BOOST_AUTO_TEST_CASE(what_was_acknowledged_is_there_after_a_restart) {
  temp_dir dir;
  {
    auto r = open_record(dir.path());
    BOOST_TEST_REQUIRE(r.begin(a_run(0x1234, "db1:/srv/a.dat")).has_value());
    BOOST_TEST(r.write(0x1234, 8192, {1, 0xdeadbeef, flush_method::fdatasync}).has_value());
    BOOST_TEST(r.write(0x1234, 8192, {2, 0x01020304, flush_method::dsync}).has_value());
    BOOST_TEST(r.write(0x1234, 8192, {2, 0x01020304, flush_method::dsync}).has_value());  // sent again: taken once
    BOOST_TEST(!r.write(0x1234, 8192, {1, 0xdeadbeef, flush_method::fsync}).has_value());  // older than acknowledged
    BOOST_TEST(!r.write(0x1234, 65536, {1, 1, flush_method::fsync}).has_value());          // past the end
    BOOST_TEST(!r.write(0x9999, 0, {1, 1, flush_method::fsync}).has_value());              // no such run
    BOOST_TEST(!r.begin(a_run(0x1234, "again")).has_value());
    const auto totals = r.verified(0x1234, {1, 0, true, 1700000100});
    BOOST_TEST_REQUIRE(totals.has_value());
    BOOST_TEST(totals->cuts == 1u);
  }
  auto r = open_record(dir.path());
  const recorded_run* run = r.latest("db1:/srv/a.dat");
  BOOST_TEST_REQUIRE(run != nullptr);
  BOOST_TEST(run->writes == 2u);
  BOOST_TEST(run->blocks.at(8192).generation == 2u);
  BOOST_TEST(run->blocks.at(8192).checksum == 0x01020304u);
  BOOST_TEST((run->blocks.at(8192).method == flush_method::dsync));
  BOOST_TEST(run->verified->rebooted);
  // A second run of the same name: the latest is the one verify asks about; the totals add up both.
  BOOST_TEST_REQUIRE(r.begin(a_run(0x5678, "db1:/srv/a.dat")).has_value());
  BOOST_TEST(r.write(0x5678, 0, {1, 7, flush_method::fsync}).has_value());
  BOOST_TEST(r.latest("db1:/srv/a.dat")->id == 0x5678u);
  const auto totals = r.verified(0x5678, {1, 1, false, 1700000200});
  BOOST_TEST_REQUIRE(totals.has_value());
  BOOST_TEST(totals->cuts == 2u);
  BOOST_TEST(totals->rebooted_cuts == 1u);
  BOOST_TEST(totals->acknowledged == 3u);
  BOOST_TEST(totals->lost == 1u);
}

BOOST_AUTO_TEST_CASE(a_torn_last_line_is_cut_off_and_a_damaged_one_before_the_end_stops_the_server) {
  temp_dir dir;
  const auto file = dir / "rb-durable.record";
  {
    auto r = open_record(dir.path());
    BOOST_TEST_REQUIRE(r.begin(a_run(0xabc, "h:/x")).has_value());
    BOOST_TEST(r.write(0xabc, 0, {1, 5, flush_method::fsync}).has_value());
  }
  const std::string whole = slurp(file);
  std::ofstream(file, std::ios::app) << "1234abcd write 0000000000000abc 4096 1 000";  // the crash, mid-append
  {
    auto r = open_record(dir.path());
    BOOST_TEST(r.find(0xabc)->writes == 1u);
    BOOST_TEST(slurp(file) == whole);  // cut back to the last whole line
    BOOST_TEST(r.write(0xabc, 4096, {1, 6, flush_method::fsync}).has_value());
  }
  BOOST_TEST(open_record(dir.path()).find(0xabc)->writes == 2u);
  // One byte changed in the first line: the record cannot be trusted.
  std::string text = slurp(file);
  text[text.find("h:/x")] = 'H';
  std::ofstream(file, std::ios::trunc) << text;
  auto held = held_directory::open(dir.path());
  BOOST_TEST_REQUIRE(held.has_value());
  const auto r = durable_record::open(*held, "rb-durable.record");
  BOOST_TEST_REQUIRE(!r.has_value());
  BOOST_TEST(r.message().find("rb-durable.record line 1 is damaged") != std::string::npos, r.message());
}

BOOST_AUTO_TEST_SUITE_END()
