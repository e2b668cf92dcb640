// rb-ctrl on the real captures: summary, verdicts and JSON fields, merging, stdin, warnings and bad input.
#include <boost/test/unit_test.hpp>

#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_tool.hpp"

using namespace raidbench::test;
using nlohmann::json;

BOOST_AUTO_TEST_SUITE(rb_ctrl_test)

namespace {

// Fixtures (paths under tests/fixtures/) as rb-ctrl's arguments.
std::string fixture_args(std::initializer_list<std::string> fixtures) {
  std::string args;
  for (const auto& f : fixtures) args += (args.empty() ? "" : " ") + fixture_arg(f);
  return args;
}

// rb-ctrl --json with these arguments: its JSON, once it has succeeded.
json rb_ctrl_json(const std::string& arguments) {
  const auto r = rb_ctrl("--json " + arguments);
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  return json::parse(r.out);
}

// The verdicts of rb-ctrl's JSON that fired.
std::vector<json> fired(const json& j) {
  std::vector<json> out;
  for (const auto& v : j.at("verdicts"))
    if (v.at("fired").get<bool>()) out.push_back(v);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(summary_of_a_degraded_arcconf_controller_is_exact) {
  const auto r = rb_ctrl(fixture_arg("controllers/arcconf/getconfig-1-al-servraid-8k-raid5-impacted.txt"));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  const std::string expected =
      "source: arcconf\n"
      "controller #1: IBM ServeRAID 8k\n"
      "  slot:       0\n"
      "  serial:     5AB94A0\n"
      "  firmware:   5.2-0 (15411), BIOS 5.2-0 (15411)\n"
      "  cache:      256 MiB\n"
      "  battery:    bbu, present, optimal, charge 100%\n"
      "  input:      covers controller, battery, arrays, drives\n"
      "  virtual drives (1):\n"
      "    VD 1 \"somang\": raid5, 1.82 TiB, impacted, strip 256 KiB, 3 drives\n"
      "      default: write_back, write-through if bad battery\n"
      "      current: write_back\n"
      "  physical drives (3):\n"
      "    0,0 (id 0): online, sata, 0KLA330, serial GTA060PAJSDEGF, firmware GKAOAB4A, 932 GiB, no SMART alert, write cache on\n"
      "    0,1 (id 1): online, sata, 0KLA330, serial GTA060PAJ93P4F, firmware GKAOA9EA, 932 GiB, no SMART alert, write cache on\n"
      "    0,2 (id 2): online, sata, 0KLA330, serial GTA060PAJ8LAYF, firmware GKAOA9EA, 932 GiB, no SMART alert, write cache on\n"
      "verdicts: 4 fired of 10\n"
      "  FIRED warning degraded_array [controller 'IBM ServeRAID 8k' / VD 1]: the array is impacted: the controller "
      "reports it impaired\n"
      "        evidence: controller 'IBM ServeRAID 8k' / VD 1: state = impacted\n";
  BOOST_TEST(r.out.substr(0, expected.size()) == expected);
  // The drives' own caches, one verdict per drive, behind the write-back VD.
  for (const char* drive : {"0,0", "0,1", "0,2"}) {
    const std::string subject = std::string("controller 'IBM ServeRAID 8k' / drive ") + drive;
    BOOST_TEST(r.out.find("  FIRED warning drive_cache_enabled [" + subject + "]: the drive's volatile write cache is "
                          "enabled behind a write-back controller: the controller battery does not cover it\n"
                          "        evidence: " + subject + ": write cache = enabled\n") != std::string::npos);
  }
  BOOST_TEST(r.out.ends_with("  no    drive_predictive_failure: no drive predicts its failure\n"));
}

BOOST_AUTO_TEST_CASE(megacli_adapter_info_and_drive_list_merge_into_one_controller) {
  const std::string dumps =
      fixture_args({"seed-outputs/megacli-adpallinfo-intel-rs25ab080.txt", "seed-outputs/megacli-pdlist-intel-rs25ab080.txt"});
  const auto j = rb_ctrl_json(dumps);
  const auto& inv = j.at("inventory");
  BOOST_TEST(inv.at("source") == "megacli");
  BOOST_TEST_REQUIRE(inv.at("controllers").size() == 1u);
  const auto& c = inv.at("controllers")[0];
  BOOST_TEST(c.at("number") == 0);
  BOOST_TEST(c.at("model") == "Intel (R) RAID Controller RS25AB080");
  BOOST_TEST(c.at("serial") == "SV24628377");
  BOOST_TEST(c.at("firmware_package") == "23.12.0-0013");
  BOOST_TEST(c.at("cache_bytes") == 1073741824u);
  BOOST_TEST(c.at("default_policy").at("write") == "write_back");
  BOOST_TEST(c.at("default_policy").at("read") == "adaptive");
  BOOST_TEST_REQUIRE(c.at("physical_drives").size() == 2u);
  BOOST_TEST(c.at("physical_drives")[0].at("enclosure") == 252);
  BOOST_TEST(c.at("physical_drives")[0].at("slot") == 0);
  BOOST_TEST(c.at("physical_drives")[0].at("device_id") == 9);
  BOOST_TEST(c.at("physical_drives")[0].at("interface") == "sata");
  BOOST_TEST(c.at("physical_drives")[1].at("media_errors") == 0);
  // Nothing fired; each controller rule says once why not.
  BOOST_TEST(fired(j).empty());
  BOOST_TEST(j.at("verdicts").size() == 8u);
  // The summary tells the same.
  const auto s = rb_ctrl(dumps);
  BOOST_TEST(s.out.find("controller 0: Intel (R) RAID Controller RS25AB080\n  serial:     SV24628377\n") != std::string::npos);
  BOOST_TEST(s.out.find("  cache:      1 GiB\n  default:    write_back, adaptive, direct, write-through if bad battery\n") !=
             std::string::npos);
  BOOST_TEST(s.out.find("    252:0 (id 9): online, hdd, sata, 1.82 TiB, media errors 0, other errors 0, predictive failures 0\n") !=
             std::string::npos);
  BOOST_TEST(s.out.find("verdicts: 0 fired of 8\n  no    degraded_array: no degraded array seen\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(three_storcli_controllers_with_bbu_none_and_cachevault) {
  const auto cs_json = rb_ctrl_json(fixture_arg("controllers/storcli/call-show-all-3ctrl-ok.txt"));
  const auto& cs = cs_json.at("inventory").at("controllers");
  BOOST_TEST_REQUIRE(cs.size() == 3u);
  BOOST_TEST(cs[0].at("model") == "LSI MegaRAID SAS 9286CV-8e");
  BOOST_TEST(cs[0].at("battery").at("kind") == "bbu");
  BOOST_TEST(cs[0].at("battery").at("model") == "iBBU-09");
  BOOST_TEST(cs[1].at("serial") == "SP41019754");
  BOOST_TEST(cs[1].at("battery").at("present") == false);
  BOOST_TEST(cs[1].at("physical_drives").size() == 8u);
  BOOST_TEST(cs[2].at("battery").at("kind") == "cachevault");
  BOOST_TEST(cs[2].at("virtual_drives")[0].at("level") == "raid10");
  BOOST_TEST(cs[2].at("virtual_drives")[0].at("current_policy").at("write") == "write_back");
}

BOOST_AUTO_TEST_CASE(ssacli_drive_cache_verdicts_carry_their_subject_and_evidence) {
  const auto j = rb_ctrl_json(fixture_arg("controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt"));
  const auto& c = j.at("inventory").at("controllers")[0];
  BOOST_TEST(c.at("model") == "Smart Array P440ar");
  BOOST_TEST(c.at("cache_bytes") == 2147483648u);
  BOOST_TEST(c.at("virtual_drives").size() == 2u);
  BOOST_TEST(c.at("physical_drives").size() == 8u);
  // The JSON's keys: the build that wrote it, the inventory and the verdicts, each verdict with all its fields.
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  BOOST_TEST(keys == (std::vector<std::string>{"build", "inventory", "verdicts"}));
  BOOST_TEST(j.at("build").at("version") == "0.1.0");
  const auto f = fired(j);
  BOOST_TEST_REQUIRE(f.size() == 2u);
  for (std::size_t i = 0; i < f.size(); ++i) {
    const std::string vd = "controller 0 / VD " + std::to_string(i + 1);
    BOOST_TEST(f[i] == (json{{"rule", "drive_cache_enabled"},
                             {"subject", vd},
                             {"fired", true},
                             {"severity", "warning"},
                             {"message", "the drives' volatile write cache is enabled behind a write-back controller: the "
                                         "controller battery does not cover it, so flushed writes can still be lost"},
                             {"evidence", {vd + ": disk cache policy = enabled", vd + ": current write policy = write_back"}}}));
  }
}

BOOST_AUTO_TEST_CASE(md_rebuild_progress_and_several_mdadm_arrays) {
  const auto j = rb_ctrl_json(fixture_arg("controllers/mdstat/raid5-recovery-12pct.txt"));
  const auto& vd = j.at("inventory").at("controllers")[0].at("virtual_drives")[0];
  BOOST_TEST(vd.at("name") == "md127");
  BOOST_TEST(vd.at("state") == "degraded");
  BOOST_TEST(vd.at("operation") == "rebuild");
  BOOST_TEST(vd.at("progress_percent") == 12.6);
  const auto f = fired(j);
  BOOST_TEST_REQUIRE(f.size() == 2u);
  BOOST_TEST(f[0].at("rule") == "degraded_array");
  BOOST_TEST(f[0].at("severity") == "critical");
  BOOST_TEST(f[0].at("subject") == "controller #1 / VD 127");
  BOOST_TEST(f[1].at("rule") == "array_busy");
  BOOST_TEST(f[1].at("severity") == "warning");
  BOOST_TEST(f[1].at("evidence").back() == "controller #1 / VD 127: progress = 12.6%");

  // Two mdadm --detail dumps: two arrays, and each keeps its own members (roles 0, 1 in both).
  const auto c_json = rb_ctrl_json(
      fixture_args({"controllers/mdadm/detail-raid5-clean.txt", "controllers/mdadm/detail-raid1-degraded-faulty.txt"}));
  const auto& c = c_json.at("inventory").at("controllers");
  BOOST_TEST_REQUIRE(c.size() == 1u);
  BOOST_TEST(c[0].at("virtual_drives").size() == 2u);
  BOOST_TEST(c[0].at("virtual_drives")[1].at("state") == "degraded");
  BOOST_TEST(c[0].at("physical_drives").size() == 6u);
  BOOST_TEST(c[0].at("physical_drives")[5].at("state") == "failed");
}

BOOST_AUTO_TEST_CASE(different_tools_are_listed_side_by_side) {
  const auto inv_json = rb_ctrl_json(
      fixture_args({"controllers/mdstat/raid5-recovery-12pct.txt", "controllers/arcconf/getconfig-1-servraid-8k-l-raid1-okay.txt"}));
  const auto& inv = inv_json.at("inventory");
  BOOST_TEST(inv.at("source") == "mdstat+arcconf");
  BOOST_TEST(inv.at("controllers").size() == 2u);
}

BOOST_AUTO_TEST_CASE(stdin_reads_like_a_file) {
  const std::string file = fixture_arg("controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt");
  const auto from_file = rb_ctrl("--json " + file);
  const auto from_stdin = run_shell(quoted(RB_CTRL) + " --json - < " + file);
  BOOST_TEST(from_stdin.status == 0);
  BOOST_TEST(from_stdin.out == from_file.out);
}

BOOST_AUTO_TEST_CASE(warnings_go_to_stderr_with_file_and_line) {
  const std::string path = std::string(RAIDBENCH_FIXTURES_DIR) + "/controllers/ssacli/ctrl-all-show-config-detail-p212-p410i.txt";
  const auto r = rb_ctrl(quoted(path));
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "rb-ctrl: warning: " + path + ":25: cache size '0.2' has no readable unit\n" +
                          "rb-ctrl: warning: " + path + ":481: cache size '0.2' has no readable unit\n");
  BOOST_TEST(r.out.find("warnings: 2 (parts of the input could not be read)\n") != std::string::npos);
  const auto j = json::parse(rb_ctrl("--json " + quoted(path)).out);
  BOOST_TEST(j.at("inventory").at("warnings")[0].at("line") == 25);
}

BOOST_AUTO_TEST_CASE(bad_input_gives_one_line_and_a_failure_status) {
  const auto missing = rb_ctrl("/nonexistent/megacli.txt");
  check_failed(missing);
  BOOST_TEST(missing.err == "rb-ctrl: cannot read /nonexistent/megacli.txt: No such file or directory\n");

  const auto directory = rb_ctrl(quoted(RAIDBENCH_FIXTURES_DIR));
  BOOST_TEST(directory.status == 1);
  BOOST_TEST(directory.err == "rb-ctrl: cannot read " + std::string(RAIDBENCH_FIXTURES_DIR) + ": Is a directory\n");

  const std::string tw = std::string(RAIDBENCH_FIXTURES_DIR) + "/controllers/tw_cli/info-controllers-9650se-2lp.txt";
  const auto unknown = rb_ctrl(quoted(tw));
  check_failed(unknown);
  BOOST_TEST(unknown.err == "rb-ctrl: " + tw +
                                ": no parser recognises this text (tried: storcli, megacli, ssacli, arcconf, mdadm, mdstat)\n");

  // A good dump does not excuse a bad one beside it.
  const auto mixed = rb_ctrl(fixture_arg("controllers/mdstat/raid5-recovery-12pct.txt") + " " + quoted(tw));
  check_failed(mixed);

  const auto empty = run_shell(quoted(RB_CTRL) + " - < /dev/null");
  BOOST_TEST(empty.status == 1);
  BOOST_TEST(count_lines(empty.err) == 1u);
  BOOST_TEST(empty.err.starts_with("rb-ctrl: stdin: no parser recognises this text"));

  const auto binary = rb_ctrl("/bin/sh");
  BOOST_TEST(binary.status == 1);
  BOOST_TEST(count_lines(binary.err) == 1u);

  // Usage errors: one line, exit status 2, nothing on stdout; numbers decimal and bounded.
  const auto usage_error = [](const tool_result& r, const std::string& err) {
    BOOST_TEST(r.status == 2);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err == err);
  };
  usage_error(rb_ctrl("--bogus x"), "rb-ctrl: unknown option '--bogus' (see --help)\n");
  usage_error(rb_ctrl("--json --prometheus x"), "rb-ctrl: --json, --prometheus and --plugin print on stdout one at a time (send "
                                                "the others into a file: --json=FILE) (see --help)\n");
  for (const std::string bad : {"0", "0x10", "1e20", "inf", "-1", "86401"})
    usage_error(rb_ctrl("--timeout=" + bad), "rb-ctrl: --timeout: '" + bad + "' is not a whole number from 1 to 86400 (see --help)\n");
  usage_error(rb_ctrl("--json= x"), "rb-ctrl: --json= needs a file name (see --help)\n");
  // --opt value and --opt=value are one option.
  BOOST_TEST(rb_ctrl("--mdstat /nonexistent --path /nonexistent").err == rb_ctrl("--mdstat=/nonexistent --path=/nonexistent").err);
  const auto version = rb_ctrl("--version");
  BOOST_TEST(version.status == 0);
  BOOST_TEST(version.out.starts_with("raidbench 0.1.0 ("));
}

BOOST_AUTO_TEST_SUITE_END()
