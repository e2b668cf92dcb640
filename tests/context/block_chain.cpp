// The block device chain through fake /sys trees: SATA behind an HBA, dm-crypt over md, virtio, loop.
#include "raidbench/context/block_chain.hpp"

#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/verdict/rate_above_ceiling.hpp"
#include "raidbench/verdict/rule_list.hpp"
#include "fake_tree.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(block_chain_test)

BOOST_AUTO_TEST_CASE(sata_disk_behind_an_lsi_hba_with_a_misaligned_partition) {
  temp_dir root;
  const auto sda = make_sata_behind_lsi(root.path());
  map_device(root.path(), "8:1", sda / "sda1");
  const auto chain = read_block_chain(8, 1, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 2u);
  const block_node& part = chain[0];
  BOOST_TEST(part.name == "sda1");
  BOOST_TEST((part.kind == block_kind::partition));
  BOOST_TEST(part.below == std::vector<std::string>{"sda"});
  BOOST_TEST((part.start_bytes == std::optional<std::uint64_t>(63 * 512)));
  BOOST_TEST((part.aligned_to_physical_sector == std::optional<bool>(false)));
  BOOST_TEST((part.aligned_to_1mib == std::optional<bool>(false)));
  BOOST_TEST(!part.rotational.has_value());  // a partition has no queue of its own

  const block_node& disk = chain[1];
  BOOST_TEST(disk.name == "sda");
  BOOST_TEST((disk.kind == block_kind::disk));
  BOOST_TEST(disk.below.empty());
  BOOST_TEST((disk.transport == std::optional<std::string>("sata")));  // vendor "ATA" behind a SAS HBA
  BOOST_TEST((disk.vendor == std::optional<std::string>("ATA")));
  BOOST_TEST((disk.model == std::optional<std::string>("ST4000NM0033-9ZM")));
  BOOST_TEST((disk.size_bytes == std::optional<std::uint64_t>(7814037168ull * 512)));
  BOOST_TEST((disk.rotational == std::optional<bool>(true)));
  BOOST_TEST((disk.logical_sector_bytes == std::optional<std::uint64_t>(512)));
  BOOST_TEST((disk.physical_sector_bytes == std::optional<std::uint64_t>(4096)));
  BOOST_TEST((disk.scheduler == std::optional<std::string>("mq-deadline")));
  BOOST_TEST((disk.nr_requests == std::optional<std::uint64_t>(64)));
  BOOST_TEST((disk.max_sectors_kb == std::optional<std::uint64_t>(1280)));
  BOOST_TEST((disk.write_cache == std::optional<std::string>("write back")));
  BOOST_TEST((disk.fua == std::optional<bool>(false)));
  BOOST_TEST_REQUIRE(disk.pci.has_value());
  BOOST_TEST(disk.pci->address == "0000:01:00.0");
  BOOST_TEST((disk.pci->driver == std::optional<std::string>("mpt3sas")));
  BOOST_TEST((disk.pci->vendor_id == std::optional<std::string>("0x1000")));
  BOOST_TEST((disk.pci->current_speed == std::optional<std::string>("5.0 GT/s PCIe")));
  BOOST_TEST((disk.pci->max_width == std::optional<unsigned>(8)));
  BOOST_TEST((link_below_max(*disk.pci) == std::optional<bool>(true)));
}

BOOST_AUTO_TEST_CASE(aligned_partition_and_a_link_at_its_maximum) {
  temp_dir root;
  const auto sda = make_sata_behind_lsi(root.path());
  put(sda / "sda1/start", "2048\n");
  const auto hba = root / "sys/devices/pci0000:00/0000:00:01.0/0000:01:00.0";
  put(hba / "current_link_speed", "8.0 GT/s PCIe\n");
  put(hba / "current_link_width", "8\n");
  map_device(root.path(), "8:1", sda / "sda1");
  const auto chain = read_block_chain(8, 1, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 2u);
  BOOST_TEST((chain[0].aligned_to_physical_sector == std::optional<bool>(true)));
  BOOST_TEST((chain[0].aligned_to_1mib == std::optional<bool>(true)));
  BOOST_TEST((link_below_max(*chain[1].pci) == std::optional<bool>(false)));
}

