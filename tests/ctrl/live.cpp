// rb-ctrl's live mode with fake vendor tools: shell scripts in a temporary directory on PATH that
// print real captures, log how they were called, and sometimes fail or hang.
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "run_tool.hpp"

using namespace raidbench::test;
using nlohmann::json;

namespace {

const std::string fixtures = RAIDBENCH_FIXTURES_DIR;

// A fake tool: logs its arguments to <dir>/calls, then runs the body (sh, $* holds the arguments).
void fake_tool(const temp_dir& dir, const std::string& name, const std::string& body) {
  const auto path = dir / name;
  std::ofstream(path) << "#!/bin/sh\necho \"" << name << " $*\" >> " << quoted((dir / "calls").string()) << "\n" << body;
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
}

std::string cat(const std::string& fixture) { return "/bin/cat " + quoted(fixtures + "/" + fixture) + "\n"; }

std::string calls(const temp_dir& dir) {
  std::ifstream in(dir / "calls");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// rb-ctrl in live mode with only `dir` on PATH and no md status file unless one is given.
tool_result live(const temp_dir& dir, const std::string& arguments, const std::string& mdstat = "/nonexistent/mdstat") {
  return run_shell("PATH=" + quoted(dir.path().string()) + " " + quoted(RB_CTRL) + " --mdstat=" + quoted(mdstat) + " " + arguments);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(live_test)

BOOST_AUTO_TEST_CASE(megacli_runs_its_four_dumps_and_merges_them) {
  const temp_dir dir;
  fake_tool(dir, "MegaCli64",
            "case \"$1\" in\n"
            "  -AdpAllInfo) " + cat("seed-outputs/megacli-adpallinfo-intel-rs25ab080.txt") + " ;;\n"
            "  -PDList) " + cat("seed-outputs/megacli-pdlist-intel-rs25ab080.txt") + " ;;\n"
            "  -LDInfo) echo 'Adapter 0 -- Virtual Drive Information:'; echo 'Adapter 0: No Virtual Drive Configured.' ;;\n"
            "  -AdpBbuCmd) echo 'Adapter 0: Get BBU Status Failed.'; exit 1 ;;\n"
            "  -AdpGetPciInfo) printf 'PCI information for Controller 0\\nBus Number : 5\\nDevice Number : 0\\n"
            "Function Number : 0\\n' ;;\n"
            "esac\n");
  const auto r = live(dir, "--json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(calls(dir) == "MegaCli64 -AdpAllInfo -aALL -NoLog\nMegaCli64 -LDInfo -Lall -aALL -NoLog\n"
                           "MegaCli64 -PDList -aALL -NoLog\nMegaCli64 -AdpBbuCmd -aALL -NoLog\n"
                           "MegaCli64 -AdpGetPciInfo -aALL -NoLog\n");
  const auto inv_json = json::parse(r.out);
  const auto& inv = inv_json.at("inventory");
  BOOST_TEST(inv.at("source") == "megacli");
  BOOST_TEST_REQUIRE(inv.at("controllers").size() == 1u);
  BOOST_TEST(inv.at("controllers")[0].at("serial") == "SV24628377");
  BOOST_TEST(inv.at("controllers")[0].at("physical_drives").size() == 2u);
  BOOST_TEST(inv.at("controllers")[0].at("pci_address") == "0000:05:00.0");
}

BOOST_AUTO_TEST_CASE(storcli_runs_the_json_commands_and_reports_the_ones_that_fail) {
  const temp_dir dir;
  fake_tool(dir, "storcli64",
            "if [ \"$*\" = '/call show all J' ]; then " + cat("controllers/storcli/call-show-J-avago-3108-raid6.txt") +
                "else echo 'no such object' >&2; exit 1; fi\n");
  fake_tool(dir, "perccli", "exit 1\n");  // storcli64 comes first: perccli is not run
  const auto r = live(dir, "--json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(calls(dir) == "storcli64 /call show all J\nstorcli64 /call/vall show all J\nstorcli64 /call/eall/sall show all J\n"
                           "storcli64 /call/bbu show all J\nstorcli64 /call/cv show all J\n");
  BOOST_TEST(r.err.find("rb-ctrl: storcli64 /call/vall show all J: exit status 1, no output: no such object\n") != std::string::npos);
  const auto inv_json = json::parse(r.out);
  const auto& inv = inv_json.at("inventory");
  BOOST_TEST(inv.at("source") == "storcli");
  BOOST_TEST(inv.at("controllers").size() >= 1u);
}

BOOST_AUTO_TEST_CASE(ssacli_and_hpacucli) {
  const temp_dir dir;
  fake_tool(dir, "hpacucli", cat("controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt"));
  const auto r = live(dir, "--json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(calls(dir) == "hpacucli ctrl all show config detail\n");
  const auto c_json = json::parse(r.out);
  const auto& c = c_json.at("inventory").at("controllers");
  BOOST_TEST(c.at(0).at("model") == "Smart Array P440ar");
}

BOOST_AUTO_TEST_CASE(arcconf_asks_how_many_controllers_then_dumps_each) {
  const temp_dir dir;
  fake_tool(dir, "arcconf",
            "case \"$1 $2\" in\n"
            "  'GETVERSION ') echo 'Controllers found: 2' ;;\n"
            "  'GETCONFIG 1') " + cat("controllers/arcconf/getconfig-1-al-servraid-8k-raid5-impacted.txt") + " ;;\n"
            "  'GETCONFIG 2') " + cat("controllers/arcconf/getconfig-1-servraid-8k-l-raid1-okay.txt") + " ;;\n"
            "esac\n");
  const auto r = live(dir, "");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(calls(dir) == "arcconf GETVERSION\narcconf GETCONFIG 1 AL\narcconf GETCONFIG 2 AL\n");
  BOOST_TEST(r.out.starts_with("source: arcconf\n"));
  BOOST_TEST(r.out.find("VD 1 \"somang\": raid5, 1.82 TiB, impacted") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(md_uses_mdadm_per_array_or_falls_back_to_mdstat) {
  const std::string mdstat = fixtures + "/controllers/mdstat/raid1-x2-raid0-x2-nvme-chunks.txt";
  {
    const temp_dir dir;
    fake_tool(dir, "mdadm", cat("controllers/mdadm/detail-raid1-degraded-faulty.txt"));
    const auto r = live(dir, "--json", mdstat);
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    BOOST_TEST(calls(dir) == "mdadm --detail /dev/md129\nmdadm --detail /dev/md128\nmdadm --detail /dev/md125\n"
                             "mdadm --detail /dev/md126\n");
    const auto inv_json = json::parse(r.out);
    const auto& inv = inv_json.at("inventory");
    BOOST_TEST(inv.at("source") == "mdadm");
    BOOST_TEST(inv.at("controllers")[0].at("virtual_drives").size() == 4u);
  }
  {
    const temp_dir dir;
    fake_tool(dir, "mdadm", "echo \"mdadm: cannot open $2: Permission denied\" >&2; exit 1\n");
    const auto r = live(dir, "--json", mdstat);
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    BOOST_TEST(r.err.find("rb-ctrl: mdadm --detail /dev/md129: exit status 1, no output: mdadm: cannot open /dev/md129: "
                          "Permission denied (using " + mdstat + " instead)\n") != std::string::npos);
    const auto inv_json = json::parse(r.out);
    const auto& inv = inv_json.at("inventory");
    BOOST_TEST(inv.at("source") == "mdstat");
    const auto& vds = inv.at("controllers")[0].at("virtual_drives");
    BOOST_TEST_REQUIRE(vds.size() == 4u);
    BOOST_TEST(vds[0].at("name") == "md129");
    BOOST_TEST(vds[3].at("strip_bytes") == 3072 * 1024);
  }
  {
    const temp_dir dir;  // no mdadm at all
    const auto r = live(dir, "--prometheus", mdstat);
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out.find("raidbench_vd_info{controller=\"#1\",vd=\"126\",name=\"md126\",kind=\"volume\",level=\"raid0\"} 1\n") !=
               std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(several_families_at_once) {
  const temp_dir dir;
  fake_tool(dir, "ssacli", cat("controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt"));
  fake_tool(dir, "arcconf", "[ \"$1\" = GETVERSION ] && exit 0\n" + cat("controllers/arcconf/getconfig-1-servraid-8k-l-raid1-okay.txt"));
  const auto r = live(dir, "--json", fixtures + "/controllers/mdstat/raid5-recovery-12pct.txt");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto inv_json = json::parse(r.out);
  const auto& inv = inv_json.at("inventory");
  BOOST_TEST(inv.at("source") == "ssacli+arcconf+mdstat");
  BOOST_TEST(inv.at("controllers").size() == 3u);
}

BOOST_AUTO_TEST_CASE(none_found_is_said_plainly) {
  const temp_dir dir;
  const auto r = live(dir, "");
  check_failed(r);
  BOOST_TEST(r.err == "rb-ctrl: no RAID tool found (looked for megacli, MegaCli64, MegaCli, storcli64, storcli, perccli64, "
                      "perccli, ssacli, hpssacli, hpacucli, arcconf, mdadm in " + dir.path().string() +
                      ":/opt/MegaRAID/MegaCli:/opt/MegaRAID/storcli:/opt/MegaRAID/perccli) and /nonexistent/mdstat lists "
                      "no md array\n");
  // An mdstat without arrays (md loaded, nothing assembled) finds nothing either.
  const auto empty = live(dir, "", fixtures + "/controllers/mdstat/no-arrays-no-trailing-newline.txt");
  BOOST_TEST(empty.status == 1);
  // A file that is not executable is not a tool.
  std::ofstream(dir / "megacli") << "#!/bin/sh\n";
  BOOST_TEST(live(dir, "").status == 1);
}

BOOST_AUTO_TEST_CASE(a_tool_that_answers_nothing_readable_fails_in_one_line_per_problem) {
  const temp_dir dir;
  fake_tool(dir, "perccli64", cat("controllers/perccli/call-show-J-no-controller-found.txt"));
  const auto r = live(dir, "");
  check_failed(r);
  BOOST_TEST(r.err.ends_with("rb-ctrl: the RAID tools found printed nothing raidbench can read\n"));
}

BOOST_AUTO_TEST_CASE(a_hanging_tool_is_killed_at_the_timeout) {
  const temp_dir dir;
  fake_tool(dir, "ssacli", "exec /bin/sleep 30\n");
  fake_tool(dir, "arcconf", "[ \"$1\" = GETVERSION ] && exit 0\n" + cat("controllers/arcconf/getconfig-1-servraid-8k-l-raid1-okay.txt"));
  const auto r = live(dir, "--timeout=1");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "rb-ctrl: ssacli ctrl all show config detail: no answer after 1 s, killed\n");
  BOOST_TEST(r.out.starts_with("source: arcconf\n"));
}

// A wrapper script whose children hang: the whole process group goes at the timeout, none is left
// re-parented to init (the marker is a sleep length no other process uses).
BOOST_AUTO_TEST_CASE(a_hanging_wrapper_and_its_children_are_killed_together) {
  const temp_dir dir;
  fake_tool(dir, "ssacli", "/bin/sleep 987651 &\n/bin/sleep 987652 &\nwait\n");
  const auto r = live(dir, "--timeout=1");
  BOOST_TEST(r.err.find("ssacli ctrl all show config detail: no answer after 1 s, killed") != std::string::npos, r.err);
  const auto left = std::system("pgrep -f 'sleep 98765[12]' >/dev/null");
  BOOST_TEST(left != 0, "a child of the wrapper is still running");
  (void)!std::system("pkill -f 'sleep 98765[12]'");
}

BOOST_AUTO_TEST_SUITE_END()
