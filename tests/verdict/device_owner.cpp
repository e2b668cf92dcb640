// Which controller holds the device under test, on fake /sys trees with real dumps, and what the
// verdicts conclude from it: a PERC tied by SCSI target id, a StorCLI dump tied by PCI address, an
// NVMe drive beside a RAID card, a virtio disk with a dump of some other machine, md over AHCI.
#include "raidbench/verdict/device_owner.hpp"

#include <span>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "../context/fake_tree.hpp"
#include "../support/temp_dir.hpp"
#include "make.hpp"
#include "raidbench/context/block_chain.hpp"
#include "raidbench/verdict/verdict_json.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/session/run_storage.hpp"

namespace raidbench::test {

namespace {

inventory perc_h730() {
  return capture({"seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt",
                     "seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt",
                     "seed-outputs/megacli-ldgetprop-cache-perc-h730.txt"});
}

/// A PCI function at `address` bound to `driver`.
fs::path pci_function(const fs::path& root, const std::string& address, const std::string& driver) {
  const fs::path fn = root / "sys/devices/pci0000:00/0000:00:02.0" / address;
  put(fn / "vendor", "0x1000\n");
  fs::create_directories(root / "sys/bus/pci/drivers" / driver);
  link(root / "sys/bus/pci/drivers" / driver, fn / "driver");
  return fn;
}

/// SCSI disk `name` at host:channel:target:0 below the PCI function `fn`, mapped as 8:0.
fs::path scsi_disk(const fs::path& root, const fs::path& fn, const std::string& name, int host, int channel, int target) {
  const fs::path disk = put_scsi_disk(fn / fmt::format("host{0}/target{0}:{1}:{2}/{0}:{1}:{2}:0", host, channel, target),
                                      "DELL    ", "PERC H730 Mini  ", name, "1951399936");
  put_queue(disk, true, 512, 512, "[mq-deadline] none", 256, 256, "write through", false);
  map_device(root, "8:0", disk);
  return disk;
}

storage_context context_of(const fs::path& root, unsigned major, unsigned minor) {
  storage_context c;
  c.path = "/data/raidbench-scratch";
  c.devices = read_block_chain(major, minor, root / "sys");
  BOOST_TEST_REQUIRE(!c.devices.empty());
  return c;
}

// 10 000 fdatasync commits per second: a cache absorbs them, whatever the disk.
const named_result fast = measured("fdatasync 8 kB", "sequential", "none", 16384, 8192, 0, 20000, 20000, 2.0);

// The flush rule's verdict on `fast` run over `c`, with `inv` tied as `o` says.
verdict flush_verdict(const storage_context& c, const inventory& inv, const device_ownership& o) {
  return only(judged_by<rule::flush_faster_than_media>(facts{&c, &inv, o, std::span(&fast, 1), {}}));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(device_owner_test)

BOOST_AUTO_TEST_CASE(megacli_dump_tied_by_the_scsi_target_id_of_its_virtual_drive) {
  temp_dir root;
  scsi_disk(root.path(), pci_function(root.path(), "0000:03:00.0", "megaraid_sas"), "sda", 0, 2, 0);
  const auto c = context_of(root.path(), 8, 0);
  BOOST_TEST((c.devices[0].scsi_address == std::optional<std::string>("0:2:0:0")));
  const auto inv = perc_h730();
  const auto o = tie_to_device(c, &inv);
  BOOST_TEST((o.status == ownership::owns));
  BOOST_TEST_REQUIRE(o.ties.size() == 1u);
  BOOST_TEST(o.ties[0].controller_name == "PERC H730 Mini");
  BOOST_TEST((o.ties[0].virtual_drive == std::optional<std::size_t>(0)));
  BOOST_TEST(o.ties[0].evidence ==
             "sda is behind 0000:03:00.0 (megaraid_sas), a driver of such controllers (the dump gives no PCI "
             "address); SCSI 0:2:0:0 is target id 0, a virtual drive of the dump");

  const verdict v = flush_verdict(c, inv, o);
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::info));
  BOOST_TEST(v.message == "a write cache absorbs the flushes; the controller's battery is healthy and the policy falls back to write-through on a bad battery, so they survive a power loss");
  BOOST_TEST(v.evidence.back() == "judged on what holds the device under test");

