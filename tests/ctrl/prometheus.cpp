// report/prometheus.hpp: metric lines, label escaping, absent values, the verdicts as series, and
// promtool's verdict on rb-ctrl --prometheus for every parser family.
#include "raidbench/report/prometheus.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>

#include "../support/temp_dir.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "run_tool.hpp"

using namespace raidbench;
using namespace raidbench::test;

namespace {

inventory hand_made() {
  inventory inv;
  inv.source = "megacli";
  controller& c = inv.controllers.emplace_back();
  c.number = 0;
  c.model = "PERC \"H730\" \\ mini\nsecond line";
  c.serial = std::string("bad \xff byte");
  c.cache_bytes = 1073741824;
  c.battery.present = true;
  c.battery.state = battery_state::charging;
  c.battery.charge_percent = 42.5;
  virtual_drive& v = c.virtual_drives.emplace_back();
  v.id = 0;
  v.level = raid_level::raid5;
  v.state = vd_state::degraded;
  v.operation = vd_operation::rebuild;
  v.progress_percent = 12.5;
  v.current_policy.write = write_policy::write_back;
  physical_drive& a = c.physical_drives.emplace_back();
  a.location = "32:0";
  a.state = pd_state::online;
  a.media_errors = 3;
  physical_drive& b = c.physical_drives.emplace_back();  // the same location again: a clash
  b.location = "32:0";
  c.physical_drives.emplace_back();                     // no address at all
  return inv;
}

// The verdicts rb-ctrl makes of an inventory: judged on its own.
std::vector<verdict> judged(const inventory& inv) { return judge(facts{nullptr, &inv, {}, {}, {}}); }

}  // namespace

BOOST_AUTO_TEST_SUITE(prometheus_test)

BOOST_AUTO_TEST_CASE(labels_are_escaped_and_invalid_utf8_replaced) {
  const auto text = format_prometheus(hand_made(), {});
  BOOST_TEST(has_line(text, "raidbench_controller_info{controller=\"0\",source=\"megacli\",vendor=\"\",model=\"PERC "
                            "\\\"H730\\\" \\\\ mini\\nsecond line\",serial=\"bad ? byte\",firmware=\"\",firmware_package=\"\","
                            "bios=\"\"} 1"));
  BOOST_TEST(promtool_check(text) == "");
}

BOOST_AUTO_TEST_CASE(values_states_and_absent_fields) {
  const auto inv = hand_made();
  const auto text = format_prometheus(inv, judged(inv));
  const char* lines[] = {
      "# HELP raidbench_controller_cache_bytes Controller cache memory size.",
      "# TYPE raidbench_controller_cache_bytes gauge",
      "raidbench_controller_cache_bytes{controller=\"0\"} 1073741824",
      "raidbench_battery_charge_ratio{controller=\"0\"} 0.425",
      "raidbench_battery_ok{controller=\"0\"} 0",
      "raidbench_battery_state{controller=\"0\",state=\"charging\"} 1",
      "raidbench_battery_state{controller=\"0\",state=\"optimal\"} 0",
      "raidbench_vd_state{controller=\"0\",vd=\"0\",state=\"degraded\"} 1",
      "raidbench_vd_operation{controller=\"0\",vd=\"0\",operation=\"rebuild\"} 1",
      "raidbench_vd_operation{controller=\"0\",vd=\"0\",operation=\"resync\"} 0",
      "raidbench_vd_optimal{controller=\"0\",vd=\"0\"} 0",
      "raidbench_vd_progress_ratio{controller=\"0\",vd=\"0\"} 0.125",
      "raidbench_vd_write_back{controller=\"0\",vd=\"0\"} 1",
      "# TYPE raidbench_pd_media_errors_total counter",
      "raidbench_pd_media_errors_total{controller=\"0\",pd=\"32:0\"} 3",
      // The second drive at 32:0 and the drive without an address get their positions.
      "raidbench_pd_info{controller=\"0\",pd=\"#2\",model=\"\",serial=\"\",firmware=\"\",media=\"\",interface=\"\"} 1",
      "raidbench_pd_info{controller=\"0\",pd=\"#3\",model=\"\",serial=\"\",firmware=\"\",media=\"\",interface=\"\"} 1",
      "# TYPE raidbench_verdict gauge",
      "raidbench_findings{severity=\"info\"} 0",
      "raidbench_findings{severity=\"warning\"} 3",
      "raidbench_findings{severity=\"critical\"} 1",
  };
  for (const std::string line : lines) BOOST_TEST(has_line(text, line), line);
  // What no tool told is not written as 0.
  BOOST_TEST(text.find("raidbench_pd_temperature_celsius") == std::string::npos);
  BOOST_TEST(text.find("raidbench_battery_present{controller=\"0\"} 1") != std::string::npos);
  BOOST_TEST(text.find("raidbench_vd_strip_bytes") == std::string::npos);
  BOOST_TEST(text.find("raidbench_pd_state{controller=\"0\",pd=\"#2\"") == std::string::npos);
  // The charging battery, the write-back it leaves unprotected and the rebuild warn; the degraded
  // array is critical. Each verdict that fired is a series, and its check's count is 1; the counts
  // are of those series.
  struct fired {
    std::string rule, severity, subject;
  };
  const fired verdicts[] = {{"degraded_array", "critical", "controller 0 / VD 0"},
                            {"array_busy", "warning", "controller 0 / VD 0"},
                            {"battery_unhealthy", "warning", "controller 0"},
                            {"write_back_without_battery", "warning", "controller 0 / VD 0"}};
  for (const auto& v : verdicts) {
    BOOST_TEST(has_line(text, "raidbench_verdict{rule=\"" + v.rule + "\",severity=\"" + v.severity + "\",subject=\"" + v.subject + "\"} 1"),
               v.rule);
    BOOST_TEST(has_line(text, "raidbench_check_findings{check=\"" + v.rule + "\",severity=\"" + v.severity + "\"} 1"), v.rule);
  }
  BOOST_TEST(count_series(text, "raidbench_verdict{") == std::size(verdicts));
  BOOST_TEST(count_series(text, "raidbench_check_findings{") == std::size(verdicts));
  BOOST_TEST(has_line(text, "raidbench_parse_warnings 0"));
  BOOST_TEST(promtool_check(text) == "");
}

