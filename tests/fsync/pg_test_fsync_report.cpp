// The pg_test_fsync text pieces against lines of the real tool's output, and the closing interpretation.
#include "raidbench/report/pg_test_fsync.hpp"
#include "raidbench/report/pg_test_fsync_interpretation.hpp"

#include <boost/test/unit_test.hpp>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(pg_test_fsync_report_test)

// Lines copied from `pg_test_fsync -s 1` (PostgreSQL 15.18, Debian 12) on this machine.
BOOST_AUTO_TEST_CASE(lines_as_pg_test_fsync_15_prints_them) {
  BOOST_TEST(pg_test_fsync::header(1) == "1 second per test\nO_DIRECT supported on this platform for open_datasync and open_sync.\n");
  BOOST_TEST(pg_test_fsync::header(5).rfind("5 seconds per test\n", 0) == 0u);
  BOOST_TEST(pg_test_fsync::label("open_datasync") + pg_test_fsync::rate(900.466, 1.0) ==
             "        open_datasync                       900.466 ops/sec    1111 usecs/op\n");
  BOOST_TEST(pg_test_fsync::label("write") + pg_test_fsync::rate(157308.475, 1.0) ==
             "        write                            157308.475 ops/sec       6 usecs/op\n");
  BOOST_TEST(pg_test_fsync::label("16 *  1kB open_sync writes") + pg_test_fsync::rate(58.33, 1.0) ==
             "        16 *  1kB open_sync writes           58.330 ops/sec   17144 usecs/op\n");
  BOOST_TEST(pg_test_fsync::label("fsync_writethrough") + pg_test_fsync::not_available(false) ==
             "        fsync_writethrough                              n/a\n");
  BOOST_TEST(pg_test_fsync::label("open_sync") + pg_test_fsync::not_available(true) ==
             "        open_sync                                      n/a*\n");
  BOOST_TEST(pg_test_fsync::sync_methods_heading(2, 8) ==
             "\nCompare file sync methods using two 8kB writes:\n"
             "(in wal_sync_method preference order, except fdatasync is Linux's default)\n");
  BOOST_TEST(pg_test_fsync::non_sync_heading(8) == "\nNon-sync'ed 8kB writes:\n");
  BOOST_TEST(pg_test_fsync::sync_methods_heading(1, 16) ==
             "\nCompare file sync methods using one 16kB write:\n"
             "(in wal_sync_method preference order, except fdatasync is Linux's default)\n");
  BOOST_TEST(pg_test_fsync::non_sync_heading(16) == "\nNon-sync'ed 16kB writes:\n");
}

// The interpretation describes the storage and the fastest flush, and states the flush rule's verdict
// (tests/verdict hold the rule's thresholds): it judges nothing itself.
BOOST_AUTO_TEST_CASE(interpretation_describes_and_states_the_flush_verdict) {
  const path_storage rotating{"ext2/3/4", block_device{"sda", "sda1", true}};
  const verdict cached{"flush_faster_than_media", "open_datasync", true, severity::warning,
                       "a write cache absorbs the flushes (a controller's, the drive's or the hypervisor's); whether it "
                       "survives a power loss is unknown without the controller inventory", {}};
  auto fast = pg_test_fsync::interpretation("f", rotating, {"open_datasync", 24739}, &cached);
  BOOST_TEST_REQUIRE(fast.size() == 3u);
  BOOST_TEST(fast[0] == "f is on ext2/3/4 on sda (partition sda1), which reports itself rotational.");
  BOOST_TEST(fast[1].find("open_datasync at 24739 per second") != std::string::npos, fast[1]);
  BOOST_TEST(fast[2] == "A write cache absorbs the flushes (a controller's, the drive's or the hypervisor's); whether it "
                        "survives a power loss is unknown without the controller inventory.");

  const path_storage flash{"xfs", block_device{"nvme0n1", "", false}};
  auto ssd = pg_test_fsync::interpretation("f", flash, {"fdatasync", 5000}, nullptr);
  BOOST_TEST(ssd[0] == "f is on xfs on nvme0n1, which reports itself non-rotational.");
  BOOST_TEST(ssd.size() == 2u);

  auto memory = pg_test_fsync::interpretation("f", {"tmpfs", std::nullopt}, {"fdatasync", 300000}, &cached);
  BOOST_TEST_REQUIRE(memory.size() == 2u);
  BOOST_TEST(memory[0].find("tmpfs: it lives in memory") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
