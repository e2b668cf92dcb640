#pragma once
// The MegaCLI parser's definitions (see core/linkage.hpp): included by megacli.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "raidbench/controller/detail/fill.hpp"
#include "raidbench/controller/detail/megaraid_keys.hpp"
#include "raidbench/controller/megacli.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::megacli_detail {

// "Firmware state" words, squashed ("Unconfigured(good), Spun Up" → "unconfiguredgood" before the comma).
inline constexpr spelling<pd_state> pd_states[] = {
    {"online", pd_state::online}, {"hotspare", pd_state::hot_spare}, {"rebuild", pd_state::rebuilding},
    {"rebuilding", pd_state::rebuilding}, {"copyback", pd_state::copyback},
    {"unconfiguredgood", pd_state::unconfigured_good}, {"unconfiguredbad", pd_state::unconfigured_bad},
    {"jbod", pd_state::jbod}, {"failed", pd_state::failed}, {"offline", pd_state::offline}, {"missing", pd_state::missing}};

inline std::optional<pd_state> pd_state_of(std::string_view text) {
  return look_up(squash(text.substr(0, text.find(','))), pd_states);
}

// The operation named by an "Ongoing Progresses:" line of -LDInfo.
inline std::optional<vd_operation> operation_of(std::string_view key) {
  if (iequals(key, "Rebuild")) return vd_operation::rebuild;
  if (iequals(key, "Background Initialization") || iequals(key, "Initialization")) return vd_operation::initialize;
  if (iequals(key, "Check Consistency")) return vd_operation::verify;
  if (iequals(key, "Reconstruction")) return vd_operation::reshape;
  return std::nullopt;
}

inline constexpr spelling<vd_state> vd_states[] = {{"optimal", vd_state::optimal}, {"degraded", vd_state::degraded},
    {"partiallydegraded", vd_state::partially_degraded}, {"offline", vd_state::offline}, {"failed", vd_state::failed}};

inline std::optional<vd_state> vd_state_of(std::string_view text) { return look_up(squash(text), vd_states); }

inline std::optional<media_type> media_of(std::string_view text) {
  if (icontains(text, "solid state")) return media_type::ssd;
  if (icontains(text, "hard disk")) return media_type::hdd;
  return std::nullopt;
}

inline std::optional<drive_interface> interface_of(std::string_view text) {
  text = trim(text);
  if (iequals(text, "SAS")) return drive_interface::sas;
  if (iequals(text, "SATA")) return drive_interface::sata;
  if (iequals(text, "NVMe") || iequals(text, "PCIe")) return drive_interface::nvme;
  return std::nullopt;
}

inline std::optional<bool> yes_no(std::string_view text) {
  text = trim(text);
  if (iequals(text, "yes") || iequals(text, "enabled") || iequals(text, "present")) return true;
  if (iequals(text, "no") || iequals(text, "disabled") || iequals(text, "absent")) return false;
  return std::nullopt;
}

inline std::optional<battery_state> battery_state_of(std::string_view text) {
  const std::string s = squash(text);
  if (s == "optimal" || s == "healthy" || s == "operational") return battery_state::optimal;
  if (s.find("discharg") != std::string::npos) return battery_state::discharging;
  if (s.find("learn") != std::string::npos) return battery_state::learning;
  if (s.find("charg") != std::string::npos) return battery_state::charging;
  if (s.find("degraded") != std::string::npos) return battery_state::degraded;
  if (s.find("fail") != std::string::npos || s == "nonoperational") return battery_state::failed;
  if (s.find("missing") != std::string::npos || s == "absent") return battery_state::missing;
  return std::nullopt;
}

inline std::optional<battery_kind> battery_kind_of(std::string_view text) {
  const std::string s = squash(text);
  if (s.rfind("cv", 0) == 0 || s.find("cachevault") != std::string::npos) return battery_kind::cachevault;
  if (s.find("supercap") != std::string::npos) return battery_kind::supercap;
  if (s.find("bbu") != std::string::npos) return battery_kind::bbu;
  return std::nullopt;
}

// "Device Chemistry": "SCap" on a TMM (an LSI supercapacitor module), "LION" on a battery pack.
inline std::optional<battery_kind> battery_chemistry_of(std::string_view text) {
  const std::string s = squash(text);
  if (s == "scap" || s == "supercap") return battery_kind::supercap;
  if (s == "lion" || s == "liion" || s == "lpmr" || s == "nimh") return battery_kind::bbu;
  return std::nullopt;
}

// "WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU"; returns the words it did not know.
inline std::vector<std::string> read_cache_policy(std::string_view text, cache_policy& p) {
  std::vector<std::string> unknown;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string s = squash(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    if (s.empty()) continue;
    if (s == "writeback" || s == "wb") p.write = write_policy::write_back;
    else if (s == "writethrough" || s == "wt") p.write = write_policy::write_through;
    else if (s == "alwayswriteback" || s == "awb") p.write = write_policy::always_write_back;
    else if (s == "readahead" || s == "readaheadalways" || s == "ra") p.read = read_policy::read_ahead;
    else if (s == "readaheadnone" || s == "noreadahead" || s == "nora" || s == "none") p.read = read_policy::no_read_ahead;
    else if (s == "readadaptive" || s == "adaptive" || s == "adra") p.read = read_policy::adaptive;
    else if (s == "direct") p.io = io_policy::direct;
    else if (s == "cached") p.io = io_policy::cached;
    else if (s == "nowritecacheifbadbbu") p.no_write_cache_if_bad_battery = true;
    else if (s == "writecacheokifbadbbu") p.no_write_cache_if_bad_battery = false;
    else unknown.emplace_back(trim(s));
  }
  return unknown;
}

inline std::optional<disk_cache_policy> disk_cache_of(std::string_view text) {
  const std::string s = squash(text);
  if (s == "disksdefault" || s == "default" || s == "unchanged") return disk_cache_policy::unchanged;
  if (s == "enabled" || s == "enable") return disk_cache_policy::enabled;
  if (s == "disabled" || s == "disable") return disk_cache_policy::disabled;
  return std::nullopt;
}

