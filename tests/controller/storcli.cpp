#include "raidbench/controller/storcli.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

#include "capture.hpp"

using namespace raidbench;
using raidbench::test::read_fixture;

BOOST_AUTO_TEST_SUITE(storcli_test)

namespace {

inventory parse_file(const std::string& relative) { return test::parse_capture<storcli>(relative); }
inventory parse_text(std::string_view text) { return test::parse_text<storcli>(text); }

using test::printed;

}  // namespace

BOOST_AUTO_TEST_CASE(text_c0_show_all_9361_raid1_ssd_cachevault) {
  const auto& c = test::sole_controller(parse_file("controllers/storcli/c0-show-all-avago-9361-8i-ssd-raid.txt"));
  test::check_fields(c, {{"number", 0U}, {"model", "AVAGO MegaRAID SAS 9361-8i"}, {"serial", "SV43633114"},
                         {"firmware_package", "28.0.0-0062"}, {"firmware", "4.500.00-5019"},
                         {"bios", "6.26.01.0_4.17.08.00_0x06110200"}, {"cache_bytes", 1024ULL << 20},
                         {"battery", {{"present", true}, {"kind", "cachevault"}, {"model", "CVPM02"},
                                      {"state", "optimal"}, {"temperature_celsius", 35.0}}},
                         {"default_policy", {{"write", "write_back"}, {"read", "read_ahead"}, {"io", "direct"},
                                             {"no_write_cache_if_bad_battery", true}}}});

  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& vd = c.virtual_drives[0];
  BOOST_TEST(vd.id == 0U);
  BOOST_TEST(vd.name == "OS");
  BOOST_TEST((vd.level == raid_level::raid1));
  BOOST_TEST((vd.state == vd_state::optimal));
  BOOST_TEST(vd.size_bytes == printed(476375, 30));
  BOOST_TEST((vd.current_policy.read == read_policy::read_ahead));
  BOOST_TEST((vd.current_policy.write == write_policy::write_back));
  BOOST_TEST((vd.current_policy.io == io_policy::direct));
  BOOST_TEST(!vd.strip_bytes);  // only /cX/vN show all prints it

  BOOST_TEST_REQUIRE(c.physical_drives.size() == 16U);
  for (unsigned i = 0; i < 16; ++i) {
    const auto& d = c.physical_drives[i];
    BOOST_TEST(!d.enclosure);  // " :25": direct-attached, no enclosure id
    BOOST_TEST(d.slot == 25 + i);
    BOOST_TEST(d.device_id == 25 + i);
    BOOST_TEST((d.state == (i < 2 ? pd_state::online : pd_state::unconfigured_good)));
    test::check_fields(d, {{"size_bytes", printed(476437, 30)}, {"interface", "sata"}, {"media", "ssd"},
                           {"model", "Samsung SSD 850 PRO 512GB"}});
  }
}

