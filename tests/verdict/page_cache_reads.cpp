// Rule page_cache_reads: one verdict per test that reads; fires on buffered reads above the device's
// ceiling, far above the same reads with O_DIRECT (the run's O_DIRECT twin), or faster than any
// device answers; not otherwise.
#include "raidbench/verdict/page_cache_reads.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"
#include "raidbench/verdict/device_ceiling.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(page_cache_reads_test)

using rule_of_test = rule::page_cache_reads;

constexpr std::uint64_t MiB = 1ull << 20, GiB = 1ull << 30;

// The verdicts on `results` run over `c`.
std::vector<verdict> judged(const storage_context& c, const std::vector<named_result>& results) {
  return judged_by<rule_of_test>(facts{&c, nullptr, {}, results, {}});
}

// The verdict on `t` alone.
verdict judged(const named_result& t, const storage_context& c) { return only(judged(c, {t})); }

// The verdict on `t` beside its O_DIRECT twin: the same 256 MiB read in `direct_seconds`.
verdict judged_beside_twin(const named_result& t, const storage_context& c, double direct_seconds) {
  const auto twin = measured("twin O_DIRECT", t.result.workload.access, "direct", t.result.workload.total_size,
                             t.result.workload.block_size, t.result.stats.of(op_kind::read).ops, 0, 0, direct_seconds);
  const auto vs = judged(c, {t, twin});
  BOOST_TEST_REQUIRE(vs.size() == 2u);
  BOOST_TEST(on(vs, "twin O_DIRECT").message == "reads used O_DIRECT: the page cache was bypassed");
  return on(vs, t.name);
}

BOOST_AUTO_TEST_CASE(buffered_reads_above_a_sata_link_fire) {
  // 4 GiB in 2 s = 2.1 GB/s from a SATA disk: more than its link carries.
  const auto t = measured("read-back buffered", "sequential", "none", 4 * GiB, MiB, 4096, 0, 0, 2.0);
  const verdict v = judged(t, one_disk("sata", false));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.rule == "page_cache_reads");
  BOOST_TEST(v.subject == "read-back buffered");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.evidence.size() == 3u);
  BOOST_TEST(v.evidence[2] == "sda: a SATA 6 Gb/s link carries at most 600 MB/s");
}

BOOST_AUTO_TEST_CASE(random_reads_above_a_spindle_fire) {
  // 5000 random 16 KiB reads/s from a rotating disk.
  const auto t = measured("rndrd", "random", "none", 1 * GiB, 16384, 50000, 0, 0, 10.0);
  const verdict v = judged(t, one_disk("sas", true));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.evidence.back().find("random reads/s") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(plausible_rates_do_not_fire) {
  const auto t = measured("rndrd", "random", "none", 1 * GiB, 16384, 3000, 0, 0, 10.0);  // 300 reads/s
  BOOST_TEST(!judged(t, one_disk("sas", true)).fired);
  const auto seq = measured("read-back buffered", "sequential", "none", 4 * GiB, MiB, 400, 0, 0, 2.0);  // 210 MB/s
  BOOST_TEST(!judged(seq, one_disk("sata", true)).fired);
}

BOOST_AUTO_TEST_CASE(within_the_margin_over_a_ceiling_or_the_o_direct_rate_is_borderline) {
  // 700 MB/s from a SATA SSD: 1.17x its link's 600 MB/s, within the 1.25x margin.
  const auto close = measured("read-back buffered", "sequential", "none", 4 * GiB, MiB, 1335, 0, 0, 2.0);
  const verdict v = judged(close, one_disk("sata", false));
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message.starts_with("possibly the page cache: 1.17x the device's ceiling of 600.0 MB/s, within the 1.25x margin"));
  // 800 MB/s: 1.4x, beyond it.
  const auto clear = measured("read-back buffered", "sequential", "none", 4 * GiB, MiB, 1526, 0, 0, 2.0);
  BOOST_TEST(judged(clear, one_disk("sata", false)).fired);
  // Against the O_DIRECT twin (virtio: no ceiling): 1.5x is borderline, 2.1x fires, 1.1x is the device.
  const auto t = measured("read-back buffered", "sequential", "none", 256 * MiB, MiB, 256, 0, 0, 0.1);  // 2.68 GB/s
  const auto c = one_disk("virtio", true);
  const verdict b = judged_beside_twin(t, c, 0.15);
  BOOST_TEST(!b.fired);
  BOOST_TEST(b.message.starts_with("possibly the page cache: 1.50x the O_DIRECT rate, under the 2.0x that shows a cache"));
  BOOST_TEST(judged_beside_twin(t, c, 0.21).fired);
  BOOST_TEST(judged_beside_twin(t, c, 0.11).message == "the read rate is within what the device can deliver");
}