// The number after `prefix` in the line ("Adapter #3" → 3), when the line starts with it
// (text::number_after finds the word anywhere).
inline std::optional<unsigned> prefixed_number(std::string_view line, std::string_view prefix) {
  line = trim(line);
  if (!istarts_with(line, prefix)) return std::nullopt;
  line = trim(line.substr(prefix.size()));
  std::size_t n = 0;
  while (n < line.size() && line[n] >= '0' && line[n] <= '9') ++n;
  return parse_uint(line.substr(0, n));
}

// RAID level from "Primary-1, Secondary-0, RAID Level Qualifier-0" and the span depth.
inline std::optional<raid_level> raid_level_of(std::string_view text, std::optional<unsigned> spans) {
  const auto primary = prefixed_number(text, "Primary-");
  const auto at = text.find("Secondary-");
  const auto secondary = at == std::string_view::npos ? std::nullopt : prefixed_number(text.substr(at), "Secondary-");
  if (!primary) return std::nullopt;
  const bool spanned = (spans && *spans > 1) || (secondary && *secondary != 0);
  switch (*primary) {
    case 0: return raid_level::raid0;
    case 1: return spanned ? raid_level::raid10 : raid_level::raid1;
    case 5: return spanned ? raid_level::raid50 : raid_level::raid5;
    case 6: return spanned ? raid_level::raid60 : raid_level::raid6;
    case 17: return raid_level::raid1e;
    default: return std::nullopt;
  }
}

// ShowSummary prints the level as a number: "RAID Level : 10".
inline std::optional<raid_level> summary_level_of(std::string_view text) {
  const auto n = parse_uint(text);
  if (!n) return std::nullopt;
  switch (*n) {
    case 0: return raid_level::raid0;
    case 1: return raid_level::raid1;
    case 5: return raid_level::raid5;
    case 6: return raid_level::raid6;
    case 10: return raid_level::raid10;
    case 50: return raid_level::raid50;
    case 60: return raid_level::raid60;
    default: return std::nullopt;
  }
}

// Inquiry Data packs vendor/product/revision/serial (SAS) or serial/model/firmware (SATA) in fixed
// columns; decode only when the firmware level sits where the layout says, so nothing is guessed.
// A SATA serial is right-aligned in its 20 columns ("            9WM5MKE5ST32000644NS  ..."): the
// columns count from the one blank after "Inquiry Data:", and a trimmed value would glue the serial
// to the model, so `inquiry` is the value as printed.
inline void decode_inquiry(physical_drive& pd, std::string_view inquiry) {
  if (!pd.firmware || pd.firmware->empty()) return;
  // The columns count bytes of an ASCII field: cutting other text there could split a UTF-8 character.
  for (char c : inquiry)
    if (static_cast<unsigned char>(c) >= 0x80) return;
  const std::string_view fw = *pd.firmware;
  if (inquiry.size() >= 24 + fw.size() && inquiry.substr(24, fw.size()) == fw) {
    const std::string_view vendor = trim(inquiry.substr(0, 8)), product = trim(inquiry.substr(8, 16));
    if (!product.empty()) pd.model = vendor.empty() ? std::string(product) : std::string(vendor) + " " + std::string(product);
    const std::string_view serial = trim(inquiry.substr(24 + fw.size()));
    if (!serial.empty()) pd.serial = std::string(serial);
  } else if (inquiry.size() >= 60 + fw.size() && trim(inquiry.substr(60, 8)).ends_with(fw)) {
    // SATA firmware is 8 characters; MegaCLI's "Device Firmware Level" shows the last four.
    const std::string_view serial = trim(inquiry.substr(0, 20)), model = trim(inquiry.substr(20, 40));
    if (!serial.empty()) pd.serial = std::string(serial);
    if (!model.empty()) pd.model = std::string(model);
  }
}

