#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/megacli.hpp"
#include "raidbench/controller/merge.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

#include "capture.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(megacli_test)

namespace {

inventory parse_file(const std::string& relative) { return test::parse_capture<megacli>(relative); }
inventory parse_text(std::string_view text) { return test::parse_text<megacli>(text); }

using test::printed;

// The fields every PDList drive of a fixture shares.
void check_drives(const controller& c, std::size_t count, unsigned enclosure, drive_interface interface,
                  media_type media, bool smart_shown = true) {
  BOOST_TEST_REQUIRE(c.physical_drives.size() == count);
  for (std::size_t i = 0; i < count; ++i) {
    const auto& d = c.physical_drives[i];
    BOOST_TEST(d.enclosure == enclosure);
    BOOST_TEST(d.slot == static_cast<unsigned>(i));
    BOOST_TEST((d.interface == interface));
    BOOST_TEST((d.media == media));
    BOOST_TEST(d.media_errors == 0U);
    BOOST_TEST(d.other_errors == 0U);
    BOOST_TEST(d.predictive_failures == 0U);
    if (smart_shown) BOOST_TEST(d.smart_alert == false);
    else BOOST_TEST(!d.smart_alert);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(seed_adpallinfo_intel_rs25ab080_full) {
  const auto& c = test::sole_controller(parse_file("seed-outputs/megacli-adpallinfo-intel-rs25ab080.txt"));
  test::check_fields(c, {{"number", 0U}, {"model", "Intel (R) RAID Controller RS25AB080"}, {"serial", "SV24628377"},
                         {"firmware_package", "23.12.0-0013"}, {"firmware", "3.240.25-2382"},
                         {"bios", "5.42.00_4.12.05.00_0x05270000"}, {"cache_bytes", 1024ULL << 20}, {"vendor", nullptr},
                         {"battery", {{"present", true}, {"state", nullptr}}},
                         {"default_policy", {{"write", "write_back"}, {"read", "adaptive"}, {"io", "direct"},
                                             {"no_write_cache_if_bad_battery", true}}}});
  BOOST_TEST(c.virtual_drives.empty());
  BOOST_TEST(c.physical_drives.empty());
}

BOOST_AUTO_TEST_CASE(seed_pdlist_intel_rs25ab080_collapsed_inquiry_gives_no_model) {
  const auto& c = test::sole_controller(parse_file("seed-outputs/megacli-pdlist-intel-rs25ab080.txt"));
  check_drives(c, 2, 252, drive_interface::sata, media_type::hdd, false);
  BOOST_TEST(c.physical_drives[0].device_id == 9U);
  BOOST_TEST(c.physical_drives[1].device_id == 8U);
  for (const auto& d : c.physical_drives) {
    BOOST_TEST((d.state == pd_state::online));
    BOOST_TEST(d.size_bytes == 0xe8e088b0ULL * 512);
    // Inquiry columns were collapsed in the paste and no firmware level is shown: not decoded.
    BOOST_TEST(!d.model);
    BOOST_TEST(!d.serial);
    BOOST_TEST(!d.temperature_celsius);
  }
}

BOOST_AUTO_TEST_CASE(seed_perc_h730_three_dumps_merge_into_one_controller) {
  auto inv = parse_file("seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt");
  auto cache = parse_file("seed-outputs/megacli-ldgetprop-cache-perc-h730.txt");
  auto bbu = parse_file("seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt");
  BOOST_TEST(cache.warnings.empty());
  BOOST_TEST(bbu.warnings.empty());
  BOOST_TEST_REQUIRE(cache.controllers.size() == 1U);
  BOOST_TEST_REQUIRE(cache.controllers[0].virtual_drives.size() == 1U);
  const auto& vd = cache.controllers[0].virtual_drives[0];
  test::check_fields(vd, {{"id", 0U},
                          {"current_policy", {{"write", "write_back"}, {"read", "read_ahead"}, {"io", "direct"},
                                              {"no_write_cache_if_bad_battery", true}}},
                          {"default_policy", {{"write", nullptr}}}});

  merge(inv, std::move(cache));
  merge(inv, std::move(bbu));
  BOOST_TEST(inv.source == "megacli");
  const auto& c = test::sole_controller(inv);
  test::check_fields(c, {{"number", 0U}, {"model", "PERC H730 Mini"}, {"serial", "XXXXXX"},
                         {"firmware_package", "25.2.2-0004"}, {"firmware", "4.241.00-4163"},
                         {"bios", "6.18.03.0_4.16.07.00_0x06070400"}, {"cache_bytes", 1024ULL << 20},
                         {"battery", {{"present", true}, {"kind", "bbu"}, {"model", "BBU"}, {"state", "optimal"},
                                      {"temperature_celsius", 37.0}, {"charge_percent", 99.0},
                                      {"replacement_required", nullptr}}}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  BOOST_TEST((c.virtual_drives[0].current_policy.write == write_policy::write_back));
}

BOOST_AUTO_TEST_CASE(target_ids_and_the_pci_address_tie_virtual_drives_to_the_os) {
  const auto cache = parse_file("seed-outputs/megacli-ldgetprop-cache-perc-h730.txt");
  BOOST_TEST(cache.controllers[0].virtual_drives[0].target_id == 0U);  // "Adapter 0-VD 0(target id: 0)"
  // -AdpGetPciInfo, as MegaCLI prints it; the numbers are hexadecimal.
  const auto pci = parser_traits<megacli>::parse(
      "PCI information for Controller 0\n--------------------------------\nBus Number      : 3\n"
      "Device Number   : 0\nFunction Number : 0\n\nPCI information for Controller 1\n"
      "--------------------------------\nBus Number      : 8a\nDevice Number   : 0\nFunction Number : 0\n");
  BOOST_TEST_REQUIRE(pci.has_value());
  BOOST_TEST(pci->warnings.empty());
  BOOST_TEST_REQUIRE(pci->controllers.size() == 2U);
  BOOST_TEST(pci->controllers[0].pci_address == "0000:03:00.0");
  BOOST_TEST(pci->controllers[1].pci_address == "0000:8a:00.0");
  const auto bad = parser_traits<megacli>::parse("PCI information for Controller 0\nBus Number : 300\nDevice Number : 0\n"
                                                 "Function Number : 0\n");
  BOOST_TEST_REQUIRE(bad.has_value());
  BOOST_TEST(!bad->controllers[0].pci_address);
  BOOST_TEST_REQUIRE(bad->warnings.size() == 1U);
  BOOST_TEST(bad->warnings[0].text == "cannot read PCI address 300:0.0");
}

BOOST_AUTO_TEST_CASE(adpallinfo_h710_excerpt_with_command_line_and_blank_space_lines) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/adpallinfo-perc-h710-mini-head-excerpt.txt"));
  test::check_fields(c, {{"number", 0U}, {"model", "PERC H710 Mini"}, {"serial", "29F026R"},
                         {"firmware_package", "21.1.0-0007"}, {"firmware", nullptr}, {"cache_bytes", nullptr},
                         {"battery", {{"present", nullptr}}}});
  BOOST_TEST(c.virtual_drives.empty());
  BOOST_TEST(c.physical_drives.empty());
}

BOOST_AUTO_TEST_CASE(bbu_ibbu08_optimal) {
  const auto inv = parse_file("controllers/megacli/bbu-ibbu08-optimal.txt");
  const auto& b = test::sole_controller(inv).battery;
  BOOST_TEST(inv.controllers[0].number == 0U);
  test::check_fields(b, {{"kind", "bbu"}, {"model", "iBBU08"}, {"present", true}, {"state", "optimal"},
                         {"temperature_celsius", 33.0}, {"charge_percent", 71.0}, {"replacement_required", false}});
}

BOOST_AUTO_TEST_CASE(bbu_old_firmware_garbage_bytes_become_warnings) {
  const auto inv = parse_file("controllers/megacli/bbu-old-fw-nonutf8-bytes.txt");
  test::check_warnings(inv, {{69}, {73}});
  BOOST_TEST_REQUIRE(inv.controllers.size() == 1U);
  const auto& b = inv.controllers[0].battery;
  test::check_fields(b, {{"kind", "bbu"}, {"model", "BBU"}, {"present", true}, {"state", "optimal"},
                         {"temperature_celsius", 31.0}, {"charge_percent", 100.0}, {"replacement_required", false}});
}

BOOST_AUTO_TEST_CASE(encinfo_files_name_the_adapter_and_invent_no_drives) {
  for (const char* file : {"controllers/megacli/encinfo-bp12g-8-slots.txt", "controllers/megacli/encinfo-bp12g-exp-10-slots.txt",
                           "controllers/megacli/encinfo-2-enclosures-sas2x28-expander.txt"}) {
    BOOST_TEST_CONTEXT(file) {
      const auto inv = parse_file(file);
      const auto& c = test::sole_controller(inv);
      BOOST_TEST(c.number == 0U);
      BOOST_TEST(!c.model);
      BOOST_TEST(c.physical_drives.empty());
      BOOST_TEST(c.virtual_drives.empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(ldinfo_raid1_raid0_raid10_mix_writeback) {
  const auto inv = parse_file("controllers/megacli/ldinfo-raid1-raid0-mix-writeback.txt");
  const auto& vds = test::sole_controller(inv).virtual_drives;
  BOOST_TEST_REQUIRE(vds.size() == 3U);
  const std::uint64_t gib = 1ULL << 30;
  test::check_fields(vds[0], {{"id", 0U}, {"name", "Virtual Disk 0"}, {"level", "raid1"},
                              {"size_bytes", printed(558375, 30)}, {"drive_count", 2U}, {"span_count", 1U},
                              {"current_policy", {{"disk_cache", "unchanged"}}}});
  test::check_fields(vds[1], {{"id", 1U}, {"level", "raid0"}, {"size_bytes", 223 * gib}, {"drive_count", 1U},
                              {"current_policy", {{"disk_cache", "enabled"}}}});
  BOOST_TEST(vds[2].id == 2U);
  BOOST_TEST(vds[2].name == "Virtual Disk 2");
  BOOST_TEST((vds[2].level == raid_level::raid10));  // Primary-1 over a span depth of 5
  BOOST_TEST(vds[2].span_count == 5U);
  BOOST_TEST(vds[2].drive_count == 10U);  // "Number Of Drives per span:2" × 5 spans
  for (const auto& vd : vds) {
    BOOST_TEST((vd.state == vd_state::optimal));
    BOOST_TEST(vd.strip_bytes == 64U * 1024);
    for (const auto* p : {&vd.default_policy, &vd.current_policy}) {
      BOOST_TEST((p->write == write_policy::write_back));
      BOOST_TEST((p->read == read_policy::adaptive));
      BOOST_TEST((p->io == io_policy::direct));
      BOOST_TEST(p->no_write_cache_if_bad_battery == true);
    }
  }
}

BOOST_AUTO_TEST_CASE(ldinfo_many_raid0_write_through) {
  const auto inv = parse_file("controllers/megacli/ldinfo-many-raid0-write-through.txt");
  const auto& vds = test::sole_controller(inv).virtual_drives;
  BOOST_TEST_REQUIRE(vds.size() == 14U);
  for (unsigned i = 0; i < 14; ++i) {
    const auto& vd = vds[i];
    BOOST_TEST(vd.id == i);
    BOOST_TEST(vd.name == "NonRAID Disk " + std::to_string(i));
    test::check_fields(vd, {{"level", "raid0"}, {"state", "optimal"}, {"strip_bytes", 256U * 1024}, {"drive_count", 1U},
                            {"default_policy", {{"write", "write_through"}}},
                            {"current_policy", {{"write", "write_through"}, {"read", "no_read_ahead"}}}});
    BOOST_TEST(vd.size_bytes == (i < 12 ? printed(10692, 40) : printed(447130, 30)));
  }
}

BOOST_AUTO_TEST_CASE(ldinfo_cachecade_vd_without_name_and_trailing_newline) {
  const auto inv = parse_file("controllers/megacli/ldinfo-raid1-cachecade-read-only.txt");
  const auto& vds = test::sole_controller(inv).virtual_drives;
  BOOST_TEST_REQUIRE(vds.size() == 1U);
  const auto& vd = vds[0];
  BOOST_TEST(!vd.name);  // "Name :" is empty
  test::check_fields(vd, {{"level", "raid1"}, {"size_bytes", 46525ULL * (1ULL << 30) / 100}, {"state", "optimal"},
                          {"current_policy", {{"write", "write_back"}, {"disk_cache", "unchanged"}}}});
}

BOOST_AUTO_TEST_CASE(pdlist_h310_two_sata_ssd) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/pdlist-perc-h310-mini-2-sata-ssd-online.txt"));
  check_drives(c, 2, 32, drive_interface::sata, media_type::ssd);
  const auto& d = c.physical_drives[0];
  test::check_fields(d, {{"device_id", 0U}, {"state", "online"}, {"model", "INTEL SSDSC2CW240A3"},
                         {"serial", "CVCV31700005240FGN"}, {"firmware", "400i"}, {"size_bytes", 0x1bf244b0ULL * 512},
                         {"temperature_celsius", 30.0}});
  BOOST_TEST(c.physical_drives[1].serial == "CVCV3165014E240FGN");
}

BOOST_AUTO_TEST_CASE(pdlist_h710p_ten_sas) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/pdlist-perc-h710p-10-sas-online.txt"));
  check_drives(c, 10, 32, drive_interface::sas, media_type::hdd);
  for (unsigned i = 0; i < 10; ++i) {
    const auto& d = c.physical_drives[i];
    BOOST_TEST(d.device_id == i);
    test::check_fields(d, {{"state", "online"}, {"model", "HGST HUC101212CSS600"}, {"firmware", "U5E0"},
                           {"size_bytes", 0x8bba0cb0ULL * 512}});
  }
  BOOST_TEST(c.physical_drives[0].serial == "KZGLE2EE");
  BOOST_TEST(c.physical_drives[9].serial == "KZGLG2HE");
  BOOST_TEST(c.physical_drives[5].temperature_celsius == 30.0);
}

BOOST_AUTO_TEST_CASE(pdlist_h710p_two_sas) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/pdlist-perc-h710p-2-sas-online.txt"));
  check_drives(c, 2, 32, drive_interface::sas, media_type::hdd);
  BOOST_TEST(c.physical_drives[0].model == "TOSHIBA AL13SEB600");
  BOOST_TEST(c.physical_drives[0].serial == "Z390A051FRD3");
  BOOST_TEST(c.physical_drives[1].serial == "54O0A05KFRD4");
  BOOST_TEST(c.physical_drives[0].firmware == "DE11");
  BOOST_TEST(c.physical_drives[0].size_bytes == 0x45dd2fb0ULL * 512);
  BOOST_TEST(c.physical_drives[1].temperature_celsius == 28.0);
}

BOOST_AUTO_TEST_CASE(pdlist_h730p_four_sas) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/pdlist-perc-h730p-4-sas-online.txt"));
  check_drives(c, 4, 32, drive_interface::sas, media_type::hdd);
  const auto& d = c.physical_drives[0];
  BOOST_TEST(d.model == "SEAGATE ST300MP0005");
  BOOST_TEST(d.serial == "S7K13GAY");
  BOOST_TEST(d.firmware == "VT31");
  BOOST_TEST(d.size_bytes == 300000000000ULL);  // 0x22ecb25c sectors of 512 bytes
  BOOST_TEST(d.temperature_celsius == 35.0);
  BOOST_TEST(c.physical_drives[1].temperature_celsius == 34.0);
}

BOOST_AUTO_TEST_CASE(pdlist_fourteen_with_one_unconfigured_good) {
  const auto inv = parse_file("controllers/megacli/pdlist-14-sas-one-unconfigured-good.txt");
  const auto& drives = test::sole_controller(inv).physical_drives;
  BOOST_TEST_REQUIRE(drives.size() == 14U);
  for (unsigned i = 0; i < 14; ++i) {
    BOOST_TEST(drives[i].slot == i);
    BOOST_TEST(drives[i].enclosure == 32U);
    BOOST_TEST((drives[i].state == (i == 10 ? pd_state::unconfigured_good : pd_state::online)));
  }
  BOOST_TEST(drives[10].model == "SEAGATE ST2000NM0023");
  BOOST_TEST(drives[10].serial == "Z1X2C3QQ");
  BOOST_TEST(drives[10].size_bytes == 0xe8e088b0ULL * 512);
  test::check_fields(drives[11], {{"interface", "sata"}, {"media", "ssd"}, {"model", "INTEL SSDSC2BW240A4"},
                                  {"size_bytes", 0x1bf244b0ULL * 512}});
  BOOST_TEST(drives[12].model == "HGST HUC156060CSS200");
  BOOST_TEST(drives[12].temperature_celsius == 54.0);
  BOOST_TEST(drives[13].model == "TOSHIBA AL13SEB600");
  BOOST_TEST(drives[13].serial == "X3N0A00TFRD4");
  BOOST_TEST(drives[13].size_bytes == 0x45dd2fb0ULL * 512);
}

BOOST_AUTO_TEST_CASE(pdlist_fourteen_online_with_sata_firmware_suffix) {
  const auto inv = parse_file("controllers/megacli/pdlist-14-sas-online.txt");
  const auto& drives = test::sole_controller(inv).physical_drives;
  BOOST_TEST_REQUIRE(drives.size() == 14U);
  for (unsigned i = 0; i < 14; ++i) {
    BOOST_TEST(drives[i].enclosure == 64U);
    BOOST_TEST((drives[i].state == pd_state::online));
  }
  test::check_fields(drives[0], {{"model", "HGST HUH721212AL5200"}, {"serial", "D5G7WG8L"},
                                 {"size_bytes", 0x558a00000ULL * 512}, {"temperature_celsius", 28.0}});
  // SATA inquiry firmware "XCV1DL65"; MegaCLI's firmware level shows "DL65".
  test::check_fields(drives[12], {{"model", "SSDSC2KG480G8R"}, {"serial", "BTYG95130FL3480BGN"},
                                  {"size_bytes", 0x37e436b0ULL * 512}, {"interface", "sata"}});
}

BOOST_AUTO_TEST_CASE(showsummary_h310_without_bbu) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/showsummary-perc-h310-mini-raid1-ssd.txt"));
  test::check_fields(c, {{"model", "PERC H310 Mini"}, {"firmware_package", "20.12.0-0004"},
                         {"battery", {{"kind", nullptr}, {"state", nullptr}}}});
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 2U);
  for (unsigned i = 0; i < 2; ++i) {
    const auto& d = c.physical_drives[i];
    BOOST_TEST(d.slot == i);
    test::check_fields(d, {{"enclosure", nullptr}, {"model", "INTEL SSDSC2CW24"}, {"state", "online"},
                           {"interface", "sata"}, {"media", "ssd"}, {"size_bytes", 223ULL << 30}});
  }
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& vd = c.virtual_drives[0];
  BOOST_TEST(vd.id == 0U);
  BOOST_TEST(vd.name == "Virtual Disk 0");
  BOOST_TEST(vd.size_bytes == 446ULL << 30);
  BOOST_TEST((vd.state == vd_state::optimal));
  BOOST_TEST((vd.level == raid_level::raid0));  // the tool says "RAID Level : 0"
}

BOOST_AUTO_TEST_CASE(showsummary_h710p_bbu_and_backplane_pseudo_drive) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/showsummary-perc-h710p-mini-bbu-healthy.txt"));
  test::check_fields(c, {{"model", "PERC H710P Mini"}, {"firmware_package", "21.2.0-0007"},
                         {"battery", {{"kind", "bbu"}, {"state", "optimal"}}}});
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 11U);
  for (unsigned i = 0; i < 10; ++i) {
    BOOST_TEST(c.physical_drives[i].model == "HGST HUC101212CSS600");
    BOOST_TEST(c.physical_drives[i].size_bytes == printed(1090, 40));
    BOOST_TEST((c.physical_drives[i].interface == drive_interface::sas));
  }
  // The backplane's SEP is listed as a drive: reported as printed, interface "Unknown" left empty.
  const auto& sep = c.physical_drives[10];
  test::check_fields(sep, {{"model", "DP SAS2 EXP BP"}, {"state", "unconfigured_good"}, {"interface", nullptr},
                           {"size_bytes", 0U}});
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  BOOST_TEST((c.virtual_drives[0].level == raid_level::raid10));
  BOOST_TEST(c.virtual_drives[0].size_bytes == printed(5455, 40));
}