BOOST_AUTO_TEST_CASE(o_direct_writes_and_sets_larger_than_ram_do_not_fire) {
  const auto direct = measured("read-back O_DIRECT", "sequential", "direct", 4 * GiB, MiB, 4096, 0, 0, 1.0);
  const verdict d = judged(direct, one_disk("sata", false));
  BOOST_TEST(!d.fired);
  BOOST_TEST(d.message == "reads used O_DIRECT: the page cache was bypassed");
  const auto big = measured("read-back buffered", "sequential", "none", 32 * GiB, MiB, 32768, 0, 0, 1.0);
  BOOST_TEST(!judged(big, one_disk("sata", false)).fired);
  // A test that only writes gets no page-cache verdict at all.
  const auto write = measured("seq write", "sequential", "none", 4 * GiB, MiB, 0, 4096, 0, 0.1);
  BOOST_TEST(judged(one_disk("sata", false), {write}).empty());
}

BOOST_AUTO_TEST_CASE(the_twin_must_read_the_same_files_the_same_way) {
  const auto t = measured("read-back buffered", "sequential", "none", 256 * MiB, MiB, 256, 0, 0, 0.1);  // 2.68 GB/s
  const auto c = one_disk("virtio", true);  // the hypervisor's rotational flag bounds nothing
  const verdict unknown = judged(t, c);
  BOOST_TEST(!unknown.fired);
  BOOST_TEST(unknown.message.find("cannot tell") != std::string::npos);
  BOOST_TEST(judged_beside_twin(t, c, 0.9).fired);    // 9x the O_DIRECT rate
  BOOST_TEST(!judged_beside_twin(t, c, 0.13).fired);  // 1.3x: the device itself
  // Random O_DIRECT reads, or another file, are no twin of sequential buffered ones.
  auto random = measured("random O_DIRECT", "random", "direct", 256 * MiB, MiB, 256, 0, 0, 0.9);
  auto elsewhere = measured("elsewhere O_DIRECT", "sequential", "direct", 256 * MiB, MiB, 256, 0, 0, 0.9);
  elsewhere.result.workload.path = "/elsewhere/raidbench-scratch";
  BOOST_TEST(on(judged(c, {t, random, elsewhere}), t.name).message == unknown.message);
}

BOOST_AUTO_TEST_CASE(tmpfs_always_serves_from_memory_and_unknown_ram_says_so) {
  auto c = one_disk(std::nullopt, std::nullopt);
  c.devices.clear();
  c.filesystem.type = "tmpfs";
  const auto t = measured("rndrd", "random", "none", 1 * GiB, 16384, 100, 0, 0, 1.0);
  BOOST_TEST(judged(t, c).fired);
  auto no_ram = one_disk("sata", false);
  no_ram.ram_bytes.reset();
  const verdict v = judged(measured("r", "sequential", "none", GiB, MiB, 4096, 0, 0, 1.0), no_ram);
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message.find("RAM size unknown") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_median_latency_no_device_achieves_fires) {
  auto t = measured("rndrd", "random", "none", 1 * GiB, 16384, 1000, 0, 0, 1.0);
  const auto c = one_disk("virtio", true);
  for (int i = 0; i < 1000; ++i) t.result.stats.of(op_kind::read).latency.record(3000);
  const verdict v = judged(t, c);
  BOOST_TEST(v.fired);
  BOOST_TEST(v.evidence.back().starts_with("median read latency 3.0 µs"));
  t.result.stats.of(op_kind::read).latency.reset();
  for (int i = 0; i < 1000; ++i) t.result.stats.of(op_kind::read).latency.record(80000);
  BOOST_TEST(!judged(t, c).fired);
}

BOOST_AUTO_TEST_CASE(pcie_link_bounds_an_nvme_drive) {
  auto c = one_disk("nvme", false);
  c.devices[0].pci = pcie_link{"0000:03:00.0", {}, {}, "nvme", "8.0 GT/s PCIe", "16.0 GT/s PCIe", 4, 4};
  BOOST_TEST(pcie_bytes_per_second(*c.devices[0].pci).value_or(0) == 8e9 * 128 / 130 / 8 * 4, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(judged(measured("r", "sequential", "none", GiB, MiB, 8192, 0, 0, 1.0), c).fired);   // 8.6 GB/s
  BOOST_TEST(!judged(measured("r", "sequential", "none", GiB, MiB, 2048, 0, 0, 1.0), c).fired);  // 2.1 GB/s
}

BOOST_AUTO_TEST_CASE(an_inventory_judged_on_its_own_has_no_tests) {
  const auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(judged_by<rule_of_test>(alone(inv)).empty());
  const auto c = one_disk("sata", false);
  BOOST_TEST(judged(c, {}).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
