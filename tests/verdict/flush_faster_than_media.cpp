// Rule flush_faster_than_media: one verdict per test (or imported figure) that commits periodically;
// commits faster than a spindle fire on rotating or unknown media, with the inventory's say on safety.
#include "raidbench/verdict/flush_faster_than_media.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(flush_faster_than_media_test)

using rule_of_test = rule::flush_faster_than_media;

const named_result fast = measured("fdatasync", "sequential", "none", 16384, 8192, 0, 20000, 20000, 2.0);  // 10000/s
const named_result slow = measured("fdatasync", "sequential", "none", 16384, 8192, 0, 200, 200, 2.0);      // 100/s

// The verdicts on `results` run over `c`, with the inventory tied as `owner` says.
std::vector<verdict> judged(const storage_context& c, const std::vector<named_result>& results, const inventory* inv = nullptr,
                            const device_ownership& owner = {}) {
  return judged_by<rule_of_test>(facts{&c, inv, owner, results, {}});
}

// The one verdict on `t`.
verdict judged(const named_result& t, const storage_context& c, const inventory* inv = nullptr,
               const device_ownership& owner = {}) {
  return only(judged(c, {t}, inv, owner));
}

BOOST_AUTO_TEST_CASE(fast_commits_on_a_rotating_disk_fire) {
  const verdict v = judged(fast, one_disk("sata", true));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.rule == "flush_faster_than_media");
  BOOST_TEST(v.subject == "fdatasync");
  BOOST_TEST((v.level == severity::warning));  // no inventory: protection unknown
  BOOST_TEST(v.evidence.front() == "10000 commits/s; a 15000 rpm disk commits at most ~250/s");
}

BOOST_AUTO_TEST_CASE(unknown_and_virtual_media_count_as_possibly_rotating) {
  BOOST_TEST(judged(fast, one_disk(std::nullopt, std::nullopt)).fired);
  BOOST_TEST(judged(fast, one_disk("virtio", false)).fired);
}

BOOST_AUTO_TEST_CASE(ssd_slow_commits_and_tmpfs_do_not_fire) {
  BOOST_TEST(!judged(fast, one_disk("sata", false)).fired);
  BOOST_TEST(!judged(slow, one_disk("sata", true)).fired);
  auto shm = one_disk(std::nullopt, std::nullopt);
  shm.devices.clear();
  BOOST_TEST(!judged(fast, shm).fired);
}

BOOST_AUTO_TEST_CASE(only_tests_that_commit_periodically_are_judged) {
  // Writes without a flush, and one closing flush after many writes, say nothing about the media.
  const auto no_commit = measured("w", "sequential", "none", 1, 1, 0, 100000, 0, 1.0);
  auto closing = measured("seq write", "sequential", "none", 1 << 20, 4096, 0, 100000, 1, 1.0);
  closing.result.workload.sync_every = 0;
  const auto vs = judged(one_disk("sata", true), {no_commit, closing, fast});
  BOOST_TEST_REQUIRE(vs.size() == 1u);
  BOOST_TEST(vs[0].subject == "fdatasync");
}

BOOST_AUTO_TEST_CASE(o_dsync_writes_are_commits) {
  const auto dsync = measured("open_datasync", "sequential", "dsync", 16384, 8192, 0, 4000, 0, 1.0);
  BOOST_TEST(commits_per_second(dsync.result) == 4000.0);
  BOOST_TEST(judged(dsync, one_disk("sas", true)).fired);
}

BOOST_AUTO_TEST_CASE(an_imported_figure_is_judged_like_a_measured_one) {
  const auto c = one_disk("sas", true);
  const imported_figure figures[] = {{"open_datasync 8 kB", 5000}, {"non-committing", 0}};
  const verdict v = only(judged_by<rule_of_test>(facts{&c, nullptr, {}, {}, figures}));
  BOOST_TEST(v.fired);
  BOOST_TEST(v.subject == "open_datasync 8 kB");
  BOOST_TEST(v.evidence.front() == "5000 commits/s; a 15000 rpm disk commits at most ~250/s");
}