BOOST_AUTO_TEST_CASE(showsummary_h730p_two_vds) {
  const auto& c = test::sole_controller(parse_file("controllers/megacli/showsummary-perc-h730p-mini-bbu-healthy.txt"));
  BOOST_TEST(c.model == "PERC H730P Mini");
  BOOST_TEST(c.firmware_package == "25.4.0.0017");
  BOOST_TEST((c.battery.state == battery_state::optimal));
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 4U);
  BOOST_TEST(c.physical_drives[3].model == "SEAGATE ST300MP0005");
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  BOOST_TEST(c.virtual_drives[0].name == "raid11");
  BOOST_TEST(c.virtual_drives[1].name == "raid12");
  BOOST_TEST(c.virtual_drives[1].id == 1U);
  BOOST_TEST((c.virtual_drives[1].level == raid_level::raid1));
  BOOST_TEST(c.virtual_drives[1].size_bytes == printed(278875, 30));
}

BOOST_AUTO_TEST_CASE(crlf_prompt_and_elision_are_ignored) {
  const auto inv = parse_text(
      "[root@db1 ~]# MegaCli64 -AdpBbuCmd -a0\r\n\r\nBBU status for Adapter: 0\r\n\r\nBatteryType: CVPM02\r\n"
      "Temperature: 28 C\r\nBattery State: Optimal\r\n[...]\r\n");
  const auto& b = test::sole_controller(inv).battery;
  BOOST_TEST((b.kind == battery_kind::cachevault));
  BOOST_TEST(b.temperature_celsius == 28.0);
  BOOST_TEST((b.state == battery_state::optimal));
}

