// rb-ctrl --plugin: a monitoring plugin's status line and exit status (OK 0, WARNING 1, CRITICAL 2,
// UNKNOWN 3) on real captures, and UNKNOWN with one line for anything it cannot judge.
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>

#include "../controller/fixture.hpp"
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

BOOST_AUTO_TEST_CASE(critical_for_arcconf_failed_arrays_and_drives) {
  // An AD section alone: its "Logical devices/Failed/Degraded : 2/1/0" is the finding.
  check(plugin("controllers/arcconf/getconfig-1-ad-6805q-zmm-optimal-1-failed-ld.txt"), 2,
        "CRITICAL: controller 'Adaptec 6805Q': the controller counts 0 degraded and 1 offline array(s) | ");
  check(plugin("controllers/arcconf/getconfig-1-ld-asr7805-raid5-failed-2-segments-missing.txt"), 2,
        "CRITICAL: controller #1 / VD 1: the array is failed; ");
  check(plugin("controllers/arcconf/getconfig-1-pd-6805q-failed-drive-missing.txt"), 2,
        "CRITICAL: controller #1 / drive 0,11: the drive is failed | ");
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

BOOST_AUTO_TEST_CASE(unknown_for_a_controller_arcconf_cannot_read) {
  // "Controller Status : Inaccessible" above empty lists: nothing is known, not "0 arrays, healthy".
  check(plugin("controllers/arcconf/getconfig-1-asr7805q-arcconf-7-controller-inaccessible.txt"), 3,
        "UNKNOWN: the input describes no controller, battery, array or drive");
}

BOOST_AUTO_TEST_CASE(unknown_for_a_dump_cut_short) {
  // Each capture stops where a copy or a killed tool could stop it: in the middle of a line its
  // parser cannot read. What followed is unknown, so nothing is judged, even a failed array above the
  // cut. (A cut that leaves a line the parser can read, or falls between lines, cannot be told from a
  // shorter dump.)
  const struct {
    std::string capture, cut_after;
  } cuts[] = {
      {"controllers/arcconf/getconfig-1-ld-asr7805-raid5-failed-2-segments-missing.txt", "Logical device num"},
      {"controllers/arcconf/getconfig-1-ld-asr7805-raid5-failed-2-segments-missing.txt", ": Fail"},
      {"controllers/megacli/pdlist-12-drives-one-failed-one-rebuild.txt", "Firmware state: Onl"},
      {"controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt", "      physicaldri"},
      {"controllers/storcli/c0-show-all-avago-9361-8i-ssd-raid.txt", "EID:Slt DID St"},
  };
  const temp_dir dir;
  const auto cut = dir / "cut.txt";
  for (const auto& c : cuts) {
    const std::string text = read_fixture(c.capture);
    const auto at = text.find(c.cut_after);
    BOOST_TEST_REQUIRE(at != std::string::npos, c.capture << " has no '" << c.cut_after << "'");
    std::ofstream(cut, std::ios::binary) << text.substr(0, at + c.cut_after.size());
    BOOST_TEST_CONTEXT(c.capture << " cut after '" << c.cut_after << "'") {
      const auto r = rb_ctrl("--plugin " + quoted(cut.string()));
      check(r, 3, "UNKNOWN: " + cut.string() + ": the text stops in the middle of line ");
      BOOST_TEST(r.out.find("it looks cut short") != std::string::npos, r.out);
    }
  }
  // A cut in the first line leaves nothing any parser recognises.
  std::ofstream(cut, std::ios::binary) << "Controllers fou";
  check(rb_ctrl("--plugin " + quoted(cut.string())), 3, "UNKNOWN: ");
}

BOOST_AUTO_TEST_CASE(a_cut_anywhere_is_one_line_never_a_crash) {
  // Cut in the middle of every line: a status line and a plugin status, whatever is left.
  const std::string text = read_fixture("controllers/arcconf/getconfig-1-ld-asr7805-raid5-failed-2-segments-missing.txt");
  const temp_dir dir;
  const auto cut = dir / "cut.txt";
  for (std::size_t start = 0, end = text.find('\n'); end != std::string::npos; start = end + 1, end = text.find('\n', start)) {
    std::ofstream(cut, std::ios::binary) << text.substr(0, start + (end - start) / 2);
    const auto r = rb_ctrl("--plugin " + quoted(cut.string()));
    BOOST_TEST_CONTEXT("cut at byte " << start + (end - start) / 2) {
      BOOST_TEST((r.status >= 0 && r.status <= 3), r.out + r.err);
      BOOST_TEST(count_lines(r.out) == 1U, r.out);
    }
  }
}

BOOST_AUTO_TEST_CASE(unknown_for_an_input_over_the_cap) {
  // 300 MB, well over the 64 MiB cap: a sparse file (refused by its size, nothing read) and the same
  // through a pipe (refused once the cap is read); a dump's first line makes it look like one.
  const temp_dir dir;
  const auto big = dir / "big.txt";
  std::ofstream(big, std::ios::binary) << "Controllers found: 1\n";
  std::filesystem::resize_file(big, 300'000'000);
  check(rb_ctrl("--plugin " + quoted(big.string())), 3,
        "UNKNOWN: cannot read " + big.string() + ": larger than 64 MiB, the cap on an input");
  const auto piped = run_shell("yes 'Controllers found: 1' | head -c 300000000 | " + quoted(RB_CTRL) + " --plugin -");
  check(piped, 3, "UNKNOWN: cannot read standard input: larger than 64 MiB, the cap on an input");
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
