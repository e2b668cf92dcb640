// rb-compare --fleet on generated report.json files with fixed numbers: exactly the odd hosts are
// flagged, one by performance and one by a differing setting, with their reasons; a host whose
// results cannot be read is named and left out, the others go on. The reports' context and inventory
// are written by the tools' own writer, so hosts group by RAID level as in a real fleet.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "raidbench/session/run_storage.hpp"
#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"
#include "results.hpp"

BOOST_AUTO_TEST_SUITE(fleet_test)

namespace {

using namespace raidbench::test;

struct host_spec {
  std::string name;
  std::string controller = "PERC H730 Mini";
  std::string battery = "optimal";
  std::string write_policy = "write_back";
  std::uint64_t fsync_ops = 5000;
  std::uint64_t read_ops = 20000;
  std::string mode = "default";
  std::uint64_t file_set_bytes = 1ull << 30;
  std::string version = "0.1.0";
};

// A suite report of host `h`, its storage part written by the tools' own writer (add_storage_json)
// from a typed context and inventory, so the fleet reads the field names raidbench writes.
void write_report(const std::filesystem::path& dir, const host_spec& h) {
  std::filesystem::create_directories(dir / h.name);
  raidbench::storage_context context;
  context.path = "/srv/bench";
  context.kernel = "6.1.0-13-amd64";
  context.filesystem.type = "ext4";
  context.filesystem.mount_options = "rw,relatime";
  raidbench::block_node disk;
  disk.name = "sda";
  disk.model = h.controller;
  disk.scheduler = "mq-deadline";
  disk.write_cache = "write through";
  context.devices.push_back(disk);
  raidbench::controller c;
  c.model = h.controller;
  c.firmware = "25.5.9.0001";
  c.battery.present = true;
  c.battery.state = raidbench::enum_from_name<raidbench::battery_state>(h.battery);
  raidbench::virtual_drive vd;
  vd.id = 0;
  vd.level = raidbench::raid_level::raid10;
  vd.current_policy.write = raidbench::enum_from_name<raidbench::write_policy>(h.write_policy);
  c.virtual_drives.push_back(vd);
  raidbench::controller_snapshot controller{"megacli.txt", {}, {}};
  controller.inv.source = "megacli";
  controller.inv.controllers.push_back(c);
  nlohmann::json report = {{"schema", "raidbench.suite_report"},
                           {"schema_version", 2},
                           {"mode", h.mode},
                           {"sizes",
                            {{"sequential_bytes", 1ull << 30},
                             {"file_set_bytes", h.file_set_bytes},
                             {"file_set_files", 16},
                             {"commit_seconds", 2},
                             {"random_seconds", 15},
                             {"random_direct", false}}},
                           {"interrupted", false},
                           {"tests", {{{"name", "fsync 8 kB"}, {"result", write_result(h.fsync_ops)}},
                                      {{"name", "rndrd 16 KiB"}, {"result", write_result(h.read_ops)}}}}};
  raidbench::add_storage_json(report, context, controller, raidbench::device_ownership{}, {});
  // After the writer, which records the build that runs this test: a host's own build is the case's.
  report["build"] = {{"version", h.version}, {"build_type", "optimised"}, {"compiler", "clang 14.0.6"}};
  std::ofstream(dir / h.name / "report.json") << report.dump(1);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(flags_exactly_the_odd_hosts_with_their_reasons) {
  const temp_dir dir;
  const auto fleet = dir / "results";
  // Eight hosts of one hardware with a few per cent between them, as identical servers measure.
  const std::uint64_t fsync[] = {5000, 5100, 4950, 5050, 4980, 5020, 5070, 4990};
  for (int i = 0; i < 8; ++i) write_report(fleet, {.name = "db" + std::to_string(i), .fsync_ops = fsync[i], .read_ops = 20000u + 100u * i});
  write_report(fleet, {.name = "db-slow", .fsync_ops = 1900});                                  // commits at 38 % of its peers
  write_report(fleet, {.name = "db-battery", .battery = "failed", .write_policy = "write_through"});  // same figures, unsafe setting
  // Two hosts of another controller: too few to judge each other, never flagged against the PERCs.
  write_report(fleet, {.name = "hp0", .controller = "Smart Array P420", .fsync_ops = 900});
  write_report(fleet, {.name = "hp1", .controller = "Smart Array P420", .fsync_ops = 950});
  std::filesystem::create_directories(fleet / "broken");
  std::ofstream(fleet / "broken" / "report.json") << "{\"schema\": \"raidbench.suite_report\", \"tests\": 3}";

  const auto r = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()) + " --json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(contains(r.err, "broken/report.json"), r.err);
  BOOST_TEST(contains(r.err, "host left out"));
  const auto j = nlohmann::json::parse(r.out);
  BOOST_TEST(j["schema"] == "raidbench.fleet");
  std::multiset<std::string> flagged;
  for (const auto& f : j["flags"]) flagged.insert(f["host"].get<std::string>() + " " + f["kind"].get<std::string>());
  BOOST_TEST(flagged == (std::multiset<std::string>{"db-slow performance", "db-battery fact", "db-battery fact"}));
  for (const auto& f : j["flags"]) {
    const std::string reason = f["reason"];
    if (f["host"] == "db-slow") BOOST_TEST(contains(reason, "fsync 8 kB ops_per_second: -62.0 % against the median of 9 peers of the same hardware (slower)"), reason);
    if (f["host"] == "db-battery")
      BOOST_TEST((contains(reason, "controller 0 battery state is failed; 9 of 10 peers of the same hardware: optimal") ||
                  contains(reason, "controller 0 VD 0 policy write is write_through; 9 of 10 peers of the same hardware: write_back")),
                 reason);
  }
  BOOST_TEST(j["hardware"].size() == 12u);
  BOOST_TEST(j["tests"][0]["hosts"] == 12);

  const auto text = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()));
  BOOST_TEST(text.status == 0);
  BOOST_TEST(contains(text.out, "Fleet of 12 hosts (raidbench results), 2 hardware group(s):"));
  BOOST_TEST(contains(text.out, "Flagged: 3\n"));
  BOOST_TEST(contains(text.out, "Note: 2 host(s) with controller 0 VD 0 raid_level raid10, controller 0 model Smart Array P420"), text.out);
  const auto page = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()) + " --html " + quoted((dir / "fleet.html").string()));
  BOOST_TEST(page.status == 0, page.err);
  std::ifstream html_in(dir / "fleet.html");
  const std::string html((std::istreambuf_iterator<char>(html_in)), std::istreambuf_iterator<char>());
  BOOST_TEST(contains(html, "<svg"));
  BOOST_TEST(contains(html, "db-slow (performance): fsync 8 kB ops_per_second: -62.0 %"));
  BOOST_TEST(contains(html, R"(data-category="db-slow")"));
  const auto markdown = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()) + " --format=markdown");
  BOOST_TEST(markdown.status == 0);
  BOOST_TEST(contains(markdown.out, "- `db-slow` (performance): fsync 8 kB ops_per_second: -62.0 %"));
}