BOOST_AUTO_TEST_CASE(failed_battery_and_missing_pack) {
  const auto inv = parse_text(
      "BBU status for Adapter: 1\n\nBatteryType: iBBU\nBattery State: Failed\n"
      "  Battery Pack Missing                    : Yes\n  Battery Replacement required            : Yes\n");
  const auto& c = inv.controllers.at(0);
  test::check_fields(c, {{"number", 1U},
                         {"battery", {{"state", "failed"}, {"present", false}, {"replacement_required", true}}}});
}

BOOST_AUTO_TEST_CASE(degraded_vd_rebuilding_drive_and_two_adapters) {
  const auto inv = parse_text(
      "Adapter 0 -- Virtual Drive Information:\nVirtual Drive: 0 (Target Id: 0)\n"
      "RAID Level          : Primary-5, Secondary-0, RAID Level Qualifier-3\nState               : Degraded\n"
      "Ongoing Progresses:\n  Rebuild                  : Completed 46%, Taken 12 min.\n\n"
      "Adapter 1 -- Virtual Drive Information:\nVirtual Drive: 0 (Target Id: 0)\n"
      "RAID Level          : Primary-6, Secondary-0, RAID Level Qualifier-3\nSpan Depth          : 2\n"
      "State               : Partially Degraded\n\nAdapter #1\n\nEnclosure Device ID: N/A\nSlot Number: 3\n"
      "Firmware state: Rebuild\nPredictive Failure Count: 7\n");
  const auto& controllers = test::controllers_of(inv, 2);
  const auto& a0 = controllers[0].virtual_drives.at(0);
  test::check_fields(a0, {{"level", "raid5"}, {"state", "degraded"}, {"operation", "rebuild"},
                          {"progress_percent", 46.0}});
  const auto& a1 = controllers[1];
  BOOST_TEST(a1.number == 1U);
  BOOST_TEST((a1.virtual_drives.at(0).level == raid_level::raid60));
  BOOST_TEST((a1.virtual_drives.at(0).state == vd_state::partially_degraded));
  const auto& d = a1.physical_drives.at(0);
  test::check_fields(d, {{"enclosure", nullptr}, {"slot", 3U}, {"state", "rebuilding"}, {"predictive_failures", 7U}});
}

