#include "raidbench/controller/arcconf.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "capture.hpp"

using namespace raidbench;

namespace {

constexpr std::uint64_t MiB = 1ULL << 20;

inventory parse_file(const std::string& name) { return test::parse_capture<arcconf>("controllers/arcconf/" + name); }
inventory parse_text(std::string_view text) { return test::parse_text<arcconf>(text); }

void check_vd(const virtual_drive& v, unsigned id, raid_level level, std::uint64_t size_mib, vd_state state,
              unsigned drives) {
  BOOST_TEST_INFO("logical device " << id);
  BOOST_TEST(v.id == id);
  BOOST_TEST((v.level == level));
  BOOST_TEST(v.size_bytes == size_mib * MiB);
  BOOST_TEST((v.state == state));
  BOOST_TEST(v.drive_count == drives);
  BOOST_TEST(!v.progress_percent);
}

struct drive_row {
  unsigned device;
  std::optional<unsigned> enclosure;
  unsigned slot;
  pd_state state;
  drive_interface link;
  std::optional<media_type> media;
  std::uint64_t size_mib;
  const char* serial;
  std::optional<bool> write_cache;
};

void check_drives(const controller& c, const std::vector<drive_row>& rows) {
  BOOST_TEST_REQUIRE(c.physical_drives.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& d = c.physical_drives[i];
    const auto& r = rows[i];
    BOOST_TEST_INFO("device " << r.device);
    BOOST_TEST(d.device_id == r.device);
    BOOST_TEST(d.location == "0," + std::to_string(r.device));
    BOOST_TEST(d.enclosure == r.enclosure);
    BOOST_TEST(d.slot == r.slot);
    BOOST_TEST((d.state == r.state));
    BOOST_TEST((d.interface == r.link));
    BOOST_TEST((d.media == r.media));
    BOOST_TEST(d.size_bytes == r.size_mib * MiB);
    BOOST_TEST(d.serial == std::string(r.serial));
    BOOST_TEST(d.write_cache == r.write_cache);
    BOOST_TEST(d.smart_alert == false);
  }
}

// The seven pass-through SSDs of the HBA 1100; the PD-only capture masks most serials.
std::vector<drive_row> hba_drives(bool masked) {
  return {{1, std::nullopt, 1, pd_state::jbod, drive_interface::sata, media_type::ssd, 228936, masked ? "S47LNA1234567" : "S46LNA0RA20685", std::nullopt},
          {2, std::nullopt, 2, pd_state::jbod, drive_interface::sata, media_type::ssd, 1831420, masked ? "PHYF12911234567" : "PHYF129104444P9DGN", std::nullopt},
          {3, std::nullopt, 3, pd_state::jbod, drive_interface::sata, media_type::ssd, 1831420, masked ? "S6ENNE01234567" : "S6ENNE0RB55555", std::nullopt},
          {4, std::nullopt, 4, pd_state::jbod, drive_interface::sas, media_type::ssd, 7325650, masked ? "S5DDNE1234567" : "S5DD1234567", std::nullopt},
          {5, std::nullopt, 5, pd_state::jbod, drive_interface::sata, media_type::ssd, 915715, masked ? "220412345678" : "220431234567", std::nullopt},
          {7, std::nullopt, 7, pd_state::jbod, drive_interface::sata, media_type::ssd, 457862, "S45PNC01234567", std::nullopt},
          {15, std::nullopt, 15, pd_state::jbod, drive_interface::sata, media_type::ssd, 457862, masked ? "220531234567" : "2205341234567", std::nullopt}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(arcconf_test)

BOOST_AUTO_TEST_CASE(servraid_8k_raid5_impacted_battery_okay) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-al-servraid-8k-raid5-impacted.txt"));
  test::check_fields(c, {{"model", "IBM ServeRAID 8k"}, {"serial", "5AB94A0"}, {"slot", "0"}, {"number", nullptr},
                         {"vendor", nullptr}, {"firmware", "5.2-0 (15411)"}, {"bios", "5.2-0 (15411)"},
                         {"cache_bytes", 256 * MiB},
                         {"battery", {{"kind", "bbu"}, {"present", true}, {"state", "optimal"},
                                      {"charge_percent", 100.0}, {"temperature_celsius", nullptr}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  check_vd(v, 1, raid_level::raid5, 1907388, vd_state::impacted, 3);
  test::check_fields(v, {{"name", "somang"}, {"strip_bytes", 256 * 1024U},
                         {"current_policy", {{"write", "write_back"}}},
                         {"default_policy", {{"write", "write_back"}, {"no_write_cache_if_bad_battery", true}}},
                         {"span_count", nullptr}});
  // Device #3, the enclosure services device, is not a drive.
  check_drives(c, {{0, 0, 0, pd_state::online, drive_interface::sata, std::nullopt, 953869, "GTA060PAJSDEGF", true},
                   {1, 0, 1, pd_state::online, drive_interface::sata, std::nullopt, 953869, "GTA060PAJ93P4F", true},
                   {2, 0, 2, pd_state::online, drive_interface::sata, std::nullopt, 953869, "GTA060PAJ8LAYF", true}});
  test::check_fields(c.physical_drives[0], {{"model", "0KLA330"}, {"firmware", "GKAOAB4A"}});
}

BOOST_AUTO_TEST_CASE(array_section_raid1_and_raid10) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-ar-array-raid1.txt"));
  BOOST_TEST(!c.model);
  BOOST_TEST(c.physical_drives.empty());
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  check_vd(c.virtual_drives[0], 0, raid_level::raid1, 11364320, vd_state::optimal, 2);
  BOOST_TEST(c.virtual_drives[0].name == "RAID1");
  check_vd(c.virtual_drives[1], 1, raid_level::raid10, 22728640, vd_state::optimal, 4);
  BOOST_TEST(c.virtual_drives[1].name == "RAID10");
  BOOST_TEST(!c.virtual_drives[1].strip_bytes);
}

BOOST_AUTO_TEST_CASE(hba_1100_pass_through_drives) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-hba1100-16i-pass-through.txt"));
  test::check_fields(c, {{"model", "MSCC Adaptec HBA 1100-16i"}, {"serial", "8B247650842"}, {"slot", "8"},
                         {"firmware", "1.32[0]"}, {"bios", nullptr}, {"cache_bytes", nullptr}});
  BOOST_TEST((c.battery == battery{}));
  BOOST_TEST((c.default_policy == cache_policy{}));
  BOOST_TEST(c.virtual_drives.empty());
  check_drives(c, hba_drives(false));
  const auto& first = c.physical_drives[0];
  test::check_fields(first, {{"model", "SAMSUNG MZ7KH240"}, {"firmware", "HXM7904Q"}, {"temperature_celsius", 21.0},
                             {"media_errors", 0U}, {"predictive_failures", 0U}, {"other_errors", nullptr}});
  BOOST_TEST(c.physical_drives[6].temperature_celsius == 23.0);
}

BOOST_AUTO_TEST_CASE(pd_section_alone) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-pd-hba1100-16i.txt"));
  BOOST_TEST(!c.model);
  check_drives(c, hba_drives(true));
}

BOOST_AUTO_TEST_CASE(ld_raid10_groups_and_segments) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-ld-1-raid10-segments.txt"));
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  check_vd(v, 1, raid_level::raid10, 1360544, vd_state::optimal, 4);
  test::check_fields(v, {{"name", "A2"}, {"span_count", 2U}, {"strip_bytes", 256 * 1024U},
                         {"current_policy", {{"write", "write_back"}}},
                         {"default_policy", {{"write", "write_back"}, {"no_write_cache_if_bad_battery", nullptr}}}});
  BOOST_TEST(c.physical_drives.empty());
}

BOOST_AUTO_TEST_CASE(ld_not_supported_on_hba_is_a_warning) {
  const auto inv = parse_file("getconfig-1-ld-hba-not-supported.txt");
  BOOST_TEST(inv.controllers.empty());
  test::check_warnings(inv, {{2, "arcconf: The requested feature is not supported on this controller."},
                             {4, "arcconf: Command aborted."}});
}

BOOST_AUTO_TEST_CASE(ld_smartraid_caching_disabled) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-ld-raid1-sas-4k.txt"));
  const auto& vds = c.virtual_drives;
  BOOST_TEST_REQUIRE(vds.size() == 2U);
  check_vd(vds[0], 0, raid_level::raid1, 11364320, vd_state::optimal, 2);
  BOOST_TEST(vds[0].name == "RAID1");
  BOOST_TEST(!vds[0].span_count);
  check_vd(vds[1], 1, raid_level::raid10, 22728640, vd_state::optimal, 4);
  BOOST_TEST(vds[1].name == "RAID10");
  BOOST_TEST(vds[1].span_count == 2U);
  for (const auto& v : vds) {
    test::check_fields(v, {{"strip_bytes", 64 * 1024U}, {"default_policy", {{"write", "write_through"}}},
                           {"current_policy", {{"write", "write_through"}}}});
  }
  BOOST_TEST(c.physical_drives.empty());
}

BOOST_AUTO_TEST_CASE(servraid_8k_l_blank_line_separated) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-servraid-8k-l-blank-line-separated.txt"));
  test::check_fields(c, {{"model", "IBM ServeRAID 8k-l"}, {"serial", "1BC953C0"}, {"firmware", "5.2-0 (15421)"},
                         {"bios", "5.2-0 (15421)"}, {"cache_bytes", 32 * MiB},
                         {"battery", {{"present", false}, {"kind", nullptr}, {"state", nullptr}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  check_vd(c.virtual_drives[0], 1, raid_level::raid1, 139889, vd_state::optimal, 2);
  BOOST_TEST(c.virtual_drives[0].name == "raid1");
  // "Write-cache mode : Not supported" leaves the policy absent.
  BOOST_TEST((c.virtual_drives[0].current_policy == cache_policy{}));
  check_drives(c, {{0, 0, 0, pd_state::online, drive_interface::sas, std::nullopt, 140013, "JFXGHVPC", false},
                   {1, 0, 1, pd_state::online, drive_interface::sas, std::nullopt, 140013, "JFWAZENC", false}});
  test::check_fields(c.physical_drives[1], {{"model", "VPBA146C3ETS11 N"}, {"firmware", "A496"}});
}

BOOST_AUTO_TEST_CASE(servraid_8k_l_raid1_two_ready_drives) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-servraid-8k-l-raid1-okay.txt"));
  test::check_fields(c, {{"model", "IBM ServeRAID 8k-l"}, {"serial", "401DD9D"}, {"firmware", "5.2-0 (11835)"},
                         {"cache_bytes", 32 * MiB}, {"battery", {{"present", false}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  check_vd(c.virtual_drives[0], 1, raid_level::raid1, 285989, vd_state::optimal, 2);
  BOOST_TEST(!c.virtual_drives[0].name);  // "Logical drive name : " is empty
  check_drives(c, {{0, 0, 0, pd_state::online, drive_interface::sas, std::nullopt, 286102, "3LM0QZVP", true},
                   {1, 0, 1, pd_state::online, drive_interface::sas, std::nullopt, 286102, "3LM0SJ4Z", true},
                   {2, 0, 2, pd_state::unconfigured_good, drive_interface::sas, std::nullopt, 429247, "3QQ109DE", std::nullopt},
                   {3, 0, 3, pd_state::unconfigured_good, drive_interface::sas, std::nullopt, 429247, "3QQ0ZDH1", std::nullopt}});
  BOOST_TEST(c.physical_drives[3].model == "ST3450856SS");
}

BOOST_AUTO_TEST_CASE(servraid_8k_raid6_collapsed_spacing) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-servraid-8k-raid6-collapsed-spacing.txt"));
  test::check_fields(c, {{"model", "IBM ServeRAID 8k"}, {"serial", "5AB49E0"}, {"firmware", "5.2-0 (17003)"},
                         {"bios", "5.2-0 (17003)"}, {"cache_bytes", 256 * MiB},
                         {"battery", {{"kind", "bbu"}, {"state", "optimal"}, {"charge_percent", 100.0}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  check_vd(v, 1, raid_level::raid6, 419400, vd_state::optimal, 8);
  test::check_fields(v, {{"name", "Dom0_RAID6"}, {"strip_bytes", 256 * 1024U},
                         {"current_policy", {{"write", "write_back"}}}, {"default_policy", {{"write", "write_back"}}}});
  BOOST_TEST(c.physical_drives.empty());
}

BOOST_AUTO_TEST_CASE(smartraid_3204_no_logical_devices) {
  const auto& c = test::sole_controller(parse_file("getconfig-1-smartraid-3204-8i-no-ld.txt"));
  test::check_fields(c, {{"model", "Adaptec SmartRAID 3204-8i"}, {"serial", "15234F3002555BA"}, {"slot", "10"},
                         {"firmware", "03.01.02.042"}, {"cache_bytes", 3644 * MiB},
                         {"default_policy", {{"no_write_cache_if_bad_battery", true}}}});
  BOOST_TEST((c.battery == battery{}));
  BOOST_TEST(c.virtual_drives.empty());
  const auto ready = pd_state::unconfigured_good;
  const auto sas = drive_interface::sas;
  check_drives(c, {{8, 1, 0, ready, sas, media_type::hdd, 11444224, "8D5GY234NB366H", true},
                   {9, 1, 1, ready, sas, media_type::hdd, 11364352, "8HHW234TJV5454H", false},
                   {10, 1, 2, ready, sas, media_type::hdd, 7630885, "WSD2E112345671431QWM", false},
                   {11, 1, 3, ready, sas, media_type::hdd, 15153152, "ZR700912345672020QQZ", false},
                   {12, 1, 4, ready, sas, media_type::hdd, 11444224, "8DG2347B645677D", true},
                   {13, 1, 5, ready, sas, media_type::hdd, 11444224, "8114DG45476E4GD", true},
                   {14, 1, 6, ready, sas, media_type::hdd, 11364352, "8D22G44XZK558H", false},
                   {15, 1, 7, ready, sas, media_type::hdd, 11444224, "1234567", true}});
  BOOST_TEST(c.physical_drives[0].temperature_celsius == 29.0);
  BOOST_TEST(c.physical_drives[0].media_errors == 0U);
}

BOOST_AUTO_TEST_CASE(crlf_failed_battery_rebuild_and_failed_drive) {
  const auto& c = test::sole_controller(parse_text(
      "# arcconf getconfig 1 al\r\n"
      "Controllers found: 1\r\n"
      "----------------------------------------------------------------------\r\n"
      "Controller information\r\n"
      "----------------------------------------------------------------------\r\n"
      "   Controller Model                         : Adaptec ASR8805\r\n"
      "   --------------------------------------------------------\r\n"
      "   Controller Battery Information\r\n"
      "   --------------------------------------------------------\r\n"
      "   Status                                   : Failed\r\n"
      "   Capacity remaining                       : 12 percent\r\n"
      "----------------------------------------------------------------------\r\n"
      "Logical device information\r\n"
      "----------------------------------------------------------------------\r\n"
      "Logical Device number 0\r\n"
      "   RAID level                               : 5\r\n"
      "   Status of Logical Device                 : Rebuilding\r\n"
      "   Write-cache mode                         : Disabled (write-through)\r\n"
      "   Write-cache setting                      : Enabled (write-back) when protected by battery\r\n"
      "----------------------------------------------------------------------\r\n"
      "Physical Device information\r\n"
      "----------------------------------------------------------------------\r\n"
      "      Device #0\r\n"
      "         Device is a Hard drive\r\n"
      "         State                              : Failed\r\n"
      "      Device #1\r\n"
      "         Device is a Hard drive\r\n"
      "         State                              : Hot Spare\r\n"
      "         PFA                                : Yes\r\n"));
  test::check_fields(c, {{"model", "Adaptec ASR8805"},
                         {"battery", {{"kind", "bbu"}, {"present", true}, {"state", "failed"},
                                      {"charge_percent", 12.0}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  test::check_fields(v, {{"state", "degraded"}, {"operation", "rebuild"}, {"level", "raid5"},
                         {"current_policy", {{"write", "write_through"}}},
                         {"default_policy", {{"write", "write_back"}}}});
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 2U);
  BOOST_TEST((c.physical_drives[0].state == pd_state::failed));
  BOOST_TEST((c.physical_drives[1].state == pd_state::hot_spare));
  BOOST_TEST(c.physical_drives[1].smart_alert == true);
}

BOOST_AUTO_TEST_CASE(supercap_backup_unit) {
  const auto& c = test::sole_controller(parse_text(
      "Controllers found: 1\n"
      "Controller information\n"
      "   Controller Model                         : Adaptec ASR71605\n"
      "   --------------------------------------------------------\n"
      "   Controller Cache Backup Unit Information\n"
      "   --------------------------------------------------------\n"
      "   Overall Backup Unit Status               : Ready\n"
      "   Backup Unit Type                         : AFM-700/700LP\n"
      "   Supercap Status                          : Ready\n"
      "   -----------------------------------\n"
      "   Supercap Information\n"
      "   -----------------------------------\n"
      "   Current Temperature                      : 34 deg C\n"
      "   Charge Level                             : 100 percent\n"
      "   --------------------------------------------------------\n"
      "   Controller Version Information\n"
      "   --------------------------------------------------------\n"
      "   Firmware                                 : 7.5-0 (32033)\n"));
  test::check_fields(c, {{"battery", {{"kind", "supercap"}, {"model", "AFM-700/700LP"}, {"present", true},
                                      {"state", "optimal"}, {"temperature_celsius", 34.0}, {"charge_percent", 100.0}}},
                         {"firmware", "7.5-0 (32033)"}});
}

BOOST_AUTO_TEST_CASE(two_dumps_truncated_and_unreadable) {
  const auto inv = parse_text(
      "Controllers found: 2\n"
      "Controller information\n"
      "   Controller Model                         : Adaptec 6805\n"
      "   Controller Serial Number                 : 3C2\xc3\x28""1\n"
      "\n"
      "Controllers found: 2\n"
      "Physical Device information\n"
      "      Device #4\n"
      "         Device is a Hard drive\n"
      "         State                              : Sleepy\n"
      "         Total Size                         : lots\n"
      "         Reported Channel,Device(T:L)       : 0,4(4:0)\n"
      "         Reported Location                  : Enclosure 0, Sl");
  test::check_warnings(inv, {{4, "unreadable bytes shown as '?'"}, {10, "unknown device state 'Sleepy'"}, {11}});
  BOOST_TEST_REQUIRE(inv.controllers.size() == 2U);
  BOOST_TEST(inv.controllers[0].serial == "3C2?(1");
  BOOST_TEST(inv.controllers[0].physical_drives.empty());
  const auto& d = inv.controllers[1].physical_drives.at(0);
  test::check_fields(d, {{"device_id", 4U}, {"location", "0,4"}, {"enclosure", 0U}, {"slot", nullptr},
                         {"state", nullptr}, {"size_bytes", nullptr}});
}

BOOST_AUTO_TEST_CASE(other_text_is_an_error) { test::check_rejects<arcconf>("Controller information\nsomething\n", "hello\n"); }

// Status words of newer firmware carry a qualifier or the task in parentheses: state and operation apart.
BOOST_AUTO_TEST_CASE(status_with_qualifier_or_task) {
  const auto inv = parse_text(
      "Controllers found: 1\n----\nLogical device information\n----\n"
      "Logical Device number 0\n   Status of Logical Device                 : Suboptimal, Fault Tolerant\n"
      "Logical Device number 1\n   Status of Logical Device                 : Impacted ( Build/Verify with fix : 12 % )\n"
      "Logical Device number 2\n   Status of Logical Device                 : Degraded ( Rebuilding : 45 % )\n");
  const auto& v = inv.controllers.at(0).virtual_drives;
  BOOST_TEST_REQUIRE(v.size() == 3U);
  BOOST_TEST((v[0].state == vd_state::partially_degraded));
  BOOST_TEST(!v[0].operation);
  BOOST_TEST((v[1].state == vd_state::impacted));
  BOOST_TEST((v[1].operation == vd_operation::initialize));
  BOOST_TEST(v[1].progress_percent == 12.0);
  BOOST_TEST((v[2].state == vd_state::degraded));
  BOOST_TEST((v[2].operation == vd_operation::rebuild));
  BOOST_TEST(v[2].progress_percent == 45.0);
}

// A status word it does not know is reported even when the array part already set a state.
BOOST_AUTO_TEST_CASE(unknown_status_after_the_array_part_is_reported) {
  const auto inv = parse_text(
      "Controllers found: 1\n----\nArray Information\n----\nArray Number 0\n   Logical 0 : Optimal (1, Data, 1000 MB)\n"
      "----\nLogical device information\n----\nLogical Device number 0\n"
      "   Status of Logical Device                 : Encrypting\n");
  BOOST_TEST((inv.controllers.at(0).virtual_drives.at(0).state == vd_state::optimal));
  BOOST_TEST_REQUIRE(!inv.warnings.empty());
  BOOST_TEST(inv.warnings.back().text == "unknown logical device status 'Encrypting'");
}

// The controller's own tallies, and a failed battery read as failed (issue 37).
BOOST_AUTO_TEST_CASE(controller_counts_and_a_failed_battery) {
  const auto& c = test::sole_controller(parse_text(
      "Controllers found: 1\n----\nController information\n----\n"
      "   Controller Status                        : Optimal\n   Controller Model                         : Adaptec 3405\n"
      "   Defunct disk drive count                 : 1\n   Logical devices/Failed/Degraded          : 2/0/1\n"
      "   --------------------------------------------------------\n   Controller Battery Information\n"
      "   --------------------------------------------------------\n   Status                                   : Failed\n"
      "----\nLogical device information\n----\n   No logical devices configured\n"));
  test::check_fields(c, {{"counts", {{"virtual_drives", 2U}, {"offline_virtual_drives", 0U}, {"degraded_virtual_drives", 1U},
                                     {"failed_disks", 1U}}},
                         {"battery", {{"state", "failed"}, {"present", true}, {"kind", "bbu"}}},
                         {"coverage", {{"controller", true}, {"battery", true}, {"arrays", true}, {"drives", false}}}});
}

BOOST_AUTO_TEST_SUITE_END()