BOOST_AUTO_TEST_CASE(text_call_show_all_three_controllers) {
  const auto inv = parse_file("controllers/storcli/call-show-all-3ctrl-ok.txt");
  const auto& controllers = test::controllers_of(inv, 3);
  const auto& c0 = controllers[0];
  test::check_fields(c0, {{"number", 0U}, {"model", "LSI MegaRAID SAS 9286CV-8e"}, {"serial", "SV33916752"},
                          {"firmware_package", "23.32.0-0009"}, {"cache_bytes", 1024ULL << 20},
                          {"battery", {{"kind", "bbu"}, {"model", "iBBU-09"}, {"state", "optimal"},
                                       {"temperature_celsius", 37.0}}},
                          {"default_policy", {{"read", "adaptive"}}}});
  BOOST_TEST(c0.virtual_drives.empty());
  BOOST_TEST(c0.physical_drives.empty());

  const auto& c1 = controllers[1];
  test::check_fields(c1, {{"number", 1U}, {"model", "LSI MegaRAID SAS 9240-8i"}, {"cache_bytes", 0U},
                          {"battery", {{"present", false}}}, {"default_policy", {{"write", "write_through"}}}});
  BOOST_TEST_REQUIRE(c1.virtual_drives.size() == 1U);
  const auto& vd1 = c1.virtual_drives[0];
  BOOST_TEST(!vd1.name);  // the Name column is empty
  test::check_fields(vd1, {{"level", "raid1"}, {"size_bytes", 46525ULL * (1ULL << 30) / 100},
                           {"current_policy", {{"read", "no_read_ahead"}, {"write", "write_through"}}}});
  BOOST_TEST_REQUIRE(c1.physical_drives.size() == 8U);
  for (unsigned i = 0; i < 8; ++i) {
    BOOST_TEST(c1.physical_drives[i].location == "16:" + std::to_string(i));
    BOOST_TEST(c1.physical_drives[i].device_id == 8 + i);
    BOOST_TEST((c1.physical_drives[i].state == (i < 2 ? pd_state::online : pd_state::unconfigured_good)));
    BOOST_TEST(c1.physical_drives[i].model == "ST9500620NS");
  }

  const auto& c2 = controllers[2];
  test::check_fields(c2, {{"number", 2U}, {"serial", "SV422P0262"},
                          {"battery", {{"kind", "cachevault"}, {"temperature_celsius", 37.0}}}});
  BOOST_TEST_REQUIRE(c2.virtual_drives.size() == 1U);
  BOOST_TEST(c2.virtual_drives[0].name == "VD_0");
  BOOST_TEST((c2.virtual_drives[0].level == raid_level::raid10));
  BOOST_TEST(c2.virtual_drives[0].size_bytes == 100ULL << 30);
  BOOST_TEST(c2.physical_drives.size() == 12U);
  BOOST_TEST(c2.physical_drives.at(0).location == "88:1");
  BOOST_TEST((c2.physical_drives.at(0).interface == drive_interface::sas));
}

BOOST_AUTO_TEST_CASE(text_hba9400_drive_detail_sections) {
  const auto& c = test::sole_controller(parse_file("controllers/storcli/c0-show-all-hba9400-16i-mpt3sas.txt"));
  test::check_fields(c, {{"model", "HBA 9400-16i"}, {"serial", "500605b080000000"}, {"firmware", "07.250.03.00"},
                         {"bios", "09.13.00.00_07.00.00.00"}});
  BOOST_TEST(c.virtual_drives.empty());
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 16U);
  const auto& d = c.physical_drives[0];  // listed first: /c0/e0/s12
  test::check_fields(d, {{"location", "0:12"}, {"device_id", 1U}, {"state", "unconfigured_good"},
                         {"serial", "Z1W4L67Y"}, {"model", "ST1000NM0033-9ZM"}, {"firmware", "SN04"},
                         {"size_bytes", 0x74706dafULL * 512}, {"media_errors", 0U}, {"other_errors", 0U},
                         {"predictive_failures", 0U}, {"smart_alert", false}});
}

BOOST_AUTO_TEST_CASE(text_servraid_n2226_controller_1_no_enclosure) {
  const auto& c = test::sole_controller(parse_file("controllers/storcli/c1-show-all-servraid-n2226-hba.txt"));
  BOOST_TEST(c.number == 1U);
  BOOST_TEST(c.model == "ServeRAID N2226");
  BOOST_TEST(c.firmware == "15.00.02.00");
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 12U);
  for (const auto& d : c.physical_drives) {
    BOOST_TEST(!d.enclosure);
    BOOST_TEST((d.interface == drive_interface::sas));
    BOOST_TEST((d.state == pd_state::unconfigured_good));
    BOOST_TEST(d.model == "ST6000NM0034   X");  // the drive's own model string, spaces and all
    BOOST_TEST(d.firmware == "BC6G");
    BOOST_TEST(d.size_bytes.has_value());
  }
  BOOST_TEST(c.physical_drives[0].slot == 0U);
  BOOST_TEST(c.physical_drives[0].device_id == 48U);
  BOOST_TEST(c.physical_drives[0].serial == "Z4D2N2Y30000R550VMVN");
}