BOOST_AUTO_TEST_CASE(ldgetprop_dskcache_and_unknown_words_warn) {
  const auto inv = parse_text(
      "Adapter 0-VD 0(target id: 0): Disk Write Cache : Enabled\n"
      "Adapter 0-VD 1(target id: 1): Cache Policy:WriteThrough, ReadAheadNone, Cached, Sparkly\n");
  const auto& vds = inv.controllers.at(0).virtual_drives;
  BOOST_TEST_REQUIRE(vds.size() == 2U);
  BOOST_TEST((vds[0].current_policy.disk_cache == disk_cache_policy::enabled));
  BOOST_TEST((vds[1].current_policy.write == write_policy::write_through));
  BOOST_TEST((vds[1].current_policy.io == io_policy::cached));
  test::check_warnings(inv, {{2}});
}

BOOST_AUTO_TEST_CASE(cfgdsply_controller_header) {
  const auto& c = test::sole_controller(parse_text(
      "==============================================================================\n"
      "Adapter: 0\nProduct Name: PERC H710 Mini\nMemory: 512MB\nBBU: Present\nSerial No: 5AB00XY\n"
      "==============================================================================\n"
      "Number of DISK GROUPS: 1\n\nDISK GROUP: 0\nNumber of Spans: 1\nSPAN: 0\n"
      "Virtual Drive Information:\nVirtual Drive: 0 (Target Id: 0)\nName                :os\n"
      "RAID Level          : Primary-1, Secondary-0, RAID Level Qualifier-0\n"
      "Physical Disk Information:\nPhysical Disk: 0\nEnclosure Device ID: 32\nSlot Number: 0\n"
      "Firmware state: Online, Spun Up\nPhysical Disk: 1\nEnclosure Device ID: 32\nSlot Number: 1\n"
      "Firmware state: Failed\n"));
  test::check_fields(c, {{"number", 0U}, {"model", "PERC H710 Mini"}, {"cache_bytes", 512ULL << 20},
                         {"battery", {{"present", true}}}, {"serial", "5AB00XY"}});
  BOOST_TEST(c.virtual_drives.at(0).name == "os");
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 2U);
  BOOST_TEST((c.physical_drives[1].state == pd_state::failed));
}

