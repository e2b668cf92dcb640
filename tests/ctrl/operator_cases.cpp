// The states an operator alerts on, through rb-ctrl as a monitoring system runs it: each case's check
// findings with their severity, and its Prometheus metrics, which promtool must accept.
//   - an md array that has lost members while it recovers or reshapes: degraded (critical) and busy;
//   - an IMSM container: no alarm of its own, its members in use, not spares;
//   - a Smart Array array whose own line says Failed: its logical drives are failed;
//   - a MegaCLI battery in a learn cycle: learning (a warning), not failed.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "run_tool.hpp"

using namespace raidbench::test;
using nlohmann::json;

BOOST_AUTO_TEST_SUITE(operator_cases_test)

namespace {

struct report {
  json inventory;
  std::vector<std::pair<std::string, std::string>> findings;  // check, severity
  std::string metrics;
};

report run(const std::string& files) {
  const auto j = rb_ctrl("--json " + files);
  BOOST_TEST_REQUIRE(j.status == 0, j.err);
  const auto p = rb_ctrl("--prometheus " + files);
  BOOST_TEST_REQUIRE(p.status == 0, p.err);
  BOOST_TEST(promtool_check(p.out) == "");
  const json whole = json::parse(j.out);
  report r{whole.at("inventory"), {}, p.out};
  for (const auto& f : whole.at("findings"))
    r.findings.emplace_back(f.at("check").get<std::string>(), f.at("severity").get<std::string>());
  return r;
}

bool has_finding(const report& r, const std::string& check, const std::string& severity) {
  for (const auto& f : r.findings)
    if (f.first == check && f.second == severity) return true;
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(degraded_md_array_that_reshapes_is_critical_and_busy) {
  // md0: [3/2] [U_U] while a reshape runs: one member lost, whatever else happens.
  const auto r = run(fixture_arg("controllers/mdstat/raid5-3-of-2-reshape-degraded-bitmap.txt"));
  const auto& vd = r.inventory.at("controllers")[0].at("virtual_drives")[0];
  BOOST_TEST(vd.at("state") == "degraded");
  BOOST_TEST(vd.at("operation") == "reshape");
  BOOST_TEST(has_finding(r, "array_not_optimal", "critical"));
  BOOST_TEST(has_finding(r, "array_busy", "warning"));
  const std::string id = "controller=\"#1\",vd=\"" + std::to_string(vd.at("id").get<unsigned>()) + "\"";
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_optimal{" + id + "} 0"));
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_state{" + id + ",state=\"degraded\"} 1"));
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_operation{" + id + ",operation=\"reshape\"} 1"));
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_operation{" + id + ",operation=\"rebuild\"} 0"));
  BOOST_TEST(has_line(r.metrics, "raidbench_findings{severity=\"critical\"} 1"));
}

BOOST_AUTO_TEST_CASE(degraded_md_array_that_recovers_names_the_member_rebuilt_into) {
  // md127: [6/5] recovery 12.6%, sdh1[6] is the new member.
  const auto r = run(fixture_arg("controllers/mdstat/raid5-recovery-12pct.txt"));
  const auto& c = r.inventory.at("controllers")[0];
  BOOST_TEST(c.at("virtual_drives")[0].at("state") == "degraded");
  BOOST_TEST(c.at("virtual_drives")[0].at("operation") == "rebuild");
  BOOST_TEST(c.at("physical_drives")[0].at("location") == "sdh1");
  BOOST_TEST(c.at("physical_drives")[0].at("state") == "rebuilding");
  BOOST_TEST(has_finding(r, "array_not_optimal", "critical"));
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_optimal{controller=\"#1\",vd=\"127\"} 0"));
  BOOST_TEST(has_line(r.metrics, "raidbench_pd_state{controller=\"#1\",pd=\"sdh1\",state=\"rebuilding\"} 1"));
}