BOOST_AUTO_TEST_CASE(json_call_show_three_controllers) {
  const auto inv = parse_file("controllers/storcli/call-show-J-avago-3108-raid6.txt");
  const auto& controllers = test::controllers_of(inv, 3);
  const auto& c0 = controllers[0];
  test::check_fields(c0, {{"number", 0U}, {"model", "AVAGO 3108 MegaRAID"}, {"serial", "FW-BAMQTHEAARBWA"},
                          {"firmware_package", "24.21.0-0028"}, {"firmware", "4.680.00-8290"},
                          {"bios", "6.36.00.2_4.19.08.00_0x06180202"},
                          {"battery", {{"kind", "cachevault"}, {"model", "CVPM02"}, {"state", "optimal"},
                                       {"temperature_celsius", 31.0}}}});
  BOOST_TEST_REQUIRE(c0.virtual_drives.size() == 1U);
  BOOST_TEST(c0.virtual_drives[0].name == "storage1");
  BOOST_TEST((c0.virtual_drives[0].level == raid_level::raid6));
  BOOST_TEST(c0.virtual_drives[0].size_bytes == printed(55881, 40));
  BOOST_TEST((c0.virtual_drives[0].current_policy.write == write_policy::write_back));
  BOOST_TEST_REQUIRE(c0.physical_drives.size() == 18U);
  BOOST_TEST(c0.physical_drives[0].location == "0:0");
  BOOST_TEST(c0.physical_drives[0].device_id == 5U);
  BOOST_TEST(c0.physical_drives[0].model == "INTEL SSDSC2KB038T8");
  BOOST_TEST(c0.physical_drives[0].size_bytes == printed(3492, 40));
  BOOST_TEST((c0.physical_drives[0].media == media_type::ssd));

  const auto& c1 = controllers[1];
  BOOST_TEST(c1.serial == "FW-HHW1AHEAARBWA");
  BOOST_TEST(c1.battery.temperature_celsius == 32.0);
  BOOST_TEST_REQUIRE(c1.virtual_drives.size() == 2U);
  BOOST_TEST(c1.virtual_drives[1].id == 234U);
  BOOST_TEST(c1.virtual_drives[1].name == "OS");
  BOOST_TEST((c1.virtual_drives[1].level == raid_level::raid1));
  BOOST_TEST(c1.virtual_drives[1].size_bytes == printed(893750, 30));

  const auto& c2 = controllers[2];
  BOOST_TEST(c2.model == "LSI3008-IR");
  BOOST_TEST(c2.firmware == "16.00.10.00");
  BOOST_TEST(c2.virtual_drives.empty());
  BOOST_TEST_REQUIRE(c2.physical_drives.size() == 3U);
  BOOST_TEST(!c2.physical_drives[0].state);  // "-" on an IR HBA
  BOOST_TEST(!c2.physical_drives[0].enclosure);
  BOOST_TEST(c2.physical_drives[0].model == "Micron_5300_MTFDDAK960TDS");
  BOOST_TEST(!c2.battery.kind);
}

BOOST_AUTO_TEST_CASE(json_vd_show_all_raid10_nvme) {
  for (const auto& [file, id] : {std::pair{"controllers/storcli/c0-v0-show-J-raid10.txt", 0U},
                                 std::pair{"controllers/storcli/c0-v234-show-J.txt", 234U}}) {
    BOOST_TEST_CONTEXT(file) {
      const auto inv = parse_file(file);
      const auto& c = test::sole_controller(inv);
      BOOST_TEST(c.number == 0U);
      BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
      const auto& vd = c.virtual_drives[0];
      BOOST_TEST(vd.id == id);
      test::check_fields(vd, {{"name", "HOME"}, {"level", "raid10"}, {"state", "optimal"},
                              {"size_bytes", printed(3491, 40)}, {"strip_bytes", 256U * 1024}, {"span_count", 2U},
                              {"drive_count", 4U}, {"default_policy", {{"write", "write_back"}}},
                              {"current_policy", {{"write", "write_back"}, {"disk_cache", "unchanged"}}}});
      BOOST_TEST_REQUIRE(c.physical_drives.size() == 4U);
      for (unsigned i = 0; i < 4; ++i) {
        BOOST_TEST(c.physical_drives[i].enclosure == 252U);
        BOOST_TEST(c.physical_drives[i].slot == 6 + i);
        BOOST_TEST((c.physical_drives[i].interface == drive_interface::nvme));
        BOOST_TEST((c.physical_drives[i].state == pd_state::online));
        BOOST_TEST(c.physical_drives[i].model == "SAMSUNG MZQL21T9HCJR-00A07");
        BOOST_TEST(c.physical_drives[i].size_bytes == printed(1745, 40));
      }
      BOOST_TEST(c.physical_drives[0].device_id == 9U);
    }
  }
}

