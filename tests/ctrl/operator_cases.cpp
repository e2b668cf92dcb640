// The states an operator alerts on, through rb-ctrl as a monitoring system runs it: each case's
// verdicts with their severity and subject, and its Prometheus metrics, which promtool must accept
// and whose raidbench_verdict series are exactly the verdicts that fired in the JSON.
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

struct fired_verdict {
  std::string rule, severity, subject;
};

struct report {
  json inventory;
  std::vector<fired_verdict> fired;
  std::string metrics;
};

// A label value as the exposition format writes it.
std::string label(const std::string& value) {
  std::string out;
  for (const char c : value) out += c == '\\' ? "\\\\" : c == '"' ? "\\\"" : c == '\n' ? "\\n" : std::string(1, c);
  return out;
}

report run(const std::string& files) {
  const auto j = rb_ctrl("--json " + files);
  BOOST_TEST_REQUIRE(j.status == 0, j.err);
  const auto p = rb_ctrl("--prometheus " + files);
  BOOST_TEST_REQUIRE(p.status == 0, p.err);
  BOOST_TEST(promtool_check(p.out) == "");
  const json whole = json::parse(j.out);
  report r{whole.at("inventory"), {}, p.out};
  for (const auto& v : whole.at("verdicts"))
    if (v.at("fired").get<bool>())
      r.fired.push_back({v.at("rule").get<std::string>(), v.at("severity").get<std::string>(), v.at("subject").get<std::string>()});
  // One judgement, two outputs: a series per verdict that fired, and no other.
  for (const auto& v : r.fired)
    BOOST_TEST(has_line(r.metrics, "raidbench_verdict{rule=\"" + v.rule + "\",severity=\"" + v.severity + "\",subject=\"" +
                                       label(v.subject) + "\"} 1"));
  BOOST_TEST(count_series(r.metrics, "raidbench_verdict{") == r.fired.size());
  return r;
}

bool has_verdict(const report& r, const std::string& rule, const std::string& severity, const std::string& subject) {
  for (const auto& v : r.fired)
    if (v.rule == rule && v.severity == severity && v.subject == subject) return true;
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(degraded_md_array_that_reshapes_is_critical_and_busy) {
  // md0: [3/2] [U_U] while a reshape runs: one member lost, whatever else happens.
  const auto r = run(fixture_arg("controllers/mdstat/raid5-3-of-2-reshape-degraded-bitmap.txt"));
  const auto& vd = r.inventory.at("controllers")[0].at("virtual_drives")[0];
  BOOST_TEST(vd.at("state") == "degraded");
  BOOST_TEST(vd.at("operation") == "reshape");
  const std::string subject = "controller #1 / VD " + std::to_string(vd.at("id").get<unsigned>());
  BOOST_TEST(has_verdict(r, "degraded_array", "critical", subject));
  BOOST_TEST(has_verdict(r, "array_busy", "warning", subject));
  BOOST_TEST(r.fired.size() == 2u);
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
  BOOST_TEST(has_verdict(r, "degraded_array", "critical", "controller #1 / VD 127"));
  BOOST_TEST(has_verdict(r, "array_busy", "warning", "controller #1 / VD 127"));
  // The member being rebuilt into is no failed drive.
  for (const auto& v : r.fired) BOOST_TEST(v.rule != "drive_failed");
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
  // Two verdicts, one on each member array, none about md127.
  BOOST_TEST(r.fired.size() == 2U);
  BOOST_TEST(has_verdict(r, "degraded_array", "critical", "controller #1 / VD 125"));
  BOOST_TEST(has_verdict(r, "degraded_array", "critical", "controller #1 / VD 126"));
  BOOST_TEST(r.metrics.find("raidbench_vd_optimal{controller=\"#1\",vd=\"127\"}") == std::string::npos);
  BOOST_TEST(r.metrics.find("raidbench_vd_state{controller=\"#1\",vd=\"127\"") == std::string::npos);
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_info{controller=\"#1\",vd=\"127\",name=\"md127\",kind=\"container\",level=\"\"} 1"));
  BOOST_TEST(has_line(r.metrics, "raidbench_vd_optimal{controller=\"#1\",vd=\"125\"} 0"));

  // mdadm --detail of an IMSM container: no state, no verdict.
  const auto detail = run(fixture_arg("controllers/mdadm/detail-imsm-container-md127-two-disks.txt"));
  BOOST_TEST(detail.fired.empty());
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
    BOOST_TEST(has_verdict(r, "degraded_array", "critical", "controller 0 / VD 2"));
    BOOST_TEST(has_verdict(r, "drive_failed", "critical", "controller 0 / drive 1I:1:3"));
    BOOST_TEST(r.fired.size() == 2u);  // array A and its drives are well
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
  BOOST_TEST(has_verdict(r, "battery_unhealthy", "warning", "controller 0"));
  for (const char* vd : {"controller 0 / VD 0", "controller 0 / VD 1", "controller 0 / VD 2"})
    BOOST_TEST(has_verdict(r, "write_back_without_battery", "warning", vd));
  BOOST_TEST(has_verdict(r, "drive_cache_enabled", "warning", "controller 0 / VD 1"));
  // Nothing is critical while the battery only learns: not the write-back, not the drives' own cache.
  for (const auto& v : r.fired) BOOST_TEST(v.severity != "critical", v.rule << " [" << v.subject << "]");
  BOOST_TEST(has_line(r.metrics, "raidbench_findings{severity=\"critical\"} 0"));
  BOOST_TEST(has_line(r.metrics, "raidbench_battery_state{controller=\"0\",state=\"learning\"} 1"));
  BOOST_TEST(has_line(r.metrics, "raidbench_battery_state{controller=\"0\",state=\"failed\"} 0"));
  BOOST_TEST(has_line(r.metrics, "raidbench_battery_ok{controller=\"0\"} 0"));
}

BOOST_AUTO_TEST_SUITE_END()