BOOST_AUTO_TEST_CASE(dm_crypt_over_md_raid1_over_two_partitions) {
  temp_dir root;
  make_crypt_over_md(root.path());
  map_device(root.path(), "253:0", root / "sys/devices/virtual/block/dm-0");
  const auto chain = read_block_chain(253, 0, root / "sys");
  std::vector<std::string> names;
  for (const auto& n : chain) names.push_back(n.name);
  BOOST_TEST(names == (std::vector<std::string>{"dm-0", "md0", "sdb1", "sdc1", "sdb", "sdc"}));
  BOOST_TEST_REQUIRE(chain.size() == 6u);
  BOOST_TEST((chain[0].kind == block_kind::device_mapper));
  BOOST_TEST((chain[0].dm_target == std::optional<std::string>("crypt")));
  BOOST_TEST((chain[0].dm_name == std::optional<std::string>("cryptdata")));
  BOOST_TEST(chain[0].below == std::vector<std::string>{"md0"});
  BOOST_TEST((chain[1].kind == block_kind::md));
  BOOST_TEST((chain[1].md_level == std::optional<std::string>("raid1")));
  BOOST_TEST((chain[1].md_degraded == std::optional<unsigned>(1)));
  BOOST_TEST((chain[1].md_raid_disks == std::optional<unsigned>(2)));
  BOOST_TEST(chain[1].below == (std::vector<std::string>{"sdb1", "sdc1"}));
  BOOST_TEST((chain[2].aligned_to_1mib == std::optional<bool>(true)));
  const auto disks = bottom_devices(chain);
  BOOST_TEST_REQUIRE(disks.size() == 2u);
  BOOST_TEST(disks[0]->name == "sdb");
  BOOST_TEST((disks[0]->transport == std::optional<std::string>("sata")));
  BOOST_TEST((disks[0]->rotational == std::optional<bool>(false)));
  BOOST_TEST_REQUIRE(disks[0]->pci.has_value());
  BOOST_TEST(disks[0]->pci->address == "0000:00:1f.2");
  BOOST_TEST(!link_below_max(*disks[0]->pci).has_value());  // no link files: unknown, not "fine"
}

BOOST_AUTO_TEST_CASE(virtio_disk_is_reported_as_virtio) {
  temp_dir root;
  const auto vda = make_virtio(root.path());
  map_device(root.path(), "254:0", vda);
  const auto chain = read_block_chain(254, 0, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 1u);
  BOOST_TEST((chain[0].transport == std::optional<std::string>("virtio")));
  BOOST_TEST(!chain[0].vendor.has_value());  // 0x1af4 is the virtio function's PCI id, not a maker
  BOOST_TEST(!chain[0].model.has_value());
  BOOST_TEST_REQUIRE(chain[0].pci.has_value());
  BOOST_TEST((chain[0].pci->driver == std::optional<std::string>("virtio-pci")));
  BOOST_TEST(!chain[0].pci->current_speed.has_value());
  BOOST_TEST((chain[0].scheduler == std::optional<std::string>("mq-deadline")));
}

BOOST_AUTO_TEST_CASE(loop_device_names_its_backing_file) {
  temp_dir root;
  map_device(root.path(), "7:0", make_loop(root.path()));
  const auto chain = read_block_chain(7, 0, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 1u);
  BOOST_TEST((chain[0].kind == block_kind::loop));
  BOOST_TEST((chain[0].backing_file == std::optional<std::string>("/var/tmp/disk.img")));
  BOOST_TEST(!chain[0].pci.has_value());
}

BOOST_AUTO_TEST_CASE(a_sata_link_at_3_gbs_bounds_the_disk_at_300_mb_per_second) {
  temp_dir root;
  map_device(root.path(), "8:0", make_sata_on_ahci(root.path(), "3.0 Gbps"));
  const auto chain = read_block_chain(8, 0, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 1u);
  BOOST_TEST((chain[0].link == std::optional<disk_link>(disk_link{"sata", 3.0})));
  storage_context c;
  c.devices = chain;
  const auto ceiling = transfer_ceiling(c, false, 1u << 20);
  BOOST_TEST_REQUIRE(ceiling.has_value());
  BOOST_TEST(ceiling->bytes_per_second == 300e6);
  BOOST_TEST(ceiling->reasons == std::vector<std::string>{"sda: a SATA 3 Gb/s link (negotiated) carries at most 300 MB/s"});
}

BOOST_AUTO_TEST_CASE(a_sata_link_without_a_device_says_unknown_and_the_fastest_sata_link_is_assumed) {
  temp_dir root;
  map_device(root.path(), "8:0", make_sata_on_ahci(root.path(), "<unknown>"));
  const auto chain = read_block_chain(8, 0, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 1u);
  BOOST_TEST(!chain[0].link.has_value());
  storage_context c;
  c.devices = chain;
  BOOST_TEST(transfer_ceiling(c, false, 4096).value().bytes_per_second == 600e6);
}