BOOST_AUTO_TEST_CASE(json_hba9400_show_and_show_all) {
  const auto brief = parse_file("controllers/storcli/c0-show-J-hba9400-16i.txt");
  const auto full = parse_file("controllers/storcli/c0-show-all-J-hba9400-16i.txt");
  for (const auto* inv : {&brief, &full}) {
    BOOST_TEST(inv->warnings.empty());
    const auto& c = inv->controllers.at(0);
    test::check_fields(c, {{"model", "HBA 9400-16i"}, {"serial", "XW84310366"}, {"firmware", "20.00.00.00"},
                           {"bios", "09.33.00.00_20.00.00.00"}});
    BOOST_TEST_REQUIRE(c.physical_drives.size() == 26U);
    BOOST_TEST(c.physical_drives[0].location == "0:0");
    BOOST_TEST(c.physical_drives[0].device_id == 17U);
    BOOST_TEST((c.physical_drives[0].state == pd_state::jbod));
    BOOST_TEST(c.physical_drives[0].model == "ST8000AS0002-1NA17Z");
  }
  const auto& d = full.controllers[0].physical_drives[0];
  BOOST_TEST(d.serial == "Z8413FPZ");
  BOOST_TEST(d.firmware == "AR17");
  BOOST_TEST(d.size_bytes == 0x3a3812aafULL * 512);
  BOOST_TEST(!d.media_errors);  // "N/A" on this HBA
  BOOST_TEST(!brief.controllers[0].physical_drives[0].serial);
}

