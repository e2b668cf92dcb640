// The journal (verify/journal.hpp): what is acknowledged is there when it is opened again, a map
// sector torn by a power cut is found (and its blocks left unjudged, never called lost), and what is
// no journal, or another version, is one line.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <fstream>

#include "../support/temp_dir.hpp"
#include "raidbench/verify/journal.hpp"

BOOST_AUTO_TEST_SUITE(journal_test)

using namespace raidbench::verify;

journal_layout layout_of(const raidbench::test::temp_dir& dir) {
  return {0xfeedULL, 4096, 1u << 20, payload::compressible, {(dir / "a").string(), (dir / "b").string()}};
}

BOOST_AUTO_TEST_CASE(acknowledged_generations_survive_and_batches_commit_together) {
  raidbench::test::temp_dir dir;
  {
    auto j = journal::create(dir / "j", layout_of(dir));
    BOOST_TEST_REQUIRE(j.has_value(), (j ? std::string() : j.message()));
    const acknowledgement first[] = {{0, 1}, {300, 2}, {511, 7}};
    BOOST_TEST(j->acknowledge(first).has_value());
    BOOST_TEST(j->costs().commits == 1u);
    j->set_batch(3);
    const acknowledgement later[] = {{0, 2}};
    BOOST_TEST(j->acknowledge(later).has_value());
    BOOST_TEST(j->costs().commits == 1u);  // pending until the batch is full, or commit()
    const acknowledgement stale[] = {{300, 1}};  // an older write acknowledged after a newer one
    BOOST_TEST(j->acknowledge(stale).has_value());
    BOOST_TEST(j->commit().has_value());
    BOOST_TEST(j->costs().commits == 2u);
    BOOST_TEST(!std::filesystem::exists(dir / "j.new"));
    BOOST_TEST(!journal::create(dir / "j", layout_of(dir)).has_value());  // never over another
  }
  auto j = journal::open(dir / "j");
  BOOST_TEST_REQUIRE(j.has_value(), (j ? std::string() : j.message()));
  BOOST_TEST(j->layout().files == layout_of(dir).files);
  BOOST_TEST(j->layout().run == 0xfeedULL);
  BOOST_TEST((j->layout().data == payload::compressible));
  BOOST_TEST(j->acknowledged(0) == 2u);
  BOOST_TEST(j->acknowledged(300) == 2u);
  BOOST_TEST(j->acknowledged(511) == 7u);
  BOOST_TEST(j->acknowledged(1) == 0u);
  BOOST_TEST(j->torn_sectors() == 0u);
}

BOOST_AUTO_TEST_CASE(a_torn_map_sector_is_found_and_other_files_are_refused) {
  raidbench::test::temp_dir dir;
  {
    auto j = journal::create(dir / "j", layout_of(dir));
    BOOST_TEST_REQUIRE(j.has_value());
    const acknowledgement a[] = {{130, 4}};
    BOOST_TEST(j->acknowledge(a).has_value());
  }
  // Half a sector of the map rewritten, as a power cut mid-write leaves it: sector 1 holds block 130.
  const int fd = ::open((dir / "j").c_str(), O_WRONLY);
  const char half[256] = {1};
  BOOST_TEST_REQUIRE(::pwrite(fd, half, sizeof half, 4096 + 512 + 256) == 256);
  ::close(fd);
  auto j = journal::open(dir / "j");
  BOOST_TEST_REQUIRE(j.has_value(), (j ? std::string() : j.message()));
  BOOST_TEST(j->torn_sectors() == 1u);
  BOOST_TEST(!j->readable(130));
  BOOST_TEST(j->readable(0));

  std::ofstream(dir / "not") << "hello";
  BOOST_TEST(journal::open(dir / "not").message() == (dir / "not").string() + " is not a raidbench journal (no journal header)");
  BOOST_TEST(journal::open(dir / "none").message() ==
             "no journal at " + (dir / "none").string() + ": nothing records what a verified run wrote there");
  // The header checksum covers every field: a changed block size is no journal.
  const int h = ::open((dir / "j").c_str(), O_WRONLY);
  const char big = 0x20;
  BOOST_TEST_REQUIRE(::pwrite(h, &big, 1, 25) == 1);
  ::close(h);
  BOOST_TEST(journal::open(dir / "j").message().find("its header's checksum does not match") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