  const nlohmann::json j = o;
  BOOST_TEST(j["status"] == "owns");
  BOOST_TEST(j["ties"][0]["virtual_drive"] == 0);
  BOOST_TEST((j.get<device_ownership>() == o));
}

// One judgement: one recorded result (JSON), one fake /sys tree and one set of dumps through the
// entry point of raidbench, rb-dd, rb-fileio, rb-fsync and rb-run (session/run_storage.hpp), through
// the rules called one by one, and through rb-ctrl's judgement of the dumps alone: the same conclusions.
BOOST_AUTO_TEST_CASE(every_tool_judges_the_same_facts_the_same_way) {
  temp_dir root;
  scsi_disk(root.path(), pci_function(root.path(), "0000:03:00.0", "megaraid_sas"), "sda", 0, 2, 0);
  const auto c = context_of(root.path(), 8, 0);
  const nlohmann::json recorded = fast.result;
  const named_result results[] = {{fast.name, recorded.get<result>()}};
  for (const auto state : {battery_state::optimal, battery_state::failed, battery_state::learning}) {
    controller_snapshot snapshot{"dumps", perc_h730(), {}};
    snapshot.inv.controllers[0].battery.state = state;
    const std::optional<controller_snapshot> controller(snapshot);
    const controller_request asked;
    const auto owner = tie_controller(c, controller, asked);
    const auto verdicts = judge_run(c, controller, owner, results);
    BOOST_TEST_CONTEXT("battery " << to_string(state)) {
      BOOST_TEST((owner.status == ownership::owns));
      const facts f{&c, &snapshot.inv, owner, results, {}};
      BOOST_TEST((verdicts == judge(f)));
      BOOST_TEST((of_rule(verdicts, "write_back_without_battery") == judged_by<rule::write_back_without_battery>(f)));
      BOOST_TEST((of_rule(verdicts, "flush_faster_than_media") == judged_by<rule::flush_faster_than_media>(f)));
      BOOST_TEST((of_rule(verdicts, "degraded_array") == judged_by<rule::degraded_array>(f)));
      // rb-ctrl, on the inventory alone, fires on the same parts at the same levels: the dumps hold
      // one controller, and it holds the device.
      const auto by_itself = judge(alone(snapshot.inv));
      const auto parts = [](const std::vector<verdict>& vs) {
        std::vector<std::string> out;
        for (const auto& v : fired(vs)) out.push_back(v.rule + " [" + v.subject + "] " + std::string(to_string(v.level)));
        return out;
      };
      auto run_parts = parts(verdicts);
      std::erase_if(run_parts, [](const std::string& p) { return p.starts_with("flush_faster_than_media"); });
      BOOST_TEST(run_parts == parts(by_itself));
      BOOST_TEST(of_rule(by_itself, "write_back_without_battery")[0].fired == (state != battery_state::optimal));
      // A cache without a healthy battery cannot make the flush verdict reassure.
      BOOST_TEST((only(of_rule(verdicts, "flush_faster_than_media")).level ==
                  (state == battery_state::optimal ? severity::info : severity::critical)));
    }
  }
}

BOOST_AUTO_TEST_CASE(a_target_id_no_virtual_drive_has_leaves_it_unknown) {
  temp_dir root;
  scsi_disk(root.path(), pci_function(root.path(), "0000:03:00.0", "megaraid_sas"), "sdb", 0, 2, 1);
  const auto c = context_of(root.path(), 8, 0);
  const auto inv = perc_h730();
  const auto o = tie_to_device(c, &inv);
  BOOST_TEST((o.status == ownership::unknown));
  BOOST_TEST(o.ties[0].evidence.find("no virtual drive of the dump has target id 1 (SCSI 0:2:1:0)") != std::string::npos);
  const verdict v = flush_verdict(c, inv, o);
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message.find("survive a power loss is unknown") != std::string::npos);
  // The user knows better: asserted, and said so.
  const auto asserted = tie_to_device(c, &inv, true);
  BOOST_TEST((asserted.status == ownership::owns));
  BOOST_TEST(asserted.ties[0].asserted);
  const verdict a = flush_verdict(c, inv, asserted);
  BOOST_TEST((a.level == severity::info));
  BOOST_TEST(a.message.find("if that assertion is right") != std::string::npos);
  BOOST_TEST(a.evidence.back().find("as asserted (--controller-owns-target), not as observed") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(storcli_json_dump_tied_by_pci_address) {
  temp_dir root;
  // Three controllers in the dump, at 0000:3b:00.0, 0000:af:00.0 and 0000:65:00.0; the disk is under the second.
  scsi_disk(root.path(), pci_function(root.path(), "0000:af:00.0", "megaraid_sas"), "sda", 4, 2, 234);
  const auto c = context_of(root.path(), 8, 0);
  const auto inv = capture({"controllers/storcli/call-show-J-avago-3108-raid6.txt"});
  const auto o = tie_to_device(c, &inv);
  BOOST_TEST((o.status == ownership::owns));
  BOOST_TEST_REQUIRE(o.ties.size() == 3u);
  BOOST_TEST((o.ties[0].status == ownership::does_not_own));
  BOOST_TEST(o.ties[0].evidence == "sda is behind 0000:af:00.0 (megaraid_sas); AVAGO 3108 MegaRAID sits at 0000:3b:00.0");
  BOOST_TEST((o.ties[1].status == ownership::owns));
  BOOST_TEST_REQUIRE(o.ties[1].virtual_drive.has_value());
  BOOST_TEST((inv.controllers[1].virtual_drives[*o.ties[1].virtual_drive].id == std::optional<unsigned>(234)));
  BOOST_TEST(o.ties[1].evidence.find("the controller's PCI address; SCSI 4:2:234:0 is target id 234") != std::string::npos);
  BOOST_TEST((o.ties[2].status == ownership::does_not_own));
  const auto lines = describe_ties(o, inv);
  BOOST_TEST(lines[1].starts_with("sda: held by AVAGO 3108 MegaRAID VD 234: "));
  const nlohmann::json j = o;
  BOOST_TEST(j["ties"][1]["controller"] == 1);
  BOOST_TEST(j["ties"][1]["status"] == "owns");
}

BOOST_AUTO_TEST_CASE(nvme_drive_beside_a_raid_card_is_not_held_by_it) {
  temp_dir root;
  pci_function(root.path(), "0000:03:00.0", "megaraid_sas");  // the card is there, with nothing under the files
  const fs::path fn = pci_function(root.path(), "0000:05:00.0", "nvme");
  const fs::path disk = fn / "nvme/nvme0/nvme0n1";
  put(disk / "size", "1953525168\n");
  put_queue(disk, false, 512, 512, "[none] mq-deadline", 1023, 512, "write back", true);
  link(fn / "nvme/nvme0", disk / "device");
  map_device(root.path(), "259:0", disk);
  const auto c = context_of(root.path(), 259, 0);
  const auto inv = perc_h730();
  const auto o = tie_to_device(c, &inv);
  BOOST_TEST((o.status == ownership::does_not_own));
  BOOST_TEST(o.ties[0].evidence ==
             "nvme0n1 is an NVMe drive on 0000:05:00.0 (nvme), which holds its own disks, not a RAID controller's volumes");
  // The PERC's healthy battery says nothing about this drive, nor does anything else of the PERC's.
  const auto verdicts = judge(facts{&c, &inv, o, {}, {}});
  for (const char* rule : {"degraded_array", "array_busy", "battery_unhealthy", "write_back_without_battery",
                           "policy_differs_from_default", "drive_failed", "drive_predictive_failure", "drive_cache_enabled"})
    BOOST_TEST(only(of_rule(verdicts, rule)).message ==
                   "the inventory given does not hold the device under test: what it says is not about it",
               rule);
  const nlohmann::json j = o;
  BOOST_TEST(j["status"] == "does_not_own");
  BOOST_TEST(j["ties"][0]["virtual_drive"].is_null());
}

BOOST_AUTO_TEST_CASE(virtio_disk_with_a_dump_of_another_machine_is_unknown) {
  temp_dir root;
  map_device(root.path(), "254:0", make_virtio(root.path()));
  const auto c = context_of(root.path(), 254, 0);
  const auto inv = perc_h730();
  const auto o = tie_to_device(c, &inv);
  BOOST_TEST((o.status == ownership::unknown));
  const verdict v = flush_verdict(c, inv, o);
  BOOST_TEST(v.fired);
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message ==
             "a write cache absorbs the flushes; the inventory given describes PERC H730 Mini, which could not be tied "
             "to vda: whether the flushes survive a power loss is unknown");
  BOOST_TEST(v.evidence.back() ==
             "vda: vda is a virtio disk: the controller described may be the hypervisor host's, which the guest cannot see");
  const nlohmann::json j = o;
  BOOST_TEST(j["status"] == "unknown");
  BOOST_TEST(j["ties"][0]["status"] == "unknown");
}

BOOST_AUTO_TEST_CASE(md_raid1_over_two_ahci_disks_is_held_by_md) {
  temp_dir root;
  make_crypt_over_md(root.path());  // dm-0 over md0 (raid1, one member missing) over sdb1 and sdc1
  fs::create_directories(root / "sys/bus/pci/drivers/ahci");
  link(root / "sys/bus/pci/drivers/ahci", root / "sys/devices/pci0000:00/0000:00:1f.2/driver");
  map_device(root.path(), "253:0", root / "sys/devices/virtual/block/dm-0");
  const auto c = context_of(root.path(), 253, 0);
  // And a RAID card in the same machine, not under these files.
  const auto inv = capture({"controllers/mdstat/raid1-hot-spare-bitmap.txt",
                               "seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt",
                               "seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt",
                               "seed-outputs/megacli-ldgetprop-cache-perc-h730.txt"});
  const auto o = tie_to_device(c, &inv);
  BOOST_TEST((o.status == ownership::owns));
  BOOST_TEST(o.devices == (std::vector<std::string>{"md0", "sdb", "sdc"}));
  std::vector<std::string> lines = describe_ties(o, inv);
  BOOST_TEST_REQUIRE(lines.size() == 3u);
  BOOST_TEST(lines[0] == "md0: held by md VD 0: md0 is one of the md arrays described");
  BOOST_TEST(lines[1] == "sdb: not held by PERC H730 Mini: sdb is a disk on 0000:00:1f.2 (ahci), which holds its own "
                         "disks, not a RAID controller's volumes");
  // The array under test is the degraded md0; the PERC's arrays are not judged.
  const verdict d = only(judged_by<rule::degraded_array>(facts{&c, &inv, o, {}, {}}));
  BOOST_TEST(d.fired);
  BOOST_TEST(d.subject == "md0");
  BOOST_TEST(d.evidence == (std::vector<std::string>{"md0 (raid1): 1 of 2 members missing"}));
  const nlohmann::json j = o;
  BOOST_TEST(j["status"] == "owns");
  BOOST_TEST(j["ties"][0]["device"] == "md0");
  BOOST_TEST(j["ties"][0]["controller_name"] == "md");
  BOOST_TEST(j["ties"][1]["status"] == "does_not_own");
}

BOOST_AUTO_TEST_CASE(no_inventory_or_no_block_device_ties_nothing) {
  temp_dir root;
  map_device(root.path(), "254:0", make_virtio(root.path()));
  const auto c = context_of(root.path(), 254, 0);
  BOOST_TEST((tie_to_device(c, nullptr).status == ownership::unknown));
  BOOST_TEST(tie_to_device(c, nullptr).ties.empty());
  storage_context tmpfs;
  const auto inv = perc_h730();
  BOOST_TEST((tie_to_device(tmpfs, &inv).status == ownership::unknown));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