BOOST_AUTO_TEST_CASE(json_overview_temperature_and_unsupported_commands) {
  const auto overview = parse_file("controllers/storcli/show-J-system-overview-hba9400-16i.txt");
  test::check_fields(test::sole_controller(overview), {{"number", 0U}, {"model", "HBA 9400-16i"}});

  const auto temperature = parse_file("controllers/storcli/c0-show-temperature-J.txt");
  BOOST_TEST(temperature.warnings.empty());
  BOOST_TEST(temperature.controllers.at(0).number == 0U);
  BOOST_TEST(!temperature.controllers[0].model);

  for (const char* file : {"controllers/storcli/call-show-cc-J.txt", "controllers/storcli/call-show-patrolread-J.txt"}) {
    BOOST_TEST_CONTEXT(file) {
      const auto inv = parse_file(file);
      BOOST_TEST(inv.controllers.size() == 3U);
      BOOST_TEST_REQUIRE(inv.warnings.size() == 1U);  // the third controller (an IR HBA) refused
      BOOST_TEST(inv.warnings[0].text == "storcli status Failure: Un-supported Command");
      for (const auto& c : inv.controllers) BOOST_TEST(c.virtual_drives.empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(perccli_no_controller_found_is_an_error) {
  const std::string text = read_fixture("controllers/perccli/call-show-J-no-controller-found.txt");
  BOOST_TEST(parser_traits<storcli>::detect(text));
  const auto inv = parse_as<storcli>(text);
  BOOST_TEST_REQUIRE(!inv.has_value());
  BOOST_TEST(inv.message() == "storcli: No Controller found");
}

BOOST_AUTO_TEST_CASE(truncated_json_keeps_what_came_before_and_warns_with_the_line) {
  std::string text = read_fixture("controllers/storcli/c0-v0-show-J-raid10.txt");
  text.resize(text.find("\"PDs for VD 0\""));
  const auto inv = parse_text(text);
  BOOST_TEST_REQUIRE(inv.warnings.size() == 1U);
  BOOST_TEST(inv.warnings[0].line == 26U);  // where the text stops, inside "PDs for VD 0"
  const auto& vd = inv.controllers.at(0).virtual_drives.at(0);
  BOOST_TEST(vd.name == "HOME");
  BOOST_TEST(!vd.strip_bytes);
  BOOST_TEST(inv.controllers[0].physical_drives.empty());
}

BOOST_AUTO_TEST_CASE(json_garbage_never_throws) {
  for (std::string_view text : {"{", "{\"Controllers\":[{\"Command Status\":", "{\"Controllers\": 5}", "{}}}}",
                                "{\"Controllers\":[{\"Response Data\":{\"VD LIST\":[{\"DG/VD\":\"x\"}]}}]}"}) {
    BOOST_TEST_CONTEXT(text) { BOOST_CHECK_NO_THROW((void)parse_as<storcli>(text)); }
  }
  const auto bad_vd = parse_text(
      "{\"Controllers\":[{\"Command Status\":{\"Controller\":0},"
      "\"Response Data\":{\"VD LIST\":[{\"DG/VD\":\"x\",\"TYPE\":\"RAID1\"}]}}]}");
  BOOST_TEST(bad_vd.controllers.at(0).virtual_drives.empty());
  BOOST_TEST(bad_vd.warnings.size() == 1U);
}

BOOST_AUTO_TEST_CASE(text_bbu_show_all_property_table_and_degraded_vd_crlf) {
  const auto& c = test::sole_controller(parse_text(
      "$ sudo storcli64 /c0/bbu show all\r\nCLI Version = 007.1017.0000.0000 May 10, 2019\r\n"
      "Controller = 0\r\nStatus = Success\r\nDescription = None\r\n\r\n\r\nBBU_Info :\r\n========\r\n\r\n"
      "----------------------------------------------\r\nProperty                 Value               \r\n"
      "----------------------------------------------\r\nType                     iBBU                \r\n"
      "Voltage                  3948 mV             \r\nTemperature              30 C                \r\n"
      "Battery State            Failed              \r\nBattery Pack Missing     No                  \r\n"
      "Replacement required     Yes                 \r\n----------------------------------------------\r\n"
      "\r\nVD LIST :\r\n=======\r\n\r\n-------------------------------------------------------------\r\n"
      "DG/VD TYPE  State Access Consist Cache Cac sCC     Size Name \r\n"
      "-------------------------------------------------------------\r\n"
      "1/3   RAID5 Dgrd  RW     No      NRWTD -   ON  1.088 TB data disk \r\n"
      "-------------------------------------------------------------\r\n"));
  test::check_fields(c, {{"battery", {{"kind", "bbu"}, {"model", "iBBU"}, {"temperature_celsius", 30.0},
                                      {"state", "failed"}, {"present", true}, {"replacement_required", true}}}});
  const auto& vd = c.virtual_drives.at(0);
  test::check_fields(vd, {{"id", 3U}, {"state", "degraded"}, {"level", "raid5"}, {"name", "data disk"},
                          {"size_bytes", printed(1088, 40)}});
}

BOOST_AUTO_TEST_CASE(text_unknown_state_warns_and_stays_empty) {
  const auto inv = parse_text(
      "Controller = 0\nStatus = Success\n\nPD LIST :\n=======\n\n----------\n"
      "EID:Slt DID State DG Size Intf Med SED PI SeSz Model Sp\n----------\n"
      "8:2 12 Zzz 0 1.0 TB SAS HDD N N 512B X Y U\n8:3 13 Failed 0 1.0 TB SAS HDD N N 512B X U\n----------\n");
  const auto& drives = inv.controllers.at(0).physical_drives;
  BOOST_TEST_REQUIRE(drives.size() == 2U);
  BOOST_TEST(!drives[0].state);
  BOOST_TEST(drives[0].model == "X Y");
  BOOST_TEST((drives[1].state == pd_state::failed));
  test::check_warnings(inv, {{10}});
}

// Rows whose DG/VD is a bare number (Nytro WarpDrive) are each a VD of their own, never merged.
BOOST_AUTO_TEST_CASE(bare_dg_vd_rows_stay_apart) {
  const auto inv = parse_text(
      "{\"Controllers\":[{\"Command Status\":{\"Controller\":0,\"Status\":\"Success\"},\"Response Data\":"
      "{\"VD LIST\":[{\"DG/VD\":0,\"TYPE\":\"RAID0\",\"State\":\"Dgrd\"},{\"DG/VD\":1,\"TYPE\":\"RAID0\",\"State\":\"Optl\"}]}}]}");
  const auto& v = inv.controllers.at(0).virtual_drives;
  BOOST_TEST_REQUIRE(v.size() == 2U);
  BOOST_TEST((v[0].state == vd_state::degraded));
  BOOST_TEST((v[1].state == vd_state::optimal));
}

BOOST_AUTO_TEST_SUITE_END()
