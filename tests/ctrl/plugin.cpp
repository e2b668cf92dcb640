// rb-ctrl --plugin: a monitoring plugin's status line and exit status (OK 0, WARNING 1, CRITICAL 2,
// UNKNOWN 3) on real captures, and UNKNOWN with one line for anything it cannot judge.
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "../support/temp_dir.hpp"
#include "run_tool.hpp"

using namespace raidbench::test;

namespace {

const std::string captures = RAIDBENCH_FIXTURES_DIR;

tool_result plugin(const std::string& capture) { return rb_ctrl("--plugin " + quoted(captures + "/" + capture)); }

// One line on stdout, starting with the status word, and the status as exit code.
void check(const tool_result& r, int status, const std::string& starts) {
  BOOST_TEST(r.status == status, r.out + r.err);
  BOOST_TEST(r.out.starts_with(starts), r.out);
  BOOST_TEST(count_lines(r.out) == 1U, r.out);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plugin_test)

BOOST_AUTO_TEST_CASE(ok_sums_up_what_is_healthy_with_performance_data) {
  const auto r = plugin("controllers/storcli/c0-show-all-avago-9361-8i-ssd-raid.txt");
  check(r, 0, "OK: 1 controller, 1 array, 16 drives, battery optimal | ");
  BOOST_TEST(r.out.find("'c0_arrays_optimal'=1;;;0") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("'c0_drives'=16;;;0") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_CASE(ok_says_what_the_input_did_not_cover) {
  // A battery dump alone: the arrays and drives are not judged, and the line says so.
  const auto r = plugin("seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt");
  check(r, 0, "OK: 1 controller, 0 arrays, 0 drives, battery optimal; not in the input, not judged: controller 0 arrays, "
              "controller 0 drives | 'c0_battery_charge'=99%;;;0;100");
}

BOOST_AUTO_TEST_CASE(warning_for_a_charging_battery_and_a_rebuild) {
  check(plugin("controllers/megacli/bbu-ibbu-charging.txt"), 1, "WARNING: controller 0: battery charging | ");
  check(plugin("controllers/mdadm/detail-raid1-rebuild-writemostly-failfast.txt"), 1,
        "WARNING: controller #1 / VD 127: the array is running a rebuild | ");
}

BOOST_AUTO_TEST_CASE(critical_for_a_degraded_controller_known_only_from_its_counts) {
  // -AdpAllInfo of a PERC H700 whose Device Present section says Degraded: 2, Failed Disks: 1.
  const auto r = plugin("controllers/megacli/adpallinfo-perc-h700-2-degraded-1-failed-disk.txt");
  check(r, 2, "CRITICAL: controller 0: the controller counts 2 degraded and 0 offline array(s); controller 0: the controller "
              "counts 1 failed disk(s)");
  BOOST_TEST(r.out.find("'c0_arrays_degraded'=2;;;0") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("'c0_drives_failed'=1;;;0") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_CASE(critical_wins_over_warning) {
  check(plugin("controllers/arcconf/getconfig-1-asr-71605-hba-raw-supercap-fatal.txt"), 2,
        "CRITICAL: controller 'Adaptec ASR71605': battery failed | ");
}

BOOST_AUTO_TEST_CASE(unknown_when_nothing_can_be_judged) {
  const temp_dir dir;
  const auto empty = dir / "empty.txt", binary = dir / "binary";
  std::ofstream(empty).close();
  std::filesystem::copy_file("/bin/true", binary);
  for (const std::string& input : {empty.string(), binary.string(), std::string("/nonexistent/dump.txt"), dir.path().string()}) {
    const auto r = rb_ctrl("--plugin " + quoted(input));
    BOOST_TEST_CONTEXT(input) { check(r, 3, "UNKNOWN: "); }
  }
  check(rb_ctrl("--plugin --bogus"), 3, "UNKNOWN: unknown option '--bogus'");
  check(rb_ctrl("--plugin --json /dev/null"), 3, "UNKNOWN: --json, --prometheus and --plugin print on stdout one at a time");
}

BOOST_AUTO_TEST_CASE(unknown_when_a_vendor_tool_does_not_answer) {
  const temp_dir dir;
  const auto tool = dir / "storcli64";
  std::ofstream(tool) << "#!/bin/sh\nexec sleep 30\n";
  std::filesystem::permissions(tool, std::filesystem::perms::owner_all);
  const auto r = run_shell("PATH=" + quoted(dir.path().string()) + " " + quoted(RB_CTRL) +
                           " --plugin --timeout=1 --mdstat=/nonexistent/mdstat");
  check(r, 3, "UNKNOWN: ");
}

BOOST_AUTO_TEST_SUITE_END()
