// Storage-wide rules: misaligned partition, PCIe link below its maximum, degraded array.
#include <boost/test/unit_test.hpp>

#include "make.hpp"
#include "raidbench/verdict/alignment.hpp"
#include "raidbench/verdict/degraded_array.hpp"
#include "raidbench/verdict/pcie_link_rule.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(storage_rules_test)

storage_context partitioned(std::uint64_t start, std::optional<bool> physical, std::optional<bool> mib) {
  auto c = one_disk("sata", true);
  block_node p;
  p.name = "sda1";
  p.kind = block_kind::partition;
  p.below = {"sda"};
  p.start_bytes = start;
  p.aligned_to_physical_sector = physical;
  p.aligned_to_1mib = mib;
  c.devices.insert(c.devices.begin(), p);
  return c;
}

BOOST_AUTO_TEST_CASE(misaligned_partitions_fire) {
  const verdict sector = partition_misaligned(partitioned(32256, false, false));
  BOOST_TEST(sector.fired);
  BOOST_TEST((sector.level == severity::critical));
  BOOST_TEST(sector.evidence.size() == 2u);
  const verdict stripe = partition_misaligned(partitioned(65536, true, false));
  BOOST_TEST(stripe.fired);
  BOOST_TEST((stripe.level == severity::warning));
}

BOOST_AUTO_TEST_CASE(aligned_unknown_and_whole_disks_do_not_fire) {
  BOOST_TEST(!partition_misaligned(partitioned(1 << 20, true, true)).fired);
  auto unknown = partitioned(0, std::nullopt, std::nullopt);
  unknown.devices[0].start_bytes.reset();
  BOOST_TEST(partition_misaligned(unknown).message == "partition start unknown");
  BOOST_TEST(partition_misaligned(one_disk("sata", true)).message == "no partition under the files");
}

BOOST_AUTO_TEST_CASE(pcie_link_below_its_maximum_fires) {
  auto c = one_disk("scsi", true);
  c.devices[0].pci = pcie_link{"0000:01:00.0", "0x1000", "0x005d", "megaraid_sas", "5.0 GT/s PCIe", "8.0 GT/s PCIe", 8, 8};
  const verdict v = pcie_link_below_max(c);
  BOOST_TEST(v.fired);
  BOOST_TEST(v.evidence.at(0) == "0000:01:00.0 above sda: link 5.0 GT/s PCIe x8, maximum 8.0 GT/s PCIe x8");
  c.devices[0].pci->current_speed = "8.0 GT/s PCIe";
  BOOST_TEST(!pcie_link_below_max(c).fired);
  c.devices[0].pci->current_width = 4;
  BOOST_TEST(pcie_link_below_max(c).fired);
  c.devices[0].pci->max_speed.reset();
  BOOST_TEST(!pcie_link_below_max(c).fired);  // unknown maximum: no claim
  BOOST_TEST(pcie_link_below_max(c).message.find("unknown") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(degraded_md_or_controller_vd_fires) {
  auto c = one_disk("sata", true);
  block_node md;
  md.name = "md0";
  md.kind = block_kind::md;
  md.below = {"sda"};
  md.md_level = "raid1";
  md.md_raid_disks = 2;
  md.md_degraded = 0;
  md.md_sync_action = "idle";
  c.devices.insert(c.devices.begin(), md);
  BOOST_TEST(!degraded_array(c).fired);
  // A resync with every member present is background work: a warning, as rb-ctrl's array_busy.
  c.devices[0].md_sync_action = "recover";
  BOOST_TEST(degraded_array(c).fired);
  BOOST_TEST((degraded_array(c).level == severity::warning));
  c.devices[0].md_sync_action = "idle";
  c.devices[0].md_degraded = 1;
  const verdict v = degraded_array(c);
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::critical));
  BOOST_TEST(v.evidence.at(0) == "md0 (raid1): 1 of 2 members missing");

  auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(!degraded_array(one_disk("scsi", true), &inv).fired);
  inv.controllers[0].virtual_drives[0].state = vd_state::degraded;
  BOOST_TEST(degraded_array(one_disk("scsi", true), &inv).fired);
  // Not tied to the device (ownership unknown): the sick array may be another's, so a warning.
  BOOST_TEST((degraded_array(one_disk("scsi", true), &inv).level == severity::warning));
}

BOOST_AUTO_TEST_SUITE_END()