BOOST_AUTO_TEST_CASE(a_verdict_per_part_counts_each_part_and_its_subject_is_escaped) {
  auto inv = hand_made();
  inv.controllers[0].number.reset();  // named by its model, quotes, backslash and newline included
  controller& c = inv.controllers[0];
  virtual_drive second = c.virtual_drives[0];
  second.id = 1;
  c.virtual_drives.push_back(second);
  const auto text = format_prometheus(inv, judged(inv));
  BOOST_TEST(has_line(text, "raidbench_verdict{rule=\"degraded_array\",severity=\"critical\",subject=\"controller "
                            "'PERC \\\"H730\\\" \\\\ mini\\nsecond line' / VD 1\"} 1"));
  BOOST_TEST(has_line(text, "raidbench_check_findings{check=\"degraded_array\",severity=\"critical\"} 2"));
  BOOST_TEST(has_line(text, "raidbench_findings{severity=\"critical\"} 2"));
  BOOST_TEST(promtool_check(text) == "");
}

BOOST_AUTO_TEST_CASE(an_empty_inventory_still_reports_findings_and_warnings) {
  inventory inv;
  inv.source = "mdstat";
  inv.warnings.push_back({3, "x"});
  const auto text = format_prometheus(inv, judged(inv));
  BOOST_TEST(text.find("raidbench_controller_info") == std::string::npos);
  // The verdicts that did not fire are no series.
  BOOST_TEST(text.find("raidbench_verdict") == std::string::npos);
  BOOST_TEST(text.find("raidbench_check_findings") == std::string::npos);
  BOOST_TEST(has_line(text, "raidbench_findings{severity=\"info\"} 0"));
  BOOST_TEST(has_line(text, "raidbench_findings{severity=\"critical\"} 0"));
  BOOST_TEST(has_line(text, "raidbench_parse_warnings 1"));
  BOOST_TEST(promtool_check(text) == "");
}

BOOST_AUTO_TEST_CASE(rb_ctrl_output_passes_promtool_for_every_family) {
  const char* fixtures[] = {
      "seed-outputs/megacli-adpallinfo-intel-rs25ab080.txt seed-outputs/megacli-pdlist-intel-rs25ab080.txt",
      "controllers/megacli/bbu-old-fw-nonutf8-bytes.txt",
      "controllers/megacli/ldinfo-many-raid0-write-through.txt",
      "controllers/storcli/call-show-all-3ctrl-ok.txt",
      "controllers/storcli/call-show-J-avago-3108-raid6.txt",
      "controllers/ssacli/ctrl-all-show-config-detail-p212-p410i.txt",
      "controllers/hpacucli/ctrl-all-show-config-p410-and-p410i.txt",
      "controllers/arcconf/getconfig-1-al-servraid-8k-raid5-impacted.txt",
      "controllers/mdstat/raid1-6-way-failed-member.txt",
      "controllers/mdadm/detail-raid1-recovering-faulty-with-spare.txt controllers/mdadm/detail-raid5-clean.txt",
  };
  for (const std::string files : fixtures) {
    BOOST_TEST_CONTEXT(files) {
      std::string args;
      for (std::size_t start = 0; start < files.size();) {
        auto end = files.find(' ', start);
        if (end == std::string::npos) end = files.size();
        args += " " + fixture_arg(files.substr(start, end - start));
        start = end + 1;
      }
      const auto r = rb_ctrl("--prometheus" + args);
      BOOST_TEST_REQUIRE(r.status == 0);
      BOOST_TEST(r.out.find("raidbench_controller_info{") != std::string::npos);
      BOOST_TEST(promtool_check(r.out) == "");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