// Only runs of one mode and sizes are compared (the most hosts'); the others are named, with what
// they ran; a host measured by another version of raidbench is flagged by that fact.
BOOST_AUTO_TEST_CASE(compares_like_with_like_and_names_the_hosts_left_out) {
  const temp_dir dir;
  const auto fleet = dir / "results";
  for (int i = 0; i < 5; ++i) write_report(fleet, {.name = "db" + std::to_string(i), .fsync_ops = 5000u + 10u * i});
  write_report(fleet, {.name = "db-quick", .fsync_ops = 900, .mode = "quick"});
  write_report(fleet, {.name = "db-small", .fsync_ops = 900, .file_set_bytes = 64ull << 20});
  write_report(fleet, {.name = "db-old", .fsync_ops = 5005, .version = "0.0.9"});
  const auto r = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()) + " --json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  BOOST_TEST(j["tests"][0]["hosts"] == 6);
  BOOST_TEST(!j["hardware"].contains("db-quick"));
  BOOST_TEST(!j["hardware"].contains("db-small"));
  const std::string notes = j["notes"].dump();
  BOOST_TEST(contains(notes, "db-quick: left out: it ran mode quick, sizes sequential 1073741824 B, file set 1073741824 B in 16 "
                             "files, 2 s per commit method, 15 s per random test; the 6 hosts compared ran mode default, sizes "
                             "sequential 1073741824 B, file set 1073741824 B in 16 files"), notes);
  BOOST_TEST(contains(notes, "db-small: left out: it ran mode default, sizes sequential 1073741824 B, file set 67108864 B"), notes);
  std::vector<std::string> flags;
  for (const auto& f : j["flags"]) flags.push_back(f["host"].get<std::string>() + ": " + f["reason"].get<std::string>());
  BOOST_TEST(flags == (std::vector<std::string>{"db-old: tool version is 0.0.9; 5 of 6 peers of the same hardware: 0.1.0"}));
  const auto text = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()));
  BOOST_TEST(contains(text.out, "db-quick: left out: it ran mode quick"), text.out);
}

BOOST_AUTO_TEST_CASE(control_characters_in_host_names_are_escaped) {
  // A host directory named with a newline and a terminal escape: one table row, no escape printed.
  const temp_dir dir;
  const auto fleet = dir / "results";
  for (int i = 0; i < 4; ++i) write_report(fleet, {.name = "db" + std::to_string(i), .fsync_ops = 5000u + 10u * i});
  write_report(fleet, {.name = "evil\nhost\x1b[31m|x", .fsync_ops = 5005});
  for (const char* format : {"text", "markdown"}) {
    const auto r = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(fleet.string()) + " --format=" + format);
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    BOOST_TEST(r.out.find('\x1b') == std::string::npos, format);
    BOOST_TEST(contains(r.out, std::string(format) == "text" ? "evil\\nhost\\x1b[31m|x" : "evil\\nhost\\x1b[31m\\|x"), r.out);
    std::size_t rows = 0;
    for (std::size_t at = r.out.find("evil"); at != std::string::npos; at = r.out.find("evil", at + 1)) {
      const auto line_start = r.out.rfind('\n', at) + 1;
      rows += r.out.compare(line_start, 3, "  e") == 0 || r.out.compare(line_start, 3, "| e") == 0;
    }
    BOOST_TEST(rows == 2u, format);  // one row per test
  }
}

BOOST_AUTO_TEST_CASE(an_empty_or_missing_fleet_is_one_line_and_exit_1) {
  const temp_dir dir;
  const auto empty = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted(dir.path().string()));
  BOOST_TEST(empty.status == 1);
  BOOST_TEST(contains(empty.err, "no host's results in it"));
  const auto missing = run_shell(quoted(RB_COMPARE) + " --fleet " + quoted((dir / "nope").string()));
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(contains(missing.err, "not a directory"));
}

BOOST_AUTO_TEST_SUITE_END()