// Keys MegaCLI prints that the model has no field for (or that a block other than the one that
// models them repeats), read past on purpose, beside the firmware keys StorCLI prints too
// (detail/megaraid_keys.hpp). They were collected from real dumps; anything else is reported as a
// line not read. "Key = value" lines (BBU properties) use the same list.
inline constexpr text::line_list ignored_keys{R"(
Number of DISK GROUPS
DISK GROUP
Number of Spans
SPAN
Virtual Drive Information
Physical Disk Information
Absolute State of charge
Alarm Disable
Allow HDD SAS/SATA Mix in VD
Allow HDD/SSD Mix in VD
Allow Mix in Enclosure
Allow SATA in Cluster
Allow SSD SAS/SATA Mix in VD
Allowed Device Type
Allowed Mixing
Array #
Auto Detect BackPlane Enable
Auto Detect BackPlane Enabled
Average time to empty
BBU Firmware Status
BBU GasGauge Status
BIOS Continue on Error
BIOS Error Handling
BOOT Version
Background Rate
Bad Blocks Exist
Battery FRU
Battery backup charge time
Cache Cade Type
Cache Flush Interval
Cache Offload premium feature required
Can spin up in 1 minute
Charger Status
Charger System Ctrl
Charger System State
Charging Terminated
Charging current
Chassis
Chassis Status
Check Consistency Rate
Cluster Disable
Cluster Mode
Controller Id
Critical Disks
Current
Current Access Policy
Current Boot Mode
Current Power Savings Policy
Current Size of CacheCade
Current Size of FW Cache
Current Time
Cycle Count
Default Access Policy
Default LD PowerSave Policy
Default Power Savings Policy
Default spin down time in minutes
Degraded
Delay Among Spinup Groups
Design Mode
Design Voltage
Device Chemistry
Disable Copyback
Disable Ctrl-R
Disable Spin Down of hot spares
Discharge Terminated
Discharging
Disks
Drive
Drive is formatted for PI information
Drive's NCQ setting
Drive's position
Drive's postion
ESM Serial Number
Ecc Bucket Leak Rate
Emulated Drive
Enable Copyback on SMART
Enable Copyback to SSD on SMART Error
Enable SSD Patrol Read
Enable Spin Down of UnConfigured Drives
Enclosure 0
Enclosure 1
Enclosure Serial Number
Enclosure Zoning Mode
Enclosure type
Encryption Type
Estimated Time to full recharge
Exit Code
FDE Capable
FDE Enable
FRU Part Number
Failed Disks
Fan
Fan Speed
Fan Status
Firmware Version
Flash
Flush Time
Foreign State
Full Charge Capacity
Fully Charged
Fully Discharged
GasGuageStatus
Host Request Reordering
Hotspare Information
I2c Errors Detected
Initialized
Interrupt Throttle Active Count
Interrupt Throttle Completion
Is VD Cached
Is VD emulated
LD has drives that support T10 power conditions
LD's IO profile supports MAX power savings with cached writes
Last Predictive Failure Event Seq Number
Learn Cycle Requested
Learn Cycle Status
Learn Cycle Timeout
MPT Version
Max Error
Max LD per array
Max Stripe Size
Min Stripe Size
Mirror Data
NVRAM
Number of Alarms
Number of Backend Port
Number of Chassis
Number of Fans
Number of Frontend Port
Number of Physical Drives
Number of Power Supplies
Number of SIM Modules
Number of Slots
Number of Temperature Sensors
Number of Virtual Disks
Number of Voltage Sensors
Offline
Ongoing Progresses
Over Charged
Over Temperature
PFK in NVRAM
PI
PI Eligibility
POST delay
PR Correct Unconfigured Areas
PR Rate
Pack Stat Configuration
Pack is about to fail & should be replaced
Parity Size
Partner Device Id
Periodic Learn Required
Physical Devices
Physical Drive Coercion Mode
Port
Port status
Port's Linkspeed
Port-0
Port-1
Position
Power State
Power Supply
Power Supply Status
PreBoot CLI Enabled
Predictive Fail Poll Interval
Product Id
Product Identification
Product Revision Level
Reconstruction Rate
Remaining Capacity
Remaining Capacity Alarm
Remaining Capacity Low
Remaining Time Alarm
Resynch Rate
Run time to empty
SAS Address(0)
SAS Address(1)
Security Key Failed
Security Key Not Backedup
Specification Info
Spin Down time
Status
Stripe Size
SubDeviceId
SubVendorId
T10 Power State
TMM FRU
Temp Sensor
Temperature
Temperature Sensor Status
Transparent Learn
Type
Use FDE Only
Use disk activity for locate
Vendor Identification
Vendor Specific
Voltage Sensor
Voltage Sensor Status
Voltage Value
isSOHGood
App Data
Remining Time Alarm
BBU Mode
PFK TrailTime Remaining
Target Id of the Associated LDs
Virtual Drive Type
FW error description
)"};

// Lines without a "key: value" shape that MegaCLI prints under a heading ("Allowed Mixing:").
inline constexpr std::string_view ignored_lines[] = {"None", "Mix in Enclosure Allowed",
                                                     "The required hardware component is not present.",
                                                     "Max power savings option is  not allowed for LDs. Only T10 power conditions are to be used.",
                                                     "Mix of SAS/SATA of HDD type in VD Allowed",
                                                     "Mix of SAS/SATA of SSD type in VD Allowed",
                                                     "Mix of SSD/HDD in VD Allowed"};

