#include "raidbench/controller/ssacli.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "capture.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(ssacli_test)

namespace {

inventory parse_file(const std::string& relative) { return test::parse_capture<ssacli>(relative); }
inventory parse_text(std::string_view text) { return test::parse_text<ssacli>(text); }

void check_vd(const virtual_drive& v, unsigned id, raid_level level, std::uint64_t size, vd_state state,
              std::optional<unsigned> drives) {
  BOOST_TEST_INFO("logical drive " << id);
  BOOST_TEST(v.id == id);
  BOOST_TEST((v.level == level));
  BOOST_TEST(v.size_bytes == size);
  BOOST_TEST((v.state == state));
  BOOST_TEST(v.drive_count == drives);
  BOOST_TEST(!v.progress_percent);
  BOOST_TEST(!v.span_count);
}

void check_pd(const physical_drive& d, std::string_view location, unsigned box, unsigned bay,
              std::optional<pd_state> state, drive_interface link, std::optional<media_type> media,
              std::uint64_t size) {
  BOOST_TEST_INFO("drive " << location);
  BOOST_TEST(d.location == std::string(location));
  BOOST_TEST(d.enclosure == box);
  BOOST_TEST(d.slot == bay);
  BOOST_TEST((d.state == state));
  BOOST_TEST((d.interface == link));
  BOOST_TEST((d.media == media));
  BOOST_TEST(d.size_bytes == size);
  BOOST_TEST(!d.device_id);
}

// Fields the short "physicaldrive … (port …, SAS, 600 GB, OK)" lines do not show.
void check_short_only(const physical_drive& d) {
  test::check_fields(d, {{"model", nullptr}, {"serial", nullptr}, {"firmware", nullptr},
                         {"temperature_celsius", nullptr}, {"smart_alert", nullptr}});
}

// The drive of a capture that shows one.
const physical_drive& sole_drive(const inventory& inv) {
  BOOST_TEST_REQUIRE(inv.controllers.size() == 1U);
  BOOST_TEST_REQUIRE(inv.controllers[0].physical_drives.size() == 1U);
  return inv.controllers[0].physical_drives[0];
}

std::string drive(std::string_view port, unsigned bay) { return std::string(port) + ":1:" + std::to_string(bay); }

}  // namespace