BOOST_AUTO_TEST_CASE(truncated_and_garbled_text_warns_and_never_invents) {
  const auto inv = parse_text(
      "Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 0\nRaw Size: 279.3\nFirmware state: Weird\n"
      "Media Type: Hard Disk Devi\xff\n");
  const auto& d = inv.controllers.at(0).physical_drives.at(0);
  BOOST_TEST(!d.size_bytes);
  BOOST_TEST(!d.state);
  BOOST_TEST((d.media == media_type::hdd));
  test::check_warnings(inv, {{5}, {6}, {7}});
}

BOOST_AUTO_TEST_CASE(text_without_megacli_sections_is_an_error) {
  test::check_rejects<megacli>("hello: world\n", "hello: world\n");
}

// Charging or learning passes for a battery that only says "Non Operational", never for one that
// says it failed or must be replaced.
BOOST_AUTO_TEST_CASE(a_failed_battery_stays_failed_while_it_charges) {
  const auto failed = parse_text("BBU status for Adapter: 0\n\nBatteryType: iBBU\nBattery State: Failed\n"
                                 "  Charging Status              : Charging\n  Learn Cycle Active      : Yes\n");
  BOOST_TEST((failed.controllers.at(0).battery.state == battery_state::failed));
  const auto about_to_fail = parse_text("BBU status for Adapter: 0\n\nBatteryType: iBBU\nBattery State: Non Operational\n"
                                        "  Charging Status              : Charging\n"
                                        "  Pack is about to fail & should be replaced : Yes\n");
  BOOST_TEST((about_to_fail.controllers.at(0).battery.state == battery_state::failed));
  BOOST_TEST(about_to_fail.controllers.at(0).battery.replacement_required == true);
}