// "0        5000c5002352e005": a row of the port / SAS address table of -AdpAllInfo.
inline bool is_sas_address_row(std::string_view line) {
  const auto fields = split_fields(line);
  if (fields.size() != 2 || !parse_uint(fields[0]) || fields[1].size() != 16) return false;
  return std::all_of(fields[1].begin(), fields[1].end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

class reader {
 public:
  inventory run(std::string_view text) {
    inv_.source = "megacli";
    lines_ = split_lines(text);
    for (i_ = 0; i_ < lines_.size(); ++i_) {
      const text_line& line = lines_[i_];
      // An elision mark is read as such and not reported: MegaCLI excerpts from write-ups carry many,
      // and benchmark reports would repeat them; what was cut cannot be recovered either way.
      if (line.kind != line_kind::output) { if (line.kind == line_kind::command) block_ = block::none; continue; }
      if (line.unreadable) warn(line.number, "unreadable bytes (invalid UTF-8 or control characters)");
      if (line.text.empty()) continue;
      if (section_header()) continue;
      if (line.text.find_first_not_of("= ") == std::string::npos || line.text.find_first_not_of("- ") == std::string::npos) continue;
      read_line(line);
    }
    finish();
    return std::move(inv_);
  }
  bool found_anything() const { return found_; }

 private:
  enum class block { none, adapter, vd, pd, bbu, enclosure, summary, pci };
  struct pending_vd { std::size_t c, v, line; std::string level; std::optional<unsigned> per_span; };
  std::array<std::string, 3> pci_;  // bus, device, function of -AdpGetPciInfo
  struct pending_pd { std::size_t c, p; std::string inquiry; };

  void warn(std::size_t line, std::string text) { inv_.warnings.push_back({line, std::move(text)}); }

  controller& select(std::optional<unsigned> number) {
    found_ = true;
    block_ = block::none;
    for (std::size_t c = 0; c < inv_.controllers.size(); ++c)
      if (inv_.controllers[c].number == number) { ctrl_ = c; return inv_.controllers[c]; }
    inv_.controllers.push_back(controller{});
    inv_.controllers.back().number = number;
    ctrl_ = inv_.controllers.size() - 1;
    return inv_.controllers.back();
  }
  controller& ctrl() {
    if (!ctrl_) return select(std::nullopt);
    return inv_.controllers[*ctrl_];
  }
  virtual_drive& vd() { return ctrl().virtual_drives[vd_]; }
  physical_drive& pd() { return ctrl().physical_drives[pd_]; }

  // "Versions" followed by "=====": remember the AdpAllInfo section (keys repeat across sections).
  bool section_header() {
    if (i_ + 1 >= lines_.size()) return false;
    const std::string_view next = trim(lines_[i_ + 1].text);
    if (next.size() < 3 || next.find_first_not_of('=') != std::string_view::npos) return false;
    const std::string_view here = trim(lines_[i_].text);
    if (here.find_first_not_of('=') == std::string_view::npos || istarts_with(here, "Adapter")) return false;
    // A heading has no colon but maybe a final one ("Image Versions in Flash:"); "Serial No: X" is a key.
    const auto colon = here.find(':');
    if (colon != std::string_view::npos && colon + 1 != here.size()) return false;
    static constexpr std::string_view known[] = {
        "Versions", "Mfg. Data", "Image Versions in Flash", "Pending Images in Flash", "PCI Info", "HW Configuration",
        "Settings", "Capabilities", "Status", "Limitations", "Device Present", "Supported Drives", "Allowed Mixing",
        "Error Counters", "Cluster Information", "Default Settings", "Defaults", "Supported Adapter Operations",
        "Supported VD Operations", "Supported PD Operations"};
    const std::string_view heading = trim(here.substr(0, colon));
    // Every section of -AdpAllInfo is about the adapter: an unknown one is reported, and the keys under
    // it that the adapter has (another firmware's spelling of a heading) are still the adapter's.
    if (!is_listed(heading, known)) warn(lines_[i_].number, "unknown section '" + std::string(heading) + "'");
    section_ = to_lower(heading);
    if (block_ != block::bbu) block_ = block::adapter;
    return true;
  }

  void new_vd(std::optional<unsigned> id, std::optional<unsigned> target_id) {
    auto& c = ctrl();
    std::size_t at = c.virtual_drives.size();
    for (std::size_t v = 0; v < c.virtual_drives.size(); ++v)
      if (id && c.virtual_drives[v].id == id) at = v;
    if (at == c.virtual_drives.size()) {
      c.virtual_drives.emplace_back().id = id;
      c.virtual_drives.back().kind = vd_kind::volume;
    }
    if (target_id) c.virtual_drives[at].target_id = target_id;
    vd_ = at;
    block_ = block::vd;
  }
  void new_pd() {
    ctrl().physical_drives.emplace_back();
    pd_ = ctrl().physical_drives.size() - 1;
    block_ = block::pd;
  }

  // "(Target Id: 0)", "(target id: 0)" (older firmware) after a VD number.
  static std::optional<unsigned> target_id_in(std::string_view t) {
    const auto at = to_lower(t).find("target id:");
    return at == std::string::npos ? std::nullopt : prefixed_number(t.substr(at + 10), "");
  }

  void read_line(const text_line& line) {
    const std::string_view t = trim(line.text);
    if (auto n = prefixed_number(t, "Adapter #")) { select(n); block_ = block::adapter; section_.clear(); return; }
    if (auto n = prefixed_number(t, "Adapter:")) { select(n); block_ = block::adapter; section_.clear(); return; }
    if (istarts_with(t, "Adapter ") && bbu_query_failed(t)) return;
    if (istarts_with(t, "Adapter ") && iends_with(t, "No Virtual Drive Configured.")) {
      select(prefixed_number(t, "Adapter ")).coverage.arrays = true;
      return;
    }
    if (istarts_with(t, "BBU ") && icontains(t, "for Adapter")) {
      select(prefixed_number(t.substr(t.rfind(':') + 1), ""));
      block_ = block::bbu;
      return;
    }
    if (auto n = prefixed_number(t, "Number of enclosures on adapter")) { select(n); block_ = block::enclosure; return; }
    if (auto n = prefixed_number(t, "PCI information for Controller")) { select(n); block_ = block::pci; pci_ = {}; return; }
    if (istarts_with(t, "Adapter ") && icontains(t, "Virtual Drive Information")) { select(prefixed_number(t, "Adapter ")); return; }
    if (istarts_with(t, "Adapter ") && icontains(t, "-VD ")) { ld_get_prop(line); return; }
    // "Virtual Drive: 0 (Target Id: 0)"; before 2010 "Virtual Disk: 0 (target id: 0)"; a CacheCade
    // SSD cache VD is listed among the others as "CacheCade Virtual Drive: 1 (Target Id: 1)".
    const bool cache_vd = istarts_with(t, "CacheCade Virtual Drive:");
    auto vd_number = prefixed_number(t, "Virtual Drive:");
    if (!vd_number) vd_number = prefixed_number(t, "Virtual Disk:");
    if (cache_vd) vd_number = prefixed_number(t, "CacheCade Virtual Drive:");
    if (vd_number) {
      new_vd(vd_number, target_id_in(t));
      if (cache_vd) vd().kind = vd_kind::cache;
      summary_ = false;
      return;
    }
    if (istarts_with(t, "PD:") && icontains(t, "Information")) { vd_member_next_ = block_ != block::none; return; }
    if (istarts_with(t, "Rebuild Progress on Device at Enclosure") || istarts_with(t, "Copyback Progress on Device at Enclosure")) {
      progress_line(t);
      return;
    }
    if (iequals(t, "System") || iequals(t, "Hardware") || iequals(t, "Storage")) {
      summary_ = true; block_ = block::summary; found_ = true; ctrl(); return;
    }
    if (summary_) { summary_line(line, t); return; }

    const auto kv = split_key_value(t);
    if (!kv) {
      const auto property = split_key_value(t, '=');
      if (!is_listed(t, ignored_lines) && !is_sas_address_row(t) && !(property && megaraid::is_ignored(property->key, ignored_keys))) {
        // Probably the heading of a section this parser does not know: what follows belongs to no
        // VD, drive or battery read so far.
        warn(line.number, not_read(t));
        block_ = block::none;
      }
      return;
    }
    const std::string_view k = kv->key, v = kv->value;
    if (iequals(k, "Exit Code")) {
      // A BBU query that found no BBU ends with its error code (0x22): that answer was read above.
      if (v != "0x00" && !bbu_absent_answer_) warn(line.number, "megacli exit code " + std::string(v));
      return;
    }
    if (iequals(k, "Physical Disk") && parse_uint(v)) {  // -CfgDsply: a drive of the VD above follows
      vd_member_next_ = block_ != block::none;
      return;
    }
    if (iequals(k, "Enclosure Device ID")) {
      new_pd();
      pd().enclosure = parse_uint(v);
      if (vd_member_next_ && vd_ < ctrl().virtual_drives.size()) vd_members_.push_back({*ctrl_, pd_, vd_});
      vd_member_next_ = false;
      return;
    }
    if (iequals(k, "Slot Number") && (block_ != block::pd || pd().slot)) new_pd();
    if (block_ == block::pd && iequals(k, "Inquiry Data")) {
      // The value as printed: its columns start after the one blank behind the colon.
      std::string_view raw = line.text;
      raw.remove_prefix(raw.find(':') + 1);
      if (raw.starts_with(' ')) raw.remove_prefix(1);
      pending_pds_.push_back({*ctrl_, pd_, std::string(raw)});
      return;
    }
    bool read = false;
    switch (block_) {
      case block::vd: read = vd_key(line.number, k, v); break;
      case block::pd: read = pd_key(line.number, k, v); break;
      case block::bbu: read = bbu_key(line.number, k, v); break;
      case block::none: case block::adapter: read = adapter_key(line.number, k, v); break;
      case block::pci: read = pci_key(line.number, k, v); break;
      case block::enclosure: case block::summary: break;
    }
    if (!read && !megaraid::is_ignored(k, ignored_keys)) {
      warn(line.number, not_read(t));
      if (v.empty()) block_ = block::none;  // "Something Unknown:" heads a section of its own
    }
  }

  // "Adapter 0-VD 1(target id: 1): Cache Policy:WriteBack, ..." or "...: Disk Write Cache : Disabled".
  void ld_get_prop(const text_line& line) {
    const std::string_view t = trim(line.text);
    const auto adapter = prefixed_number(t, "Adapter ");
    const auto at = t.find("-VD ");
    const auto vd_id = prefixed_number(t.substr(at + 1), "VD ");
    const auto close = t.find("):");
    if (!adapter || !vd_id || close == std::string_view::npos) { warn(line.number, "cannot read LDGetProp line"); return; }
    select(adapter);
    const auto target = t.find("target id:");
    new_vd(vd_id, target == std::string_view::npos ? std::nullopt : prefixed_number(t.substr(target), "target id:"));
    const auto kv = split_key_value(t.substr(close + 2));
    if (!kv) { warn(line.number, "cannot read LDGetProp line"); return; }
    if (iequals(kv->key, "Cache Policy")) policy(line.number, kv->value, vd().current_policy);
    else if (iequals(kv->key, "Disk Write Cache")) set(line.number, kv->key, vd().current_policy.disk_cache, disk_cache_of(kv->value), kv->value);
    else warn(line.number, not_read(t));
  }

  // -PDRbld -ShowProg: "Rebuild Progress on Device at Enclosure 32, Slot 10 Completed 3% in 98 Minutes."
  // The drive is being rebuilt into; the model keeps progress per virtual drive only.
  void progress_line(std::string_view t) {
    found_ = true;
    new_pd();
    const auto enclosure = t.find("Enclosure "), slot = t.find("Slot ");
    if (enclosure != std::string_view::npos) pd().enclosure = prefixed_number(t.substr(enclosure), "Enclosure ");
    if (slot != std::string_view::npos) pd().slot = prefixed_number(t.substr(slot), "Slot ");
    pd().state = istarts_with(t, "Rebuild") ? pd_state::rebuilding : pd_state::copyback;
    block_ = block::none;
  }

  void policy(std::size_t n, std::string_view v, cache_policy& p) {
    for (const auto& word : read_cache_policy(v, p)) warn(n, "unknown cache policy word '" + word + "'");
  }

  template <class T>
  void set(std::size_t n, std::string_view key, std::optional<T>& field, std::optional<T> value, std::string_view text) {
    if (value) field = std::move(value);
    else if (!iequals(text, "N/A") && !text.empty()) warn(n, "cannot read " + std::string(key) + " '" + std::string(text) + "'");
  }
  static std::optional<std::string> str(std::string_view v) {
    if (v.empty() || iequals(v, "N/A")) return std::nullopt;
    return std::string(v);
  }

  // -AdpGetPciInfo: "Bus Number : 3", "Device Number : 0", "Function Number : 0", in hexadecimal
  // (read so by the third-party tools that map these to /sys addresses).
  bool pci_key(std::size_t n, std::string_view k, std::string_view v) {
    std::string* field = iequals(k, "Bus Number") ? &pci_[0] : iequals(k, "Device Number") ? &pci_[1]
                       : iequals(k, "Function Number") ? &pci_[2] : nullptr;
    if (!field) return false;
    *field = std::string(v);
    if (!pci_[0].empty() && !pci_[1].empty() && !pci_[2].empty()) {
      ctrl().pci_address = parse_pci_address("0:" + pci_[0] + ":" + pci_[1] + ":" + pci_[2]);
      if (!ctrl().pci_address) warn(n, "cannot read PCI address " + pci_[0] + ":" + pci_[1] + "." + pci_[2]);
    }
    return true;
  }

  // -AdpAllInfo "Device Present": the adapter's own counts of its VDs and disks.
  bool device_present_key(std::size_t n, std::string_view k, std::string_view v) {
    auto& counts = ctrl().counts;
    std::optional<unsigned>* field = iequals(k, "Virtual Drives") ? &counts.virtual_drives
        : iequals(k, "Degraded") ? &counts.degraded_virtual_drives : iequals(k, "Offline") ? &counts.offline_virtual_drives
        : iequals(k, "Physical Devices") ? &counts.physical_devices : iequals(k, "Disks") ? &counts.disks
        : iequals(k, "Critical Disks") ? &counts.critical_disks : iequals(k, "Failed Disks") ? &counts.failed_disks : nullptr;
    if (!field) return false;
    set(n, k, *field, parse_uint(v), v);
    ctrl().coverage.controller = true;
    return true;
  }

  // "Adapter 0: Get BBU Status Failed." (and the Capacity Info, Design Info, ... queries after it):
  // the firmware answered MegaCLI's BBU query with "The required hardware component is not present"
  // (error 0x22, which newer MegaCLI prints below as the FW error description): no BBU is fitted.
  bool bbu_query_failed(std::string_view t) {
    const auto colon = t.find(':');
    if (colon == std::string_view::npos) return false;
    const std::string_view answer = trim(t.substr(colon + 1));
    if (!istarts_with(answer, "Get BBU") || !iends_with(answer, "Failed.")) return false;
    auto& b = select(prefixed_number(t, "Adapter ")).battery;
    b.present = false;
    b.state = battery_state::missing;
    ctrl().coverage.battery = true;
    bbu_absent_answer_ = true;
    return true;
  }

  bool adapter_key(std::size_t n, std::string_view k, std::string_view v) {
    if (section_ == "device present") return device_present_key(n, k, v);
    static constexpr std::string_view keys[] = {"Product Name", "Serial No", "FW Package Build", "FW Version",
        "BIOS Version", "Memory Size", "Memory", "BBU", "Write Policy", "Read Policy", "Cached IO", "Cache When BBU Bad"};
    bool known = false;
    for (auto key : keys) known = known || iequals(k, key);
    if (!known) return false;  // only a key we read may conjure the controller it belongs to
    auto& c = ctrl();
    c.coverage.controller = true;
    const bool defaults = section_ == "default settings" || section_ == "defaults";
    if (iequals(k, "Product Name")) c.model = str(v);
    else if (iequals(k, "Serial No")) c.serial = str(v);
    else if (iequals(k, "FW Package Build")) c.firmware_package = str(v);
    else if (iequals(k, "FW Version")) c.firmware = str(v);
    else if (iequals(k, "BIOS Version")) c.bios = str(v);
    else if ((iequals(k, "Memory Size") || iequals(k, "Memory")) && parse_tool_size(v)) c.cache_bytes = parse_tool_size(v);
    else if (iequals(k, "BBU") && (section_.empty() || section_ == "hw configuration")) {
      set(n, k, c.battery.present, yes_no(v), v);
      // "Absent" settles the battery question; "Present" says nothing of its state.
      if (c.battery.present == false) c.coverage.battery = true;
    }
    else if (defaults && iequals(k, "Write Policy")) policy(n, v, c.default_policy);
    else if (defaults && iequals(k, "Read Policy")) policy(n, v, c.default_policy);
    else if (defaults && iequals(k, "Cached IO")) {
      if (auto b = yes_no(v)) c.default_policy.io = *b ? io_policy::cached : io_policy::direct;
      else warn(n, "cannot read Cached IO '" + std::string(v) + "'");
    } else if (defaults && iequals(k, "Cache When BBU Bad")) {
      if (auto b = yes_no(v)) c.default_policy.no_write_cache_if_bad_battery = !*b;
      else warn(n, "cannot read Cache When BBU Bad '" + std::string(v) + "'");
    }
    return true;
  }

  bool vd_key(std::size_t n, std::string_view k, std::string_view v) {
    auto& d = vd();
    if (iequals(k, "Name")) d.name = str(v);
    else if (iequals(k, "RAID Level")) pending_vds_.push_back({*ctrl_, vd_, n, std::string(v), std::nullopt});
    else if (iequals(k, "Size")) set(n, k, d.size_bytes, parse_tool_size(v), v);
    else if (iequals(k, "State")) {
      set(n, k, d.state, vd_state_of(v), v);
      ctrl().coverage.arrays = true;
    } else if (iequals(k, "Strip Size") || iequals(k, "Stripe Size")) set(n, k, d.strip_bytes, parse_tool_size(v), v);
    else if (iequals(k, "Number Of Drives")) set(n, k, d.drive_count, parse_uint(v), v);
    else if (iequals(k, "Number Of Drives per span")) {
      if (!pending_vds_.empty() && pending_vds_.back().v == vd_) pending_vds_.back().per_span = parse_uint(v);
    } else if (iequals(k, "Span Depth") || iequals(k, "Number of Spans")) set(n, k, d.span_count, parse_uint(v), v);
    else if (iequals(k, "Default Cache Policy")) policy(n, v, d.default_policy);
    else if (iequals(k, "Current Cache Policy")) policy(n, v, d.current_policy);
    else if (iequals(k, "Disk Cache Policy")) set(n, k, d.current_policy.disk_cache, disk_cache_of(v), v);
    else if (auto op = operation_of(k)) {
      // "Ongoing Progresses:" lines: "Rebuild: Completed 46%, Taken 1 min."
      d.operation = op;
      const auto at = v.find("Completed");
      if (at != std::string_view::npos) d.progress_percent = parse_leading_number(v.substr(at + 9));
    } else {
      return false;
    }
    return true;
  }

  bool pd_key(std::size_t n, std::string_view k, std::string_view v) {
    auto& d = pd();
    if (iequals(k, "Slot Number")) set(n, k, d.slot, parse_uint(v), v);
    else if (iequals(k, "Device Id")) set(n, k, d.device_id, parse_uint(v), v);
    else if (iequals(k, "Media Error Count")) set(n, k, d.media_errors, parse_unsigned(v), v);
    else if (iequals(k, "Other Error Count")) set(n, k, d.other_errors, parse_unsigned(v), v);
    else if (iequals(k, "Predictive Failure Count")) set(n, k, d.predictive_failures, parse_unsigned(v), v);
    else if (iequals(k, "PD Type")) set(n, k, d.interface, interface_of(v), v);
    else if (iequals(k, "Raw Size")) set(n, k, d.size_bytes, parse_tool_size(v), v);
    else if (iequals(k, "Firmware state")) {
      set(n, k, d.state, pd_state_of(v), v);
      ctrl().coverage.drives = true;
    }
    else if (iequals(k, "Device Firmware Level")) d.firmware = str(v);
    else if (iequals(k, "Media Type")) set(n, k, d.media, media_of(v), v);
    else if (iequals(k, "Drive Temperature")) set(n, k, d.temperature_celsius, parse_leading_number(v), v);
    else if (iequals(k, "Drive has flagged a S.M.A.R.T alert")) set(n, k, d.smart_alert, yes_no(v), v);
    else return false;
    return true;
  }

  bool bbu_key(std::size_t n, std::string_view k, std::string_view v) {
    auto& b = ctrl().battery;
    ctrl().coverage.battery = true;
    if (iequals(k, "BatteryType")) {
      b.model = str(v);
      // A TMM ("TMM01") names no kind: its "Device Chemistry" line does.
      if (!istarts_with(v, "TMM")) set(n, k, b.kind, battery_kind_of(v), v);
    } else if (iequals(k, "Device Chemistry")) {
      if (!b.kind) set(n, k, b.kind, battery_chemistry_of(v), v);
    }
    else if (iequals(k, "Temperature")) {  // "Temperature: 38 C", or "Temperature : OK" under Firmware Status
      if (!iequals(v, "OK") && !iequals(v, "High")) set(n, k, b.temperature_celsius, parse_leading_number(v), v);
    }
    else if (iequals(k, "Battery State")) {
      set(n, k, b.state, battery_state_of(v), v);
      if (squash(v) == "nonoperational") non_operational_.push_back(*ctrl_);
    } else if (iequals(k, "Pack is about to fail & should be replaced")) {
      if (yes_no(v) == true) b.replacement_required = true;
    }
    else if (iequals(k, "Battery Pack Missing")) {
      const auto missing = yes_no(v);
      if (missing) b.present = !*missing;
      else warn(n, "cannot read Battery Pack Missing '" + std::string(v) + "'");
    } else if (iequals(k, "Battery Replacement required")) set(n, k, b.replacement_required, yes_no(v), v);
    else if (iequals(k, "Learn Cycle Active")) {
      if (yes_no(v) == true) learning_.push_back(*ctrl_);
    }
    else if (iequals(k, "Charging Status")) {
      if (iequals(v, "Charging")) charging_.push_back({*ctrl_, battery_state::charging});
      else if (iequals(v, "Discharging")) charging_.push_back({*ctrl_, battery_state::discharging});
    }
    else if (iequals(k, "Relative State of Charge")) {  // printed twice (status and gas gauge): the first wins
      if (!b.charge_percent) set(n, k, b.charge_percent, parse_leading_number(v), v);
    } else {
      return false;
    }
    return true;
  }

  // -ShowSummary: "Controller", "BBU", "PD" and "Virtual Drives" blocks of "Key : Value" lines.
  void summary_line(const text_line& line, std::string_view t) {
    const auto kv = split_key_value(t);
    if (!kv) {
      static constexpr std::string_view parts[] = {"Controller", "BBU", "PD", "Enclosure", "Virtual Drives",
                                                   "Cachecade Drives", "Cachecade Drive"};
      if (is_listed(t, parts)) summary_part_ = to_lower(t);
      else warn(line.number, not_read(t));
      return;
    }
    if (!summary_key(line.number, kv->key, kv->value) && !megaraid::is_ignored(kv->key, ignored_keys))
      warn(line.number, not_read(t));
  }

  // A -ShowSummary key of the current part; false when it is not one the model holds.
  bool summary_key(std::size_t n, std::string_view k, std::string_view v) {
    auto& c = ctrl();
    if (summary_part_ == "controller") {
      if (iequals(k, "ProductName")) c.model = str(trim(v.substr(0, v.find("(Bus"))));
      else if (iequals(k, "FW Package Version")) c.firmware_package = str(v);
      else return false;
      c.coverage.controller = true;
    } else if (summary_part_ == "bbu") {
      if (iequals(k, "BBU Type")) { c.battery.model = str(v); set(n, k, c.battery.kind, battery_kind_of(v), v); }
      else if (iequals(k, "Status")) set(n, k, c.battery.state, battery_state_of(v), v);
      else return false;
      c.coverage.battery = true;
    } else if (summary_part_ == "pd") {
      if (iequals(k, "Connector")) {
        new_pd();
        pd().location = str(v);
        const auto slot = v.rfind("Slot");
        if (slot != std::string_view::npos) pd().slot = prefixed_number(v.substr(slot), "Slot");
        block_ = block::summary;
        return true;
      }
      if (c.physical_drives.empty()) return false;
      auto& d = pd();
      if (iequals(k, "Vendor Id")) summary_vendor_ = std::string(v);
      else if (iequals(k, "Product Id")) {
        d.model = iequals(summary_vendor_, "ATA") || summary_vendor_.empty() ? std::string(v) : summary_vendor_ + " " + std::string(v);
        summary_vendor_.clear();
      } else if (iequals(k, "State")) {
        set(n, k, d.state, pd_state_of(v), v);
        c.coverage.drives = true;
      } else if (iequals(k, "Disk Type")) {
        const auto comma = v.find(',');
        d.interface = interface_of(v.substr(0, comma));
        if (comma != std::string_view::npos) d.media = media_of(v.substr(comma + 1));
      } else if (iequals(k, "Capacity")) set(n, k, d.size_bytes, parse_tool_size(v), v);
      else return false;
    } else if (summary_part_ == "virtual drives") {
      if (iequals(k, "Virtual drive")) {
        const auto id = prefixed_number(v, "Target Id");
        new_vd(id, id);
        block_ = block::summary;
        const auto name = v.find("VD name");
        if (name != std::string_view::npos) vd().name = str(trim(v.substr(name + 7)));
        return true;
      }
      if (c.virtual_drives.empty()) return false;
      auto& d = vd();
      if (iequals(k, "Size")) set(n, k, d.size_bytes, parse_tool_size(v), v);
      else if (iequals(k, "State")) {
        set(n, k, d.state, vd_state_of(v), v);
        c.coverage.arrays = true;
      } else if (iequals(k, "RAID Level")) set(n, k, d.level, summary_level_of(v), v);
      else return false;
    } else {
      return false;
    }
    return true;
  }

  void finish() {
    for (auto& p : pending_vds_) {
      auto& d = inv_.controllers[p.c].virtual_drives[p.v];
      d.level = raid_level_of(p.level, d.span_count);
      if (!d.level) warn(p.line, "cannot read RAID level '" + p.level + "'");
      if (p.per_span && d.span_count && !d.drive_count) d.drive_count = *p.per_span * *d.span_count;
    }
    for (auto& p : pending_pds_) decode_inquiry(inv_.controllers[p.c].physical_drives[p.p], p.inquiry);
    // A battery that charges or discharges is passing through; during a learn cycle MegaCLI even says
    // "Battery State: Non Operational". The cache is unprotected for now, but the battery has not
    // failed unless it asks to be replaced.
    // Only over what does not itself say failure: "Failed", "Missing" or "Degraded" stay.
    const auto passing = [&](std::size_t c) {
      const battery& b = inv_.controllers[c].battery;
      const bool non_operational = std::find(non_operational_.begin(), non_operational_.end(), c) != non_operational_.end();
      return b.replacement_required != true && (!b.state || b.state == battery_state::optimal || non_operational);
    };
    for (auto [c, state] : charging_)
      if (passing(c)) inv_.controllers[c].battery.state = state;
    for (std::size_t c : learning_)
      if (passing(c)) inv_.controllers[c].battery.state = battery_state::learning;
    for (auto& c : inv_.controllers) {
      battery& b = c.battery;
      // A module that asks to be replaced has failed, whatever its charge says (facts/README.md).
      if (b.replacement_required == true) b.state = battery_state::failed;
      // "Battery Pack Missing : Yes" with no state of its own.
      else if (b.present == false && !b.state && c.coverage.battery) b.state = battery_state::missing;
    }
    for (const auto& m : vd_members_) {
      auto& c = inv_.controllers[m.c];
      if (c.physical_drives[m.p].state == pd_state::rebuilding && !c.virtual_drives[m.v].operation)
        c.virtual_drives[m.v].operation = vd_operation::rebuild;
    }
    for (auto& c : inv_.controllers) merge_repeated_drives(c);
  }

  // -LdPdInfo prints a drive again under every VD it belongs to: one drive per enclosure and slot,
  // the first of each filled from the later ones, in one pass (a dump may list thousands).
  static void merge_repeated_drives(controller& c) {
    std::unordered_map<std::uint64_t, std::size_t> kept_at;  // enclosure << 32 | slot → index in kept
    std::vector<physical_drive> kept;
    kept.reserve(c.physical_drives.size());
    for (auto& d : c.physical_drives) {
      if (d.enclosure && d.slot) {
        const auto [at, first] = kept_at.try_emplace(std::uint64_t{*d.enclosure} << 32 | *d.slot, kept.size());
        if (!first) {
          fill(kept[at->second], d);
          continue;
        }
      }
      kept.push_back(std::move(d));
    }
    for (auto& d : kept)
      if (!d.location && d.enclosure && d.slot) d.location = std::to_string(*d.enclosure) + ":" + std::to_string(*d.slot);
    c.physical_drives = std::move(kept);
  }

  inventory inv_;
  std::vector<text_line> lines_;
  std::size_t i_ = 0;
  std::optional<std::size_t> ctrl_;
  std::size_t vd_ = 0, pd_ = 0;
  block block_ = block::none;
  std::string section_, summary_part_, summary_vendor_;
  bool summary_ = false, found_ = false;
  std::vector<pending_vd> pending_vds_;
  std::vector<pending_pd> pending_pds_;
  std::vector<std::size_t> learning_;  // controllers whose BBU reports "Learn Cycle Active: Yes"
  std::vector<std::size_t> non_operational_;  // controllers whose "Battery State" says "Non Operational"
  std::vector<std::pair<std::size_t, battery_state>> charging_;  // "Charging Status: Charging" per controller
  struct member { std::size_t c, p, v; };
  std::vector<member> vd_members_;  // -LdPdInfo: drives listed under a VD
  bool vd_member_next_ = false;     // "PD: 0 Information" seen: the next drive belongs to vd_
  bool bbu_absent_answer_ = false;  // "Get BBU Status Failed" read: its exit code is no surprise
};

}  // namespace detail::megacli_detail

RAIDBENCH_API bool detect_tool_text(megacli, std::string_view text) noexcept {
  using detail::icontains;
  return icontains(text, "Adapter #") || icontains(text, "Virtual Drive Information:") ||
         icontains(text, ": Get BBU Status Failed.") ||
         icontains(text, "Progress on Device at Enclosure") ||
         icontains(text, "BBU status for Adapter") || icontains(text, "Number of enclosures on adapter") ||
         (icontains(text, "Adapter ") && icontains(text, "(target id:")) ||
         icontains(text, "Number of DISK GROUPS:") || icontains(text, "PCI information for Controller") ||
         (icontains(text, "ProductName") && icontains(text, "FW Package Version"));
}

RAIDBENCH_API expected<inventory> parse_tool_text(megacli, std::string_view text) {
  detail::megacli_detail::reader r;
  inventory inv = r.run(text);
  if (!r.found_anything()) return fail("megacli: no adapter, virtual drive, physical drive or BBU section found");
  return inv;
}

}  // namespace raidbench