BOOST_AUTO_TEST_CASE(the_inventory_says_whether_it_is_safe) {
  const auto disk = one_disk("scsi", true);
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  const auto held = held_by_first_controller();
  const verdict safe = judged(fast, disk, &healthy, held);
  BOOST_TEST(safe.fired);
  BOOST_TEST((safe.level == severity::info));
  BOOST_TEST(safe.message.find("survive a power loss") != std::string::npos);
  const auto failed = one_controller(write_policy::write_back, battery_state::failed);
  BOOST_TEST((judged(fast, disk, &failed, held).level == severity::critical));
  const auto through = one_controller(write_policy::write_through, battery_state::optimal);
  const verdict drive_cache = judged(fast, disk, &through, held);
  BOOST_TEST((drive_cache.level == severity::critical));
  BOOST_TEST(drive_cache.evidence[drive_cache.evidence.size() - 2].find("no write-back controller cache") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(within_twice_the_ceiling_is_not_conclusive) {
  // 269 commits/s against ~250/s: what a 15 000 rpm disk with queueing can show.
  const auto borderline = measured("fdatasync", "sequential", "none", 16384, 8192, 0, 538, 538, 2.0);
  const verdict v = judged(borderline, one_disk("sas", true));
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message.starts_with("possibly a write cache: 269 commits/s is within 2x"));
  // At twice the ceiling and above, it fires.
  const auto clear = measured("fdatasync", "sequential", "none", 16384, 8192, 0, 1000, 1000, 2.0);  // 500/s
  BOOST_TEST(judged(clear, one_disk("sas", true)).fired);
}

BOOST_AUTO_TEST_CASE(a_controller_that_cannot_own_the_disk_proves_nothing) {
  // A PERC's dumps with a healthy battery, but the files are on a virtio disk (or an NVMe drive).
  const auto healthy = one_controller(write_policy::write_back, battery_state::optimal);
  for (const char* transport : {"virtio", "nvme"}) {
    const auto disk = one_disk(transport, std::nullopt);
    const verdict v = judged(fast, disk, &healthy, tie_to_device(disk, &healthy));
    BOOST_TEST_CONTEXT(transport) {
      BOOST_TEST(v.fired);
      BOOST_TEST((v.level == severity::warning));
      BOOST_TEST(v.message.find("the inventory given describes PERC H710, which") != std::string::npos);
      BOOST_TEST(v.message.find("whether the flushes survive a power loss is unknown") != std::string::npos);
      BOOST_TEST(v.evidence.back().starts_with("sda: sda is "));
    }
  }
  // Without any ownership worked out, an inventory is not taken to hold the disk either.
  const verdict v = judged(fast, one_disk("scsi", true), &healthy);
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message.find("could not be tied to sda") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_inventory_judged_on_its_own_has_no_tests) {
  const auto inv = one_controller(write_policy::write_back, battery_state::failed);
  BOOST_TEST(judged_by<rule_of_test>(alone(inv)).empty());
}

// A power-cut test of the device (rb-durable verify) says what the rate can only suggest.
durability_proof proof_on(std::string device, std::uint64_t lost, std::uint64_t rebooted_cuts) {
  durability_proof p;
  p.file = "cut.json";
  p.target = "/dev/" + device;
  p.device = std::move(device);
  p.verified_at = "2026-12-02T08:00:00Z";
  p.cuts = 2;
  p.rebooted_cuts = rebooted_cuts;
  p.acknowledged = 5000;
  p.checked = 400;
  p.lost = lost;
  p.methods = {"fdatasync"};
  return p;
}

verdict judged_with(const durability_proof& p, const std::vector<named_result>& results, const inventory* inv = nullptr) {
  const auto c = one_disk("sata", true);
  return only(judged_by<rule_of_test>(facts{&c, inv, {}, results, {}, &p}));
}

BOOST_AUTO_TEST_CASE(a_power_cut_test_that_lost_writes_is_the_verdict) {
  // Even where the inventory says a healthy battery protects the cache: the test saw the loss.
  const auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  const verdict v = judged_with(proof_on("sda", 7, 0), {fast}, &inv);
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::critical));
  BOOST_TEST(v.subject == "fdatasync");
  BOOST_TEST(v.message == "proven by a power-cut test on sda (verified 2026-12-02T08:00:00Z): 7 of 400 acknowledged writes "
                          "lost, so something between the kernel and the media acknowledges flushes it does not keep");
  BOOST_TEST(v.evidence.front() == "10000 commits/s; a 15000 rpm disk commits at most ~250/s");
  BOOST_TEST(v.evidence.back() == "power-cut test cut.json: /dev/sda on sda, verified 2026-12-02T08:00:00Z: 7 of 400 "
                                  "acknowledged writes lost in 2 cut(s), 0 across a restart (flushed with fdatasync)");
}

BOOST_AUTO_TEST_CASE(no_loss_across_a_restart_replaces_the_inference) {
  const auto inv = one_controller(write_policy::write_back, std::nullopt);
  const verdict v = judged_with(proof_on("sda", 0, 2), {fast}, &inv);
  BOOST_TEST(!v.fired);
  BOOST_TEST((v.level == severity::info));
  BOOST_TEST(v.message == "proven by a power-cut test on sda (verified 2026-12-02T08:00:00Z): no acknowledged write lost in 2 "
                          "cut(s) across a restart (5000 writes), so the flushes survive a power loss");
}

BOOST_AUTO_TEST_CASE(a_test_without_a_restart_or_of_another_device_proves_nothing_here) {
  const verdict inferred = judged(fast, one_disk("sata", true));
  const verdict no_restart = judged_with(proof_on("sda", 0, 0), {fast});
  BOOST_TEST(no_restart.fired == inferred.fired);
  BOOST_TEST(no_restart.message == inferred.message);
  BOOST_TEST(no_restart.evidence.back().find("had no restart between writing and verifying: it proves nothing") != std::string::npos);
  const verdict elsewhere = judged_with(proof_on("sdb", 7, 1), {fast});
  BOOST_TEST(elsewhere.message == inferred.message);
  BOOST_TEST(elsewhere.evidence.back() == "the power-cut test was made on sdb, which is not under these files: not used");
  // Unless the user asserts it is this run's device (an imported run has no device to match).
  auto asserted = proof_on("sdb", 7, 1);
  asserted.asserted = true;
  BOOST_TEST(judged_with(asserted, {fast}).message.starts_with("proven by a power-cut test on sdb (asserted to be this run's device)"));
}

BOOST_AUTO_TEST_CASE(without_a_committing_test_the_power_cut_test_speaks_alone) {
  const verdict v = judged_with(proof_on("sda", 3, 1), {});
  BOOST_TEST(v.subject == "power-cut test");
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::critical));
  const auto c = one_disk("sata", true);
  BOOST_TEST(judged_by<rule_of_test>(facts{&c, nullptr, {}, {}, {}}).empty());  // no test, no power-cut test: nothing
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