// Issue 37: the layouts and battery answers that older or mixed MegaCLI output prints.

// The pre-2010 -LDInfo layout: "Virtual Disk:", "(target id: 0)", no blank around the colons. The
// text is laid out as the issue quotes it; no attributable capture of it was found.
BOOST_AUTO_TEST_CASE(pre_2010_ldinfo_layout_is_read_as_arrays) {
  const auto& c = test::sole_controller(parse_text(
      "Adapter 0 -- Virtual Drive Information:\nVirtual Disk: 0 (target id: 0)\nName:raid10\n"
      "RAID Level: Primary-1, Secondary-3, RAID Level Qualifier-0\nSize:1429248MB\nState: Optimal\n"
      "Stripe Size: 64kB\nNumber Of Drives:2\nSpan Depth:3\n"
      "Default Cache Policy: WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU\n"
      "Current Cache Policy: WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU\n"
      "Access Policy: Read/Write\nDisk Cache Policy: Disk's Default\n\nExit Code: 0x00\n"));
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  test::check_fields(c.virtual_drives[0], {{"id", 0U}, {"target_id", 0U}, {"name", "raid10"}, {"level", "raid10"},
                                           {"size_bytes", 1429248ULL << 20}, {"state", "optimal"},
                                           {"strip_bytes", 64U << 10}, {"drive_count", 2U}, {"span_count", 3U}});
  BOOST_TEST(c.coverage.arrays);
  BOOST_TEST(!c.coverage.drives);
}