BOOST_AUTO_TEST_CASE(config_detail_p212_and_p410i) {
  const auto inv = parse_file("controllers/ssacli/ctrl-all-show-config-detail-p212-p410i.txt");
  // "Total Cache Size: 0.2" has no unit: a warning, not a guess.
  test::check_warnings(inv, {{25, "cache size '0.2' has no readable unit"}, {481}});
  BOOST_TEST_REQUIRE(inv.controllers.size() == 2U);

  const auto& p212 = inv.controllers[0];
  test::check_fields(p212, {{"number", 5U}, {"slot", "Slot 5"}, {"vendor", nullptr}, {"model", "Smart Array P212"},
                            {"serial", "REDACTED"}, {"firmware", "6.60-0"}, {"cache_bytes", nullptr}});
  BOOST_TEST((p212.battery == battery{}));
  // "Cache Ratio: 100% Read / 0% Write", "Cache Status: OK", "No-Battery Write Cache: Disabled".
  test::check_fields(p212, {{"default_policy", {{"write", "write_through"}, {"no_write_cache_if_bad_battery", true},
                                                {"read", nullptr}}},
                            {"current_policy", {{"write", "write_through"}, {"disk_cache", "disabled"}}}});
  BOOST_TEST_REQUIRE(p212.virtual_drives.size() == 1U);
  const auto& raid5 = p212.virtual_drives[0];
  check_vd(raid5, 1, raid_level::raid5, 5002777906381ULL, vd_state::optimal, 6U);
  test::check_fields(raid5, {{"strip_bytes", 262144U}, {"name", "A4A06DEEPACCPID11170BVJE8DB"},
                             {"default_policy", {{"write", "write_through"}}},
                             {"current_policy", {{"write", "write_through"}, {"disk_cache", "disabled"}}}});
  BOOST_TEST_REQUIRE(p212.physical_drives.size() == 12U);
  for (unsigned bay = 1; bay <= 12; ++bay) {
    const auto& d = p212.physical_drives[bay - 1];
    // Bays 1-6 hold array A; 7-12 are listed under "Unassigned".
    check_pd(d, drive("2E", bay), 1, bay, bay <= 6 ? pd_state::online : pd_state::unconfigured_good,
             drive_interface::sata, media_type::hdd, 1'000'000'000'000ULL);
    BOOST_TEST(d.serial == "REDACTED");
    BOOST_TEST(!d.smart_alert);
  }
  BOOST_TEST(p212.physical_drives[0].model == "ATA MB1000EBZQB");
  BOOST_TEST(p212.physical_drives[0].firmware == "HPG2");
  BOOST_TEST(p212.physical_drives[0].temperature_celsius == 33.0);
  BOOST_TEST(p212.physical_drives[10].model == "ATA ST31000524NS");
  BOOST_TEST(p212.physical_drives[11].temperature_celsius == 31.0);

  const auto& p410i = inv.controllers[1];
  test::check_fields(p410i, {{"number", 0U}, {"slot", "Slot 0 (Embedded)"}, {"model", "Smart Array P410i"},
                             {"firmware", "6.40-0"}, {"cache_bytes", nullptr},
                             {"default_policy", {{"write", "write_through"}}}});
  BOOST_TEST_REQUIRE(p410i.virtual_drives.size() == 2U);
  check_vd(p410i.virtual_drives[0], 1, raid_level::raid1, 146780507341ULL, vd_state::optimal, 2U);
  check_vd(p410i.virtual_drives[1], 2, raid_level::raid10, 293561014682ULL, vd_state::optimal, 4U);
  BOOST_TEST(!p410i.virtual_drives[1].name);
  BOOST_TEST_REQUIRE(p410i.physical_drives.size() == 6U);
  for (unsigned bay = 1; bay <= 6; ++bay) {
    const auto& d = p410i.physical_drives[bay - 1];
    check_pd(d, drive(bay <= 4 ? "1I" : "2I", bay), 1, bay, pd_state::online, drive_interface::sas,
             media_type::hdd, 146'000'000'000ULL);
  }
  // "HPD5 (FW update is recommended to minimum version: HPDA)" keeps the revision only.
  BOOST_TEST(p410i.physical_drives[4].firmware == "HPD5");
  BOOST_TEST(p410i.physical_drives[4].model == "HP EH0146FARWD");
  BOOST_TEST(p410i.physical_drives[2].model == "HP DG146BAAJB");
}

BOOST_AUTO_TEST_CASE(config_detail_p440ar_battery_write_back) {
  const auto inv = parse_file("controllers/ssacli/ctrl-all-show-config-detail-p440ar.txt");
  // Line 161 ran into the next one when it was published: "SATA NCQ En      physicaldriveabled: True".
  test::check_warnings(inv, {{161}});
  BOOST_TEST(inv.warnings[0].text.starts_with("line not read: 'SATA NCQ En"));
  BOOST_TEST_REQUIRE(inv.controllers.size() == 1U);
  const auto& c = inv.controllers[0];
  test::check_fields(c, {{"number", 0U}, {"slot", "Slot 0 (Embedded)"}, {"model", "Smart Array P440ar"},
                         {"serial", "REDACTED"}, {"firmware", "3.56-0"}, {"bios", nullptr},
                         {"cache_bytes", 2147483648ULL},
                         {"battery", {{"kind", "bbu"}, {"present", true}, {"state", "optimal"},
                                      {"charge_percent", nullptr}, {"replacement_required", nullptr}}},
                         {"default_policy", {{"write", "write_back"}, {"no_write_cache_if_bad_battery", false}}},
                         {"current_policy", {{"write", "write_back"}, {"disk_cache", "enabled"}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  check_vd(c.virtual_drives[0], 1, raid_level::raid10, 5717460464435ULL, vd_state::optimal, 6U);
  check_vd(c.virtual_drives[1], 2, raid_level::raid1, 1000190509056ULL, vd_state::optimal, 2U);
  for (const auto& v : c.virtual_drives) {
    test::check_fields(v, {{"strip_bytes", 262144U}, {"default_policy", {{"write", "write_back"}}},
                           {"current_policy", {{"write", "write_back"}, {"disk_cache", "enabled"}}}});
  }
  BOOST_TEST(c.virtual_drives[1].name == "A9254E3850123456789ABCDE368D");
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 8U);
  for (unsigned bay = 1; bay <= 8; ++bay) {
    const bool hdd = bay == 4 || bay == 8;
    check_pd(c.physical_drives[bay - 1], drive(bay <= 4 ? "1I" : "2I", bay), 1, bay, pd_state::online,
             drive_interface::sata, hdd ? media_type::hdd : media_type::ssd,
             hdd ? 1'000'000'000'000ULL : 1'900'000'000'000ULL);
    BOOST_TEST(c.physical_drives[bay - 1].model == (hdd ? "ATA ST1000LM024 HN-M" : "ATA INTEL SSDSC2KB01"));
  }
  BOOST_TEST(c.physical_drives[0].serial == "REDACTED");  // "Serial Number:REDACTED", no space
  BOOST_TEST(c.physical_drives[0].temperature_celsius == 27.0);
  BOOST_TEST(c.physical_drives[7].temperature_celsius == 29.0);
  BOOST_TEST(c.physical_drives[7].firmware == "2BA30001");
}

BOOST_AUTO_TEST_CASE(pd_all_show_detail_p408i_double_spaced) {
  const auto& c =
      test::sole_controller(parse_file("controllers/ssacli/ctrl-slot0-pd-all-show-detail-p408i-a-gen10.txt"));
  test::check_fields(c, {{"vendor", "HPE"}, {"model", "HPE Smart Array P408i-a SR Gen10"},
                         {"slot", "Slot 0 (Embedded)"}, {"number", 0U}, {"serial", nullptr}, {"firmware", nullptr}});
  BOOST_TEST(c.virtual_drives.empty());
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 26U);
  check_pd(c.physical_drives[0], "1I:1:25", 1, 25, pd_state::online, drive_interface::sas, media_type::hdd,
           300'000'000'000ULL);
  BOOST_TEST(c.physical_drives[0].serial == "7190A07JF2RG");
  BOOST_TEST(c.physical_drives[0].model == "HPE EG000300JWSJP");
  BOOST_TEST(c.physical_drives[0].firmware == "HPD5");
  BOOST_TEST(c.physical_drives[0].temperature_celsius == 43.0);
  BOOST_TEST(!c.physical_drives[0].smart_alert);
  check_pd(c.physical_drives[1], "1I:1:27", 1, 27, pd_state::online, drive_interface::sas, media_type::hdd,
           300'000'000'000ULL);
  // Array B: bays 1..24, 6.4 TB SAS SSDs; bay 24 is its spare.
  for (unsigned bay = 1; bay <= 24; ++bay) {
    const auto& d = c.physical_drives[bay + 1];
    check_pd(d, drive("1I", bay), 1, bay, bay == 24 ? pd_state::hot_spare : pd_state::online, drive_interface::sas,
             media_type::ssd, 6'400'000'000'000ULL);
    BOOST_TEST(d.smart_alert == false);
    BOOST_TEST(d.model == (bay <= 12 ? "HPE VO006400JWZJT" : "HPE MO006400JXBFR"));
  }
  BOOST_TEST(c.physical_drives[2].serial == "S5KYNE0T400021");
  BOOST_TEST(c.physical_drives[2].temperature_celsius == 18.0);
}

BOOST_AUTO_TEST_CASE(hpacucli_config_two_controllers) {
  const auto inv = parse_file("controllers/hpacucli/ctrl-all-show-config-p410-and-p410i.txt");
  const auto& controllers = test::controllers_of(inv, 2);
  const auto& p410 = controllers[0];
  test::check_fields(p410, {{"model", "Smart Array P410"}, {"slot", "Slot 1"}, {"number", 1U},
                            {"serial", "PACCRID10331H80"}});
  BOOST_TEST(p410.virtual_drives.empty());
  BOOST_TEST(p410.physical_drives.empty());
  const auto& p410i = controllers[1];
  BOOST_TEST(p410i.model == "Smart Array P410i");
  BOOST_TEST(p410i.slot == "Slot 0 (Embedded)");
  BOOST_TEST(p410i.serial == "50014380095E2C50");
  BOOST_TEST((p410i.battery == battery{}));
  BOOST_TEST((p410i.current_policy == cache_policy{}));
  BOOST_TEST_REQUIRE(p410i.virtual_drives.size() == 1U);
  check_vd(p410i.virtual_drives[0], 1, raid_level::raid10, 2418925581107ULL, vd_state::optimal, 8U);
  BOOST_TEST(!p410i.virtual_drives[0].strip_bytes);
  BOOST_TEST((p410i.virtual_drives[0].current_policy == cache_policy{}));
  BOOST_TEST_REQUIRE(p410i.physical_drives.size() == 8U);
  for (unsigned bay = 1; bay <= 8; ++bay) {
    const auto& d = p410i.physical_drives[bay - 1];
    check_pd(d, drive(bay <= 4 ? "1I" : "2I", bay), 1, bay, pd_state::online, drive_interface::sas, std::nullopt,
             600'000'000'000ULL);
    check_short_only(d);
  }
}

BOOST_AUTO_TEST_CASE(hpacucli_ctrl_all_show_lines) {
  const auto e200 = parse_file("controllers/hpacucli/ctrl-all-show-e200.txt");
  BOOST_TEST_REQUIRE(e200.controllers.size() == 1U);
  BOOST_TEST(e200.controllers[0].model == "Smart Array E200");
  BOOST_TEST(e200.controllers[0].slot == "Slot 2");
  BOOST_TEST(e200.controllers[0].number == 2U);
  BOOST_TEST(e200.controllers[0].serial == "PA6C90K9SUH1ZA");

  const auto two = parse_file("controllers/hpacucli/ctrl-all-show-p212-and-p410i.txt");
  BOOST_TEST_REQUIRE(two.controllers.size() == 2U);
  BOOST_TEST(two.controllers[0].model == "Smart Array P212");
  BOOST_TEST(two.controllers[0].number == 3U);
  BOOST_TEST(two.controllers[0].serial == "PACCPID121417V4");
  BOOST_TEST(two.controllers[1].model == "Smart Array P410i");
  BOOST_TEST(two.controllers[1].slot == "Slot 0 (Embedded)");
  BOOST_TEST(two.controllers[1].serial == "5001438021EF0380");

  const auto p420i = parse_file("controllers/hpacucli/ctrl-all-show-p420i.txt");
  BOOST_TEST_REQUIRE(p420i.controllers.size() == 1U);
  BOOST_TEST(p420i.controllers[0].model == "Smart Array P420i");
  BOOST_TEST(p420i.controllers[0].serial == "001438022006330");
  for (const auto* inv : {&e200, &two, &p420i}) {
    BOOST_TEST(inv->warnings.empty());
    for (const auto& c : inv->controllers) {
      BOOST_TEST(c.virtual_drives.empty());
      BOOST_TEST(c.physical_drives.empty());
      BOOST_TEST(!c.firmware);
    }
  }
}

BOOST_AUTO_TEST_CASE(hpacucli_ld_show_mirror_groups) {
  const auto& c = test::sole_controller(parse_file("controllers/hpacucli/ld-show-p420-raid1-ssd.txt"));
  BOOST_TEST(c.model == "Smart Array P420");
  BOOST_TEST(c.number == 2U);
  BOOST_TEST(!c.serial);
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  check_vd(v, 1, raid_level::raid1, 99965363814ULL, vd_state::optimal, 2U);
  BOOST_TEST(v.strip_bytes == 262144U);
  BOOST_TEST(v.name == "A299BBB1PDKRH0ARH4F1R6D4B9");
  // "Caching: Enabled" follows a controller cache this output does not describe.
  BOOST_TEST(!v.current_policy.write);
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 2U);
  check_pd(c.physical_drives[0], "2I:1:7", 1, 7, pd_state::online, drive_interface::sata, media_type::ssd,
           100'000'000'000ULL);
  check_pd(c.physical_drives[1], "2I:1:8", 1, 8, pd_state::online, drive_interface::sata, media_type::ssd,
           100'000'000'000ULL);
}

BOOST_AUTO_TEST_CASE(hpacucli_pd_all_show) {
  struct expected_drives {
    const char* file;
    const char* model;
    const char* port;
    drive_interface link;
    std::uint64_t size;
    unsigned count;
  };
  for (const auto& e : {expected_drives{"pd-all-show-e200.txt", "Smart Array E200", "2I", drive_interface::sata, 74'300'000'000ULL, 2},
                        expected_drives{"pd-all-show-p410i.txt", "Smart Array P410i", "1I", drive_interface::sata, 1'000'000'000'000ULL, 2},
                        expected_drives{"pd-all-show-p420i.txt", "Smart Array P420i", "1I", drive_interface::sas, 300'000'000'000ULL, 1}}) {
    BOOST_TEST_INFO(e.file);
    const auto inv = parse_file(std::string("controllers/hpacucli/") + e.file);
    const auto& c = test::sole_controller(inv);
    BOOST_TEST(c.model == e.model);
    BOOST_TEST(c.virtual_drives.empty());
    BOOST_TEST_REQUIRE(c.physical_drives.size() == e.count);
    for (unsigned bay = 1; bay <= e.count; ++bay) {
      const auto& d = c.physical_drives[bay - 1];
      check_pd(d, drive(e.port, bay), 1, bay, pd_state::online, e.link, std::nullopt, e.size);
      check_short_only(d);
    }
  }
}

BOOST_AUTO_TEST_CASE(hpacucli_pd_show_details) {
  const auto e200 = parse_file("controllers/hpacucli/pd-show-e200.txt");
  // Old naming: "physicaldrive 1:1" with Port 2I, Box 1, Bay 1 on their own lines.
  const auto& old = sole_drive(e200);
  check_pd(old, "1:1", 1, 1, pd_state::online, drive_interface::sata, std::nullopt, 74'300'000'000ULL);
  test::check_fields(old, {{"firmware", "21.07QR4"}, {"serial", "WD-WMANS1732855"}, {"model", "ATA WDC WD740ADFD-00"},
                           {"temperature_celsius", nullptr}});

  const auto p410i = parse_file("controllers/hpacucli/pd-show-p410i.txt");
  const auto& sata = sole_drive(p410i);
  check_pd(sata, "1I:1:1", 1, 1, pd_state::online, drive_interface::sata, std::nullopt, 1'000'000'000'000ULL);
  test::check_fields(sata, {{"model", "ATA Hitachi HUA72201"}, {"serial", "JPW9K0N02UPXHL"}, {"firmware", "JP4OA3MA"},
                            {"temperature_celsius", 31.0}});

  const auto p420i = parse_file("controllers/hpacucli/pd-show-p420i.txt");
  const auto& sas = sole_drive(p420i);
  // "Rotational Speed: 10000" is what tells it spins.
  check_pd(sas, "1I:1:1", 1, 1, pd_state::online, drive_interface::sas, media_type::hdd, 300'000'000'000ULL);
  test::check_fields(sas, {{"model", "HP EG0300FBDBR"}, {"serial", "PMVXYSZB"}, {"firmware", "HPD7"},
                           {"temperature_celsius", 23.0}});
  for (const auto* inv : {&e200, &p410i, &p420i}) BOOST_TEST(inv->warnings.empty());
}

BOOST_AUTO_TEST_CASE(seed_errors_become_warnings) {
  const auto cache = parse_file("seed-outputs/ssacli-modify-drivewritecache-error.txt");
  BOOST_TEST(cache.controllers.empty());
  test::check_warnings(cache, {{2}});
  BOOST_TEST(cache.warnings[0].text ==
             "ssacli error: This operation is not supported with the current configuration. Use the \"show\" "
             "command on devices to show additional details about the configuration. Reason: Controller not configured");

  // The warning ssacli prints before asking to continue is one message over four lines, like the error.
  const auto battery = parse_file("seed-outputs/ssacli-modify-nobatterywritecache-error.txt");
  BOOST_TEST(battery.controllers.empty());
  BOOST_TEST_REQUIRE(battery.warnings.size() == 2U);
  BOOST_TEST(battery.warnings[0].line == 2U);
  BOOST_TEST(battery.warnings[0].text.starts_with("ssacli warning: Enabling write caching"));
  BOOST_TEST(battery.warnings[0].text.ends_with("Continue (y/n)?y"));
  BOOST_TEST(battery.warnings[1].line == 6U);
  BOOST_TEST(battery.warnings[1].text.ends_with("Reason: Not Applicable"));
}

BOOST_AUTO_TEST_CASE(crlf_prompt_failed_capacitor_and_rebuild) {
  const auto& c = test::sole_controller(parse_text(
      "[root@db1 ~]# ssacli ctrl all show config detail\r\n"
      "Smart Array P420 in Slot 1    (sn: PDSXH0ARH4F0Q9)\r\n"
      "   Cache Status: Temporarily Disabled\r\n"
      "   Cache Ratio: 25% Read / 75% Write\r\n"
      "   Total Cache Size: 1024 MB\r\n"
      "   No-Battery Write Cache: Disabled\r\n"
      "   Cache Backup Power Source: Capacitors\r\n"
      "   Battery/Capacitor Count: 1\r\n"
      "   Battery/Capacitor Status: Failed (Replace Batteries/Capacitors)\r\n"
      "\r\n"
      "   array A (SAS, Unused Space: 0  MB)\r\n"
      "      logicaldrive 1 (558.9 GB, RAID 5, Recovering, 37% complete)\r\n"
      "      physicaldrive 1I:1:1 (port 1I:box 1:bay 1, SAS HDD, 300 GB, OK)\r\n"
      "      physicaldrive 1I:1:2 (port 1I:box 1:bay 2, SAS HDD, 300 GB, Rebuilding)\r\n"
      "      physicaldrive 1I:1:3 (port 1I:box 1:bay 3, SAS HDD, 300 GB, Predictive Failure)\r\n"
      "      physicaldrive 1I:1:4 (port 1I:box 1:bay 4, SAS HDD, 300 GB, OK, spare)\r\n"
      "\r\n"
      "   unassigned\r\n"
      "      physicaldrive 2I:1:5 (port 2I:box 1:bay 5, SATA SSD, 480 GB, Failed)\r\n"));
  test::check_fields(c, {{"serial", "PDSXH0ARH4F0Q9"}, {"cache_bytes", 1073741824ULL},
                         {"battery", {{"kind", "fbwc"}, {"present", true}, {"state", "failed"},
                                      {"replacement_required", true}}}});
  // Configured to write back, but the disabled cache makes it write through now.
  BOOST_TEST((c.default_policy.write == write_policy::write_back));
  BOOST_TEST((c.current_policy.write == write_policy::write_through));
  BOOST_TEST(c.default_policy.no_write_cache_if_bad_battery == true);
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  BOOST_TEST((v.level == raid_level::raid5));
  BOOST_TEST(v.size_bytes == 600114305434ULL);
  BOOST_TEST((v.state == vd_state::degraded));
  BOOST_TEST((v.operation == vd_operation::rebuild));
  BOOST_TEST(v.progress_percent == 37.0);
  BOOST_TEST(v.drive_count == 3U);  // the spare holds no data
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 5U);
  const auto& d = c.physical_drives;
  BOOST_TEST((d[0].state == pd_state::online));
  BOOST_TEST((d[1].state == pd_state::rebuilding));
  BOOST_TEST((d[2].state == pd_state::online));
  BOOST_TEST(d[2].smart_alert == true);
  BOOST_TEST(!d[0].smart_alert);
  BOOST_TEST((d[3].state == pd_state::hot_spare));
  check_pd(d[4], "2I:1:5", 1, 5, pd_state::failed, drive_interface::sata, media_type::ssd, 480'000'000'000ULL);
}

BOOST_AUTO_TEST_CASE(status_only_battery_and_cache) {
  const auto& c = test::sole_controller(parse_text(
      "Smart Array P410i in Slot 0 (Embedded)\n"
      "   Controller Status: OK\n"
      "   Cache Status: OK\n"
      "   Battery/Capacitor Status: Recharging\n"));
  BOOST_TEST((c.battery.state == battery_state::charging));
  BOOST_TEST(c.battery.present == true);
  BOOST_TEST(!c.battery.kind);
  // The cache works, but without the ratio nothing says whether it caches writes.
  BOOST_TEST(!c.current_policy.write);
}

// Older hpacucli names a logical drive's use of the controller cache "Array Accelerator" where later
// tools print "Caching"; the reason a disabled cache gives and the split of the cache are read past.
BOOST_AUTO_TEST_CASE(array_accelerator_is_the_logical_drives_caching) {
  const auto& c = test::sole_controller(parse_text(
      "Smart Array P400 in Slot 1\n"
      "   Cache Status: Permanently Disabled\n"
      "   Cache Disable Reason: Permanent disable condition. The posted write cache has been disabled.\n"
      "   Accelerator Ratio: 25% Read / 75% Write\n"
      "   Read Cache Size: 0 MB\n"
      "   Write Cache Size: 0 MB\n"
      "\n"
      "   Array: A\n"
      "      Logical Drive: 1\n"
      "         Array Accelerator: Disabled\n"
      "      Logical Drive: 2\n"
      "         Array Accelerator: Enabled\n"));
  BOOST_TEST((c.default_policy.write == write_policy::write_back));
  BOOST_TEST((c.current_policy.write == write_policy::write_through));
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  // Logical drive 1 bypasses the cache whatever the controller does; 2 follows the controller.
  BOOST_TEST((c.virtual_drives[0].default_policy.write == write_policy::write_through));
  BOOST_TEST((c.virtual_drives[0].current_policy.write == write_policy::write_through));
  BOOST_TEST((c.virtual_drives[1].default_policy.write == write_policy::write_back));
  BOOST_TEST((c.virtual_drives[1].current_policy.write == write_policy::write_through));
}

BOOST_AUTO_TEST_CASE(truncated_invalid_utf8_and_elision) {
  const auto inv = parse_text(
      "Smart Array P440ar in Slot 0 (Embedded)\n"
      "   Serial Number: PDN\xff\xfeX1\n"
      "   Total Cache Size: 2.\n"
      "[...]\n"
      "   Array: A\n"
      "      Logical Drive: \n"
      "      physicaldrive 1I:1:2 (port 1I:box 1:bay 2, SAS HD");
  test::check_warnings(inv, {{2, "unreadable bytes shown as '?'"}, {3}, {4}, {6}});
  BOOST_TEST_REQUIRE(inv.controllers.size() == 1U);
  const auto& c = inv.controllers[0];
  BOOST_TEST(c.serial == "PDN??X1");
  BOOST_TEST(!c.cache_bytes);
  BOOST_TEST(c.virtual_drives.empty());
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 1U);
  BOOST_TEST(c.physical_drives[0].location == "1I:1:2");
  BOOST_TEST(!c.physical_drives[0].slot);
  BOOST_TEST(!c.physical_drives[0].state);
}

BOOST_AUTO_TEST_CASE(unknown_values_warn_and_stay_absent) {
  const auto inv = parse_text(
      "Smart Array P822 in Slot 3\n"
      "   Battery/Capacitor Status: Sparkling\n"
      "   array B\n"
      "      logicaldrive 7 (1.1 TB, RAID 9, Wobbly)\n"
      "      physicaldrive 3E:1:1 (port 3E:box 1:bay 1, SAS, 1.2 TB, Sideways)\n");
  test::check_warnings(inv, {{2, "unknown battery/capacitor status 'Sparkling'"}, {4, "unknown RAID level 'RAID 9'"},
                             {4, "unknown logical drive status 'Wobbly'"}, {5}});
  const auto& c = inv.controllers.at(0);
  BOOST_TEST(!c.battery.state);
  BOOST_TEST(!c.battery.present);
  BOOST_TEST(!c.virtual_drives.at(0).level);
  BOOST_TEST(!c.virtual_drives.at(0).state);
  BOOST_TEST(c.virtual_drives.at(0).size_bytes == 1209462790554ULL);
  BOOST_TEST(!c.physical_drives.at(0).state);
}

BOOST_AUTO_TEST_CASE(other_text_is_an_error) { test::check_rejects<ssacli>("hello\nworld\n", "hello\nworld\n"); }

// The detail form of an array's failure: "Array: B" then "Status: Failed".
BOOST_AUTO_TEST_CASE(array_detail_status_failed_fails_its_logical_drives) {
  const auto inv = parse_text("Smart Array P410i in Slot 0 (Embedded)\n\n   Array: B\n      Status: Failed\n\n"
                              "      Logical Drive: 2\n         Size: 273.4 GB\n         Status: OK\n");
  BOOST_TEST_REQUIRE(inv.controllers.at(0).virtual_drives.size() == 1U);
  BOOST_TEST((inv.controllers[0].virtual_drives[0].state == vd_state::failed));
}

BOOST_AUTO_TEST_SUITE_END()
