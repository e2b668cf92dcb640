// Rule rate_above_ceiling: one verdict per test with writes or O_DIRECT reads; fires on a figure
// more than 1.25x what the negotiated link (SATA, SAS, USB) or the media carries, says "possibly"
// between 1x and 1.25x, and says why when the ceiling is unknown (a virtio disk). Buffered reads
// are left to page_cache_reads. (Links read from a synthetic /sys: tests/context/block_chain.cpp.)
#include "raidbench/verdict/rate_above_ceiling.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"
#include "raidbench/verdict/device_ceiling.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(rate_above_ceiling_test)

constexpr std::uint64_t MiB = 1ull << 20, GiB = 1ull << 30;

// One non-rotating disk on a link that negotiated `gigabits`.
storage_context on_link(const char* kind, double gigabits) {
  storage_context c = one_disk(kind, false);
  c.devices[0].link = disk_link{kind, gigabits};
  return c;
}

std::vector<verdict> judged(const storage_context& c, const named_result& t) {
  const named_result tests[] = {t};
  return judged_by<rule::rate_above_ceiling>(facts{&c, nullptr, {}, tests, {}});
}

// 1,000 O_DIRECT reads (or writes) of 1 MiB at `mb_per_second`.
named_result direct(const char* what, double mb_per_second, bool writes) {
  const double seconds = 1000.0 * static_cast<double>(MiB) / (mb_per_second * 1e6);
  return measured(what, "sequential", "direct", 64 * GiB, MiB, writes ? 0 : 1000, writes ? 1000 : 0, 0, seconds);
}

BOOST_AUTO_TEST_CASE(o_direct_reads_above_a_sata_6_gbs_link_fire_and_below_it_do_not) {
  const storage_context sata = on_link("sata", 6.0);
  const verdict v = only(judged(sata, direct("read O_DIRECT", 3400, false)));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.rule == "rate_above_ceiling");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message == "3,400 MB/s of reads through a SATA 6 Gb/s link (≤ 600 MB/s): a cache served them");
  BOOST_TEST(v.evidence == (std::vector<std::string>{"measured 3,400 MB/s of reads (O_DIRECT)",
                                                     "sda: a SATA 6 Gb/s link (negotiated) carries at most 600 MB/s"}));
  const verdict below = only(judged(sata, direct("read O_DIRECT", 550, false)));
  BOOST_TEST(!below.fired);
  BOOST_TEST(below.message == "the rates are within what a SATA 6 Gb/s link can carry (600 MB/s)");
  const verdict margin = only(judged(sata, direct("read O_DIRECT", 700, false)));
  BOOST_TEST(!margin.fired);
  BOOST_TEST(margin.message.starts_with("possibly a cache: 700 MB/s of reads through a SATA 6 Gb/s link (≤ 600 MB/s), 1.17x, "
                                        "within the 1.25x margin"));
}

BOOST_AUTO_TEST_CASE(a_3_gbs_sata_link_carries_300_mb_per_second) {
  const storage_context sata = on_link("sata", 3.0);
  const verdict v = only(judged(sata, direct("write O_DIRECT", 450, true)));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.message == "450 MB/s of writes through a SATA 3 Gb/s link (≤ 300 MB/s): a cache absorbed them");
  BOOST_TEST(!only(judged(sata, direct("write O_DIRECT", 280, true))).fired);
  // Without the negotiated speed, a SATA disk is taken at the fastest SATA link: 450 MB/s fits.
  BOOST_TEST(!only(judged(one_disk("sata", false), direct("write O_DIRECT", 450, true))).fired);
}

BOOST_AUTO_TEST_CASE(a_usb_2_link_carries_60_mb_per_second_and_usb_3_500) {
  const verdict v = only(judged(on_link("usb", 0.48), direct("write O_DIRECT", 200, true)));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.message == "200 MB/s of writes through a USB 480 Mb/s link (≤ 60 MB/s): a cache absorbed them");
  BOOST_TEST(!only(judged(on_link("usb", 5.0), direct("write O_DIRECT", 400, true))).fired);
  BOOST_TEST(link_bytes_per_second(disk_link{"usb", 10.0}) == 10e9 * 128 / 132 / 8, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(link_bytes_per_second(disk_link{"sas", 12.0}) == 1200e6, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(buffered_writes_and_commits_are_judged_buffered_reads_are_left_to_page_cache_reads) {
  const storage_context sata = on_link("sata", 6.0);
  // fdatasync after each 8 KiB write, 100,000 commits/s: 819 MB/s of writes through the link.
  const auto commits = measured("fdatasync 8 KiB", "sequential", "none", 1 * GiB, 8192, 0, 100'000, 100'000, 1.0);
  const verdict v = only(judged(sata, commits));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.message == "819 MB/s of writes through a SATA 6 Gb/s link (≤ 600 MB/s): a cache absorbed them");
  BOOST_TEST(v.evidence.at(0) == "measured 819 MB/s of writes (buffered)");
  const auto buffered_reads = measured("read buffered", "sequential", "none", 1 * GiB, MiB, 4000, 0, 0, 1.0);
  BOOST_TEST(judged(sata, buffered_reads).empty());
}

BOOST_AUTO_TEST_CASE(a_virtio_disk_has_no_known_ceiling_and_says_why) {
  const verdict v = only(judged(one_disk("virtio", true), direct("write O_DIRECT", 3400, true)));
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message == "the device's ceiling is unknown: sda is a virtio disk: the host's storage behind it is unknown");
}

BOOST_AUTO_TEST_CASE(an_array_of_two_disks_carries_their_sum) {
  storage_context c = on_link("sata", 6.0);
  block_node second = c.devices[0];
  second.name = "sdb";
  block_node md;
  md.name = "md0";
  md.kind = block_kind::md;
  md.below = {"sda", "sdb"};
  c.devices = {md, c.devices[0], second};
  const verdict v = only(judged(c, direct("read O_DIRECT", 1000, false)));
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message == "the rates are within what 2 disks (sda, sdb) can carry (1,200 MB/s)");
  BOOST_TEST(only(judged(c, direct("read O_DIRECT", 1600, false))).message ==
             "1,600 MB/s of reads through 2 disks (sda, sdb) (≤ 1,200 MB/s): a cache served them");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