// A CacheCade VD stands beside the arrays it caches (layout of a published -LDInfo -Lall: a RAID 6
// VD, then "CacheCade Virtual Drive: 1"); its keys are its own.
BOOST_AUTO_TEST_CASE(cachecade_vd_stands_beside_the_raid6_before_it) {
  const auto& c = test::sole_controller(parse_text(
      "Adapter 0 -- Virtual Drive Information:\nVirtual Drive: 0 (Target Id: 0)\nName                :data\n"
      "RAID Level          : Primary-6, Secondary-0, RAID Level Qualifier-3\nSize                : 10.915 TB\n"
      "State               : Optimal\nStrip Size          : 256 KB\nNumber Of Drives    : 8\nSpan Depth          : 1\n"
      "Is VD Cached: Yes\nCache Cade Type : Read Only\n\n\n"
      "CacheCade Virtual Drive: 1 (Target Id: 1)\nVirtual Drive Type  : CacheCade \nName            : \n"
      "RAID Level      : Primary-0, Secondary-0\nState               : Optimal\nSize            : 111.281 GB\n"
      "Target Id of the Associated LDs : 0\n"
      "Default Cache Policy    : WriteThrough, ReadAhead, Direct, No Write Cache if Bad BBU\n"
      "Current Cache Policy    : WriteThrough, ReadAhead, Direct, No Write Cache if Bad BBU\n"));
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  test::check_fields(c.virtual_drives[0], {{"id", 0U}, {"kind", "volume"}, {"level", "raid6"}, {"name", "data"},
                                           {"drive_count", 8U}, {"current_policy", {{"write", nullptr}}}});
  test::check_fields(c.virtual_drives[1], {{"id", 1U}, {"target_id", 1U}, {"kind", "cache"}, {"level", "raid0"},
                                           {"state", "optimal"}, {"size_bytes", printed(111281, 30)},
                                           {"current_policy", {{"write", "write_through"}}}});
}