BOOST_AUTO_TEST_CASE(imsm_container_raises_no_alarm_of_its_own) {
  // md127 is the container (inactive by design); md125 and md126 are its two degraded RAID 1 arrays.
  const auto r = run(fixture_arg("controllers/mdstat/imsm-container-and-two-degraded-raid1-members-bitmap.txt"));
  const auto& c = r.inventory.at("controllers")[0];
  const auto& container = c.at("virtual_drives")[2];
  BOOST_TEST(container.at("name") == "md127");
  BOOST_TEST(container.at("kind") == "container");
  BOOST_TEST(!container.contains("state"));
  for (const auto& d : c.at("physical_drives")) BOOST_TEST(d.at("state") != "hot_spare");
  // Two findings, both about the member arrays, none about md127.
  BOOST_TEST(r.findings.size() == 2U);
  BOOST_TEST(r.metrics.find("raidbench_vd_optimal{controller=\"#1\",vd=\"127\"}") == std::string::npos);
  BOOST_TEST(r.metrics.find("raidbench_vd_state{controller=\"#1\",vd=\"127\"") == std::string::npos);
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_info{controller=\"#1\",vd=\"127\",name=\"md127\",kind=\"container\",level=\"\"} 1"));
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_optimal{controller=\"#1\",vd=\"125\"} 0"));

  // mdadm --detail of an IMSM container: no state, no finding.
  const auto detail = run(fixture_arg("controllers/mdadm/detail-imsm-container-md127-two-disks.txt"));
  BOOST_TEST(detail.findings.empty());
  BOOST_TEST(detail.inventory.at("controllers")[0].at("virtual_drives")[0].at("kind") == "container");
}

BOOST_AUTO_TEST_CASE(smart_array_array_failed_fails_its_logical_drives) {
  // The logical drive lines say OK; the array they live in says it failed (both spellings ssacli uses).
  const temp_dir dir;
  for (const std::string array_line : {"   array B (Failed)", "   array B (SAS, Unused Space: 0  MB, Status: Failed)"}) {
    const auto file = dir / "config.txt";
    std::ofstream(file, std::ios::binary)
        << "\nSmart Array P410i in Slot 0 (Embedded)    (sn: 5001438012345678)\n\n"
        << "   array A (SAS, Unused Space: 0  MB)\n\n"
        << "      logicaldrive 1 (136.7 GB, RAID 1, OK)\n\n"
        << "      physicaldrive 1I:1:1 (port 1I:box 1:bay 1, SAS, 146 GB, OK)\n"
        << "      physicaldrive 1I:1:2 (port 1I:box 1:bay 2, SAS, 146 GB, OK)\n\n"
        << array_line << "\n\n"
        << "      logicaldrive 2 (273.4 GB, RAID 0, OK)\n\n"
        << "      physicaldrive 1I:1:3 (port 1I:box 1:bay 3, SAS, 146 GB, Failed)\n"
        << "      physicaldrive 1I:1:4 (port 1I:box 1:bay 4, SAS, 146 GB, OK)\n";
    const auto r = run(quoted(file.string()));
    const auto& vds = r.inventory.at("controllers")[0].at("virtual_drives");
    BOOST_TEST(vds[0].at("state") == "optimal");
    BOOST_TEST(vds[1].at("state") == "failed");
    BOOST_TEST(has_finding(r, "array_not_optimal", "critical"));
    BOOST_TEST(has_finding(r, "drive_failed", "critical"));
    BOOST_TEST(has_line(r.metrics, "raidbench_vd_state{controller=\"0\",vd=\"2\",state=\"failed\"} 1"));
    BOOST_TEST(has_line(r.metrics, "raidbench_vd_optimal{controller=\"0\",vd=\"2\"} 0"));
    BOOST_TEST(has_line(r.metrics, "raidbench_vd_optimal{controller=\"0\",vd=\"1\"} 1"));
  }
}

BOOST_AUTO_TEST_CASE(battery_in_a_learn_cycle_is_learning_not_failed) {
  // "Battery State: Non Operational", "Learn Cycle Active: Yes", discharging, no replacement required;
  // with a write-back VD of the same adapter beside it.
  const auto r = run(fixture_arg("controllers/megacli/bbu-ibbu-learn-cycle-active-discharging.txt") + " " +
                     fixture_arg("controllers/megacli/ldinfo-raid1-raid0-mix-writeback.txt"));
  const auto& b = r.inventory.at("controllers")[0].at("battery");
  BOOST_TEST(b.at("state") == "learning");
  BOOST_TEST(b.at("replacement_required") == false);
  BOOST_TEST(has_finding(r, "write_back_unprotected", "warning"));
  // Nothing is critical while the battery only learns: not the write-back, not the drives' own cache.
  for (const auto& f : r.findings) BOOST_TEST(f.second != "critical", f.first);
  BOOST_TEST(has_line(r.metrics, "raidbench_battery_state{controller=\"0\",state=\"learning\"} 1"));
  BOOST_TEST(has_line(r.metrics, "raidbench_battery_state{controller=\"0\",state=\"failed\"} 0"));
  BOOST_TEST(has_line(r.metrics, "raidbench_battery_ok{controller=\"0\"} 0"));
}

BOOST_AUTO_TEST_SUITE_END()