BOOST_AUTO_TEST_CASE(the_rate_rule_fires_over_a_sata_6_gbs_link_read_from_sys_and_not_below_it) {
  temp_dir root;
  map_device(root.path(), "8:0", make_sata_on_ahci(root.path(), "6.0 Gbps"));
  storage_context c;
  c.devices = read_block_chain(8, 0, root / "sys");
  auto test_at = [](double seconds) {
    named_result t{"write O_DIRECT", {}};
    t.result.workload.access = "sequential";
    t.result.workload.open_flags = open_flags_from("direct");
    t.result.workload.block_size = 1u << 20;
    t.result.stats.elapsed_ns = static_cast<std::uint64_t>(seconds * 1e9);
    t.result.stats.of(op_kind::write).ops = 1000;
    t.result.stats.of(op_kind::write).bytes = 1000ull << 20;  // 1,049 MB
    return t;
  };
  const auto judged = [&](const named_result& t) {
    const named_result tests[] = {t};
    const auto vs = judge(facts{&c, nullptr, {}, tests, {}}, rules<rule::rate_above_ceiling>);
    BOOST_TEST_REQUIRE(vs.size() == 1u);
    return vs[0];
  };
  const verdict above = judged(test_at(0.5));  // 2,097 MB/s
  BOOST_TEST(above.fired);
  BOOST_TEST(above.message == "2,097 MB/s of writes through a SATA 6 Gb/s link (≤ 600 MB/s): a cache absorbed them");
  const verdict below = judged(test_at(2.0));  // 524 MB/s
  BOOST_TEST(!below.fired);
}

BOOST_AUTO_TEST_CASE(a_sas_phy_and_a_usb_port_give_their_negotiated_speed) {
  temp_dir root;
  const auto sda = make_sata_behind_lsi(root.path());
  put_sas_phy(root.path(), "3.0 Gbit");
  map_device(root.path(), "8:0", sda);
  const auto behind_hba = read_block_chain(8, 0, root / "sys");
  BOOST_TEST_REQUIRE(behind_hba.size() == 1u);
  BOOST_TEST((behind_hba[0].link == std::optional<disk_link>(disk_link{"sas", 3.0})));

  map_device(root.path(), "8:16", make_usb_disk(root.path(), "480"));
  const auto on_usb = read_block_chain(8, 16, root / "sys");
  BOOST_TEST_REQUIRE(on_usb.size() == 1u);
  BOOST_TEST((on_usb[0].transport == std::optional<std::string>("usb")));
  BOOST_TEST((on_usb[0].link == std::optional<disk_link>(disk_link{"usb", 0.48})));
  BOOST_TEST(link_name(*on_usb[0].link) == "USB 480 Mb/s link");
}

BOOST_AUTO_TEST_CASE(a_virtio_disk_has_no_link_and_its_ceiling_is_unknown) {
  temp_dir root;
  map_device(root.path(), "254:0", make_virtio(root.path()));
  storage_context c;
  c.devices = read_block_chain(254, 0, root / "sys");
  BOOST_TEST_REQUIRE(c.devices.size() == 1u);
  BOOST_TEST(!c.devices[0].link.has_value());
  const auto ceiling = transfer_ceiling(c, false, 4096);
  BOOST_TEST(!ceiling.has_value());
  BOOST_TEST(ceiling.message() == "vda is a virtio disk: the host's storage behind it is unknown");
}

BOOST_AUTO_TEST_CASE(missing_and_garbled_files_are_unknown) {
  temp_dir root;
  const auto vda = make_virtio(root.path());
  fs::remove(vda / "queue/fua");
  put(vda / "queue/rotational", "maybe\n");
  put(vda / "queue/scheduler", "\n");
  map_device(root.path(), "254:0", vda);
  const auto chain = read_block_chain(254, 0, root / "sys");
  BOOST_TEST_REQUIRE(chain.size() == 1u);
  BOOST_TEST(!chain[0].fua.has_value());
  BOOST_TEST(!chain[0].rotational.has_value());
  BOOST_TEST(!chain[0].scheduler.has_value());
  BOOST_TEST(read_block_chain(9, 9, root / "sys").empty());
}

BOOST_AUTO_TEST_SUITE_END()
