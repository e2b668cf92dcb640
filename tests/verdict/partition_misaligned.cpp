// Rule partition_misaligned: one storage-wide verdict on the partitions under the files: critical
// when one straddles a physical sector, a warning when it misses 1 MiB.
#include "raidbench/verdict/partition_misaligned.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(partition_misaligned_test)

using rule_of_test = rule::partition_misaligned;

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

verdict judged(const storage_context& c) { return only(judged_by<rule_of_test>(facts{&c, nullptr, {}, {}, {}})); }

BOOST_AUTO_TEST_CASE(misaligned_partitions_fire) {
  const verdict sector = judged(partitioned(32256, false, false));
  BOOST_TEST(sector.fired);
  BOOST_TEST(sector.subject == "");  // the storage as a whole
  BOOST_TEST((sector.level == severity::critical));
  BOOST_TEST(sector.evidence == (std::vector<std::string>{
                                    "sda1 starts at byte 32256: not a multiple of sda's physical sector",
                                    "sda1 starts at byte 32256: not a multiple of 1 MiB (RAID stripes and erase blocks)"}));
  const verdict stripe = judged(partitioned(65536, true, false));
  BOOST_TEST(stripe.fired);
  BOOST_TEST((stripe.level == severity::warning));
}

BOOST_AUTO_TEST_CASE(aligned_unknown_and_whole_disks_do_not_fire) {
  BOOST_TEST(!judged(partitioned(1 << 20, true, true)).fired);
  auto unknown = partitioned(0, std::nullopt, std::nullopt);
  unknown.devices[0].start_bytes.reset();
  BOOST_TEST(judged(unknown).message == "partition start unknown");
  BOOST_TEST(judged(one_disk("sata", true)).message == "no partition under the files");
}

BOOST_AUTO_TEST_CASE(an_inventory_judged_on_its_own_has_no_partitions) {
  const auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(judged_by<rule_of_test>(alone(inv)).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
