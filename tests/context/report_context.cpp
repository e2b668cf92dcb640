// The context header text: devices, alignment, PCIe link, and "unknown" where nothing was said.
#include "raidbench/report/context.hpp"

#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "fake_tree.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(report_context_test)

BOOST_AUTO_TEST_CASE(sata_behind_lsi) {
  temp_dir root;
  mount_on_sata_behind_lsi(root.path(), "rw");
  auto c = gather_storage_context(root.path(), root.path());
  BOOST_TEST_REQUIRE(c.has_value());
  c->filesystem.block_size = 4096;
  c->filesystem.size_bytes = 1ull << 40;
  c->filesystem.available_bytes = 1ull << 39;
  const std::string expected = fmt::format(
      "context of {0}\n"
      "  kernel:     unknown\n"
      "  cpu:        unknown, RAM unknown\n"
      "  filesystem: ext4 on /dev/sda1 at {0}, block size 4 KiB, 512 GiB free of 1 TiB\n"
      "  options:    rw,noatime\n"
      "  sda1:       partition of sda, 3.64 TiB, starts at 32256 B, NOT aligned to the physical sector, NOT aligned to 1 MiB\n"
      "  sda:        sata disk ATA ST4000NM0033-9ZM, 3.64 TiB, rotational, sectors 512/4096, scheduler mq-deadline, "
      "nr_requests 64, max_sectors_kb 1280, write cache write back, no FUA\n"
      "              pci 0000:01:00.0 (mpt3sas) 0x1000:0x0097, link 5.0 GT/s PCIe x4 of max 8.0 GT/s PCIe x8 (BELOW its maximum)\n",
      root.path().string());
  BOOST_TEST(format_context(*c) == expected);
}

BOOST_AUTO_TEST_CASE(tmpfs_says_memory) {
  auto c = gather_storage_context("/dev/shm");
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(format_context(*c).find("device:     none (") != std::string::npos);
  BOOST_TEST(format_context(*c).find("the data lives in memory") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