// "Get BBU Status Failed" with newer MegaCLI's explanation and its exit code: no BBU is fitted, and
// that is an answer, not text no parser recognises.
BOOST_AUTO_TEST_CASE(bbu_query_answered_not_present_is_an_absent_battery) {
  const std::string text = "                                     \nAdapter 0: Get BBU Status Failed.\n\n"
                           "FW error description: \n The required hardware component is not present.  \n\n"
                           "Exit Code: 0x22\n";
  BOOST_TEST(parse_any(text).has_value());
  const auto& c = test::sole_controller(parse_text(text));
  test::check_fields(c, {{"number", 0U}, {"battery", {{"present", false}, {"state", "missing"}, {"kind", nullptr}}},
                         {"coverage", {{"battery", true}, {"controller", false}, {"arrays", false}, {"drives", false}}}});
  // Older MegaCLI: five failed queries, exit code 0.
  const auto old = parse_file("controllers/megacli/bbu-get-bbu-status-failed-five-queries.txt");
  BOOST_TEST((test::sole_controller(old).battery.state == battery_state::missing));
}

BOOST_AUTO_TEST_CASE(replacement_required_is_a_failed_battery_even_while_it_charges) {
  const auto inv = parse_text("BBU status for Adapter: 0\n\nBatteryType: iBBU\nBattery State: Optimal\n"
                              "  Charging Status              : Charging\n"
                              "  Battery Replacement required            : Yes\n");
  test::check_fields(test::sole_controller(inv).battery,
                     {{"state", "failed"}, {"replacement_required", true}, {"kind", "bbu"}});
}

// A TMM names no kind; its chemistry does. Pack missing without a state of its own is "missing".
BOOST_AUTO_TEST_CASE(tmm01_without_its_pack_is_a_missing_supercap) {
  const auto inv = parse_file("controllers/megacli/bbu-tmm01-supercap-battery-pack-missing.txt");
  test::check_fields(test::sole_controller(inv).battery,
                     {{"model", "TMM01"}, {"kind", "supercap"}, {"present", false}, {"state", "missing"}});
}

// An -AdpAllInfo of a degraded controller lists no array: its Device Present counts say what it knows,
// and coverage says arrays and drives were not in it.
BOOST_AUTO_TEST_CASE(adpallinfo_device_present_counts_of_a_degraded_controller) {
  const auto inv = parse_file("controllers/megacli/adpallinfo-perc-h700-2-degraded-1-failed-disk.txt");
  const auto& c = test::sole_controller(inv);
  test::check_fields(c, {{"counts", {{"virtual_drives", 4U}, {"degraded_virtual_drives", 2U}, {"offline_virtual_drives", 0U},
                                     {"physical_devices", 16U}, {"disks", 14U}, {"critical_disks", 0U}, {"failed_disks", 1U}}},
                         {"coverage", {{"controller", true}, {"battery", false}, {"arrays", false}, {"drives", false}}}});
  BOOST_TEST(c.virtual_drives.empty());
  // Merged with a -PDList of the same adapter, the drives are covered too; the arrays still are not.
  auto merged = inv;
  merge(merged, parse_text("Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 0\nFirmware state: Failed\n"));
  const auto& m = test::sole_controller(merged);
  BOOST_TEST(m.coverage.controller);
  BOOST_TEST(m.coverage.drives);
  BOOST_TEST(!m.coverage.arrays);
  BOOST_TEST(m.counts.failed_disks == 1U);
}

// SATA drives behind LSI: the serial is right-aligned in its 20 columns and runs into the model.
BOOST_AUTO_TEST_CASE(sata_inquiry_serial_glued_to_the_model_is_split_by_its_columns) {
  const auto& c =
      test::sole_controller(parse_file("controllers/megacli/ldpdinfo-perc-h700-sata-inquiry-serial-glued-to-model.txt"));
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 14U);
  test::check_fields(c.physical_drives[0], {{"serial", "Z1P3CZ2A"}, {"model", "ST2000NM0011"}, {"firmware", "PA07"}});
  test::check_fields(c.physical_drives[12], {{"serial", "BTTV308400M1400HGN"}, {"model", "INTEL SSDSC2BA400G3"}});
  // The same columns with their leading blanks collapsed by a paste cannot be split: nothing is guessed.
  const auto collapsed = parse_text("Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 0\nPD Type: SATA\n"
                                    "Device Firmware Level: AA09\nInquiry Data: 9XF1922XST9500620NS    AA09\n");
  const auto& d = collapsed.controllers.at(0).physical_drives.at(0);
  BOOST_TEST(!d.model);
  BOOST_TEST(!d.serial);
}

BOOST_AUTO_TEST_SUITE_END()
