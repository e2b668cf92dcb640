// examples/extending/parser: rb-ctrl run by a user's main with two parsers of their own, mpt-status
// and tw_cli (pipeline{}.with(builtin_parsers + parsers<mpt_status, tw_cli>)): they read their
// captures, the shipped parsers keep their own text, and every output of rb-ctrl carries them.
#include <boost/test/unit_test.hpp>

#include <string>

#include <fstream>

#include "../support/temp_dir.hpp"
#include "run_tool.hpp"

using namespace raidbench::test;

namespace {
tool_result custom(const std::string& files) {
  std::string args;
  for (std::size_t start = 0; start < files.size();) {
    auto end = files.find(' ', start);
    if (end == std::string::npos) end = files.size();
    args += " " + fixture_arg("controllers/" + files.substr(start, end - start));
    start = end + 1;
  }
  return run_shell(quoted(RB_CUSTOM_PARSER) + args);
}
}  // namespace

BOOST_AUTO_TEST_SUITE(custom_parser_test)

BOOST_AUTO_TEST_CASE(tw_cli_dumps_merge_into_one_controller) {
  const auto r = custom("tw_cli/info-controllers-9650se-2lp.txt tw_cli/info-c0-units-raid1-ok.txt tw_cli/info-c0-u0-ports.txt "
                        "tw_cli/c0-p0-show-model-serial-capacity-firmware.txt");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out == "source: tw_cli\n"
                      "controller 0: 3ware 9650SE-2LP\n"
                      "  battery:    absent\n"
                      "  input:      covers controller, battery, arrays, drives\n"
                      "  virtual drives (1):\n"
                      "    VD 0: raid1, 65.2 GiB, optimal\n"
                      "      current: write_back\n"
                      "  physical drives (2):\n"
                      "    p0: online, WDC WD740ADFD-00NLR4, serial WD-WMANS1648590, firmware 21.07QR4, 69.2 GiB\n"
                      "    p1: online, serial WD-WMANS1344790, 69.2 GiB\n"
                      "verdicts: 2 fired of 8\n"
                      "  FIRED critical battery_unhealthy [controller 0]: battery absent: the cache is not protected "
                      "against a power loss\n"
                      "        evidence: controller 0: battery.present = false\n"
                      "  FIRED critical write_back_without_battery [controller 0 / VD 0]: the cache writes back while its "
                      "battery does not protect it (battery absent): a power loss can lose acknowledged writes\n"
                      "        evidence: controller 0 / VD 0: current write policy = write_back\n"
                      "        evidence: controller 0: battery.present = false\n"
                      "  no    degraded_array: no degraded array seen\n"
                      "  no    array_busy: no array runs background work\n"
                      "  no    policy_differs_from_default: current policies match the defaults (where both are known)\n"
                      "  no    drive_failed: no failed drive seen\n"
                      "  no    drive_predictive_failure: no drive predicts its failure\n"
                      "  no    drive_cache_enabled: no drive cache enabled behind a write-back controller\n");
}

BOOST_AUTO_TEST_CASE(each_tw_cli_dump_alone_is_detected) {
  const auto ctl = custom("tw_cli/info-controllers-9650se-2lp.txt");
  // No battery, but no cache configured to write back either: nothing fired.
  BOOST_TEST(ctl.out.starts_with("source: tw_cli\ncontroller 0: 3ware 9650SE-2LP\n  battery:    absent\n"
                                  "  input:      covers controller, battery; not arrays, drives (unknown)\nverdicts: 0 fired of 8\n"));
  const auto show = custom("tw_cli/c0-p0-show-model-serial-capacity-firmware.txt");
  BOOST_TEST(show.out.find("    p0: WDC WD740ADFD-00NLR4, serial WD-WMANS1648590, firmware 21.07QR4, 69.2 GiB\n") != std::string::npos);
  const auto units = custom("tw_cli/info-c0-units-raid1-ok.txt");
  BOOST_TEST(units.out.find("    VD 0: raid1, 65.2 GiB, optimal\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(builtin_parsers_still_read_their_own_text) {
  const auto r = custom("megacli/bbu-ibbu08-optimal.txt");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.starts_with("source: megacli\n"));
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "empty.txt").close();
  const auto bad = run_shell(quoted(RB_CUSTOM_PARSER) + " " + quoted((dir / "empty.txt").string()));
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(bad.err == "rb-custom-parser: " + (dir / "empty.txt").string() + ": no parser recognises this text (tried: storcli, "
                        "megacli, ssacli, arcconf, mdadm, mdstat, mpt-status, tw_cli)\n");
}

BOOST_AUTO_TEST_CASE(mpt_status_reads_its_captures_through_rb_ctrl) {
  const auto r = custom("other/mpt-status-raid1e-ime-6-disks.txt");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out.starts_with("source: mpt-status\ncontroller 0\n  input:      covers arrays, drives; not controller, battery (unknown)\n"
                               "  virtual drives (1):\n    VD 1: raid1e, 407 GiB, optimal, 6 drives\n  physical drives (6):\n"
                               "    phys_id 5: online, CBRCA146C3ETS0 N, firmware C610, 136 GiB\n"));
  BOOST_TEST(r.out.find("  no    degraded_array: no degraded array seen\n") != std::string::npos);
  // The plugin mode and the JSON come with the parser: rb-ctrl's, not re-implemented.
  const auto plugin = run_shell(quoted(RB_CUSTOM_PARSER) + " --plugin " + fixture_arg("controllers/other/mpt-status-raid1-im-optimal.txt"));
  BOOST_TEST(plugin.status == 0);
  BOOST_TEST(plugin.out.starts_with("OK: 1 controller, 1 array, 2 drives; not in the input, not judged: controller 0 battery |"));
}

BOOST_AUTO_TEST_CASE(a_degraded_mpt_volume_is_judged_like_any_other) {
  // An mpt-status text as the tool prints a degraded mirror (made here: the public captures are healthy).
  raidbench::test::temp_dir dir;
  const auto file = dir / "degraded.txt";
  std::ofstream(file) << "ioc:0 vol_id:0 type:IM raidlevel:RAID-1 num_disks:2 size(GB):148 state: DEGRADED flags: ENABLED\n"
                         "ioc:0 phys_id:1 scsi_id:2 vendor:ATA      product_id:ST3160815AS      revision:D    size(GB):149 "
                         "state: ONLINE flags: NONE sync_state: 100 ASC/ASCQ:0xff/0xff SMART ASC/ASCQ:0xff/0xff\n"
                         "ioc:0 phys_id:0 scsi_id:1 vendor:ATA      product_id:ST3160815AS      revision:D    size(GB):149 "
                         "state: FAILED flags: OUT_OF_SYNC sync_state: 0 ASC/ASCQ:0xff/0xff SMART ASC/ASCQ:0xff/0xff\n";
  const auto r = run_shell(quoted(RB_CUSTOM_PARSER) + " --plugin " + quoted(file.string()));
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.out.starts_with("CRITICAL: controller 0 / VD 0: the array is degraded; controller 0 / drive phys_id 0: the drive is failed |"),
             r.out);
}

BOOST_AUTO_TEST_SUITE_END()
