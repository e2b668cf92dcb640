// The controller part of a benchmark report: saved dumps merge, a bad dump is an error, live mode runs
// fake tools from a temporary directory, and finding nothing is no error. It reads; it does not judge.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_section.hpp"

using namespace raidbench;
using raidbench::test::temp_dir;
namespace fs = std::filesystem;

namespace {

const std::string seed = std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/";

// A request that can only see `dir`: its tools and no md arrays.
controller_request live_in(const temp_dir& dir) {
  controller_request r;
  r.tools.search_path = dir.path().string();
  r.tools.mdstat = dir / "no-mdstat";
  r.tools.timeout = std::chrono::seconds(10);
  return r;
}

void fake_tool(const temp_dir& dir, const std::string& name, const std::string& body) {
  std::ofstream(dir / name) << "#!/bin/sh\n" << body;
  fs::permissions(dir / name, fs::perms::owner_all);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gather_test)

BOOST_AUTO_TEST_CASE(saved_dumps_of_one_tool_merge_and_carry_no_judgement) {
  controller_request r;
  r.files = {seed + "megacli-adpallinfo-intel-rs25ab080.txt", seed + "megacli-pdlist-intel-rs25ab080.txt"};
  const auto got = gather_controller(r);
  BOOST_TEST_REQUIRE(bool(got), (got ? "" : got.message()));
  BOOST_TEST_REQUIRE(got->has_value());
  const controller_snapshot& s = **got;
  BOOST_TEST(s.source == r.files[0].string() + ", " + r.files[1].string());
  BOOST_TEST(s.inv.source == "megacli");
  BOOST_TEST_REQUIRE(s.inv.controllers.size() == 1u);
  BOOST_TEST(s.inv.controllers[0].model.value_or("") == "Intel (R) RAID Controller RS25AB080");
  BOOST_TEST(!s.inv.controllers[0].physical_drives.empty());

  // What the inventory means is the judgement's (verdict/), made once per run beside the snapshot.
  const nlohmann::json j = s;
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  BOOST_TEST(keys == (std::vector<std::string>{"inventory", "notes", "source", "summary"}));
  BOOST_TEST(j.at("source") == s.source);
  BOOST_TEST(j.at("inventory").at("controllers").size() == 1u);
  BOOST_TEST(j.at("summary").get<std::string>().starts_with("source: megacli\n"));
  BOOST_TEST(j.at("summary").get<std::string>().find("verdicts") == std::string::npos);
  const std::string text = format_controller_section(*got, r);
  BOOST_TEST(text.starts_with("controller (from " + s.source + ")\nsource: megacli\n"));
}

BOOST_AUTO_TEST_CASE(a_dump_that_cannot_be_read_or_parsed_is_an_error) {
  temp_dir dir;
  controller_request r;
  r.files = {dir / "missing.txt"};
  auto got = gather_controller(r);
  BOOST_TEST_REQUIRE(!got);
  BOOST_TEST(got.message() == "cannot read " + (dir / "missing.txt").string() + ": No such file or directory");

  std::ofstream(dir / "hello.txt") << "hello\n";
  r.files = {seed + "megacli-adpallinfo-intel-rs25ab080.txt", dir / "hello.txt"};
  got = gather_controller(r);
  BOOST_TEST_REQUIRE(!got);
  BOOST_TEST(got.message().starts_with((dir / "hello.txt").string() + ": "));
}

BOOST_AUTO_TEST_CASE(live_mode_reads_the_tools_found_and_notes_the_ones_that_fail) {
  temp_dir dir;
  fake_tool(dir, "MegaCli64",
            "case \"$1\" in\n"
            "  -AdpAllInfo) cat '" + seed + "megacli-adpallinfo-perc-h730-mini-excerpt.txt' ;;\n"
            "  -AdpBbuCmd) cat '" + seed + "megacli-adpbbucmd-perc-h730-excerpt.txt' ;;\n"
            "  *) echo 'Adapter 0: command failed' >&2; exit 1 ;;\n"
            "esac\n");
  const controller_request r = live_in(dir);
  const auto got = gather_controller(r);
  BOOST_TEST_REQUIRE(bool(got), (got ? "" : got.message()));
  BOOST_TEST_REQUIRE(got->has_value());
  const controller_snapshot& s = **got;
  BOOST_TEST(s.source == "live: " + (dir / "MegaCli64").string());
  BOOST_TEST_REQUIRE(s.inv.controllers.size() == 1u);
  BOOST_TEST(s.inv.controllers[0].battery.charge_percent.value_or(0) == 99);  // -AdpBbuCmd, merged into -AdpAllInfo
  BOOST_TEST(s.notes.size() == 3u);  // -LDInfo, -PDList and -AdpGetPciInfo printed nothing
  BOOST_TEST(s.notes[0] == "MegaCli64 -LDInfo -Lall -aALL -NoLog: exit status 1, no output: Adapter 0: command failed");
  BOOST_TEST(format_controller_section(*got, r).find("\nnote: MegaCli64 -PDList -aALL -NoLog: exit status 1") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(nothing_found_or_not_asked_is_no_controller_and_says_why) {
  temp_dir dir;
  controller_request r = live_in(dir);
  auto got = gather_controller(r);
  BOOST_TEST_REQUIRE(bool(got), (got ? "" : got.message()));
  BOOST_TEST(!got->has_value());
  BOOST_TEST(format_controller_section(*got, r) ==
             "controller: no RAID tool found and no md array (--controller-file FILE reads a saved dump)\n");

  // A tool that only prints what no parser reads is skipped in live mode: still no controller.
  fake_tool(dir, "ssacli", "echo 'Error: something went wrong'\n");
  got = gather_controller(r);
  BOOST_TEST_REQUIRE(bool(got), (got ? "" : got.message()));
  BOOST_TEST(!got->has_value());

  r.live = false;
  got = gather_controller(r);
  BOOST_TEST_REQUIRE(bool(got));
  BOOST_TEST(!got->has_value());
  BOOST_TEST(format_controller_section(*got, r) == "controller: not read (--no-controller)\n");
}

BOOST_AUTO_TEST_CASE(md_arrays_in_mdstat_are_read_without_mdadm) {
  temp_dir dir;
  std::ofstream(dir / "mdstat") << "Personalities : [raid1]\n"
                                   "md0 : active raid1 sdb1[1] sda1[0]\n"
                                   "      1048512 blocks [2/2] [UU]\n\n"
                                   "unused devices: <none>\n";
  controller_request r = live_in(dir);
  r.tools.mdstat = dir / "mdstat";
  const auto got = gather_controller(r);
  BOOST_TEST_REQUIRE(bool(got), (got ? "" : got.message()));
  BOOST_TEST_REQUIRE(got->has_value());
  BOOST_TEST((*got)->inv.source == "mdstat");
  BOOST_TEST((*got)->source == "live: " + (dir / "mdstat").string());
}

BOOST_AUTO_TEST_SUITE_END()
