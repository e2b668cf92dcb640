#pragma once
// The arcconf parser's definitions (see core/linkage.hpp): included by arcconf.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/detail/coverage.hpp"
#include "raidbench/controller/arcconf.hpp"
#include "raidbench/controller/line_reader.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::arcconf_text {
enum class part { top, controller, logical, physical, array, other };


// arcconf aligns "Key   : value"; split at " : " first, as keys may hold a colon ("Device(T:L)").
inline std::optional<key_value> split(std::string_view line) {
  const auto at = line.find(" : ");
  if (at != std::string_view::npos) {
    key_value kv{trim(line.substr(0, at)), trim(line.substr(at + 3))};
    if (!kv.key.empty()) return kv;
  }
  return split_key_value(line);
}

// "Logical Device number 3", "Array Number 0", "Device #8" → the number, when `s` is such a header.
inline std::optional<unsigned> header_number(std::string_view s, std::string_view prefix) {
  if (!istarts_with(s, prefix)) return std::nullopt;
  return parse_uint(s.substr(prefix.size()));
}

// "RAID level" values: "1E", "10 (Triple)", "1Triple"…
inline constexpr spelling<raid_level> levels[] = {{"0", raid_level::raid0}, {"1", raid_level::raid1},
    {"1E", raid_level::raid1e}, {"5", raid_level::raid5}, {"6", raid_level::raid6}, {"10", raid_level::raid10},
    {"50", raid_level::raid50}, {"60", raid_level::raid60}, {"1 (Triple)", raid_level::raid1_triple},
    {"1Triple", raid_level::raid1_triple}, {"10 (Triple)", raid_level::raid10_triple}, {"10Triple", raid_level::raid10_triple}};

inline std::optional<raid_level> parse_level(std::string_view s) { return look_up(s, levels); }

// A logical device's status: its health, the work running on it, or both: "Optimal", "Degraded",
// "Rebuilding" (a rebuild on a device that has lost redundancy until it ends), "Suboptimal, Fault
// Tolerant", "Impacted ( Build/Verify with fix : 0 % )". False for words it does not know.
inline bool read_ld_status(std::string_view s, virtual_drive& vd) {
  const std::string_view head = trim(s.substr(0, s.find_first_of("(,")));
  if (iequals(head, "Optimal") || iequals(head, "Okay")) vd.state = vd_state::optimal;
  else if (iequals(head, "Impacted")) vd.state = vd_state::impacted;
  else if (iequals(head, "Degraded") || iequals(head, "Critical") || iequals(head, "Interim Recovery")) vd.state = vd_state::degraded;
  else if (iequals(head, "Suboptimal")) vd.state = vd_state::partially_degraded;
  else if (iequals(head, "Offline")) vd.state = vd_state::offline;
  else if (iequals(head, "Failed")) vd.state = vd_state::failed;
  if (icontains(s, "rebuild")) {
    vd.operation = vd_operation::rebuild;
    if (!vd.state || vd.state == vd_state::optimal) vd.state = vd_state::degraded;
  } else if (icontains(s, "reconfigur") || icontains(s, "expanding") || icontains(s, "migrat")) {
    vd.operation = vd_operation::reshape;
  } else if (icontains(s, "verify")) {
    vd.operation = icontains(s, "build") ? vd_operation::initialize : vd_operation::verify;
  } else if (icontains(s, "build") || icontains(s, "initializ")) {
    vd.operation = vd_operation::initialize;
  }
  if (!vd.state && !vd.operation) return false;
  // "( Build/Verify with fix : 0 % )": the progress of the operation.
  if (const auto pct = s.find('%'); vd.operation && pct != std::string_view::npos) {
    std::size_t start = pct;
    while (start > 0 && s[start - 1] == ' ') --start;
    std::size_t digits = start;
    while (digits > 0 && (is_digit(s[digits - 1]) || s[digits - 1] == '.')) --digits;
    if (digits < start) vd.progress_percent = parse_leading_number(s.substr(digits, start - digits));
  }
  return true;
}

inline std::optional<pd_state> parse_pd_state(std::string_view s) {
  if (iequals(s, "Online") || istarts_with(s, "Online ")) return pd_state::online;
  if (iequals(s, "Ready") || iequals(s, "Unassigned")) return pd_state::unconfigured_good;
  if (istarts_with(s, "Raw")) return pd_state::jbod;
  if (icontains(s, "hot spare") || icontains(s, "hot-spare")) return pd_state::hot_spare;
  if (icontains(s, "rebuild")) return pd_state::rebuilding;
  if (iequals(s, "Failed") || iequals(s, "Defunct")) return pd_state::failed;
  if (iequals(s, "Offline")) return pd_state::offline;
  if (iequals(s, "Missing")) return pd_state::missing;
  return std::nullopt;
}

// "Enabled (write-back)", "Disabled (write-through)"; "Not supported"/"Unknown" stay absent.
// "Enabled (write-back)", "Disabled (write-through)", and the newer "On", "Off",
// "On when protected by battery/ZMM".
inline std::optional<write_policy> parse_write(std::string_view s) {
  if (icontains(s, "write-back")) return write_policy::write_back;
  if (icontains(s, "write-through")) return write_policy::write_through;
  if (iequals(s, "On") || istarts_with(s, "On ") || iequals(s, "Enabled")) return write_policy::write_back;
  if (iequals(s, "Off") || istarts_with(s, "Off ") || iequals(s, "Disabled")) return write_policy::write_through;
  return std::nullopt;
}

// Blocks of the controller part (a line of their own above "key : value" lines).
inline constexpr std::string_view controller_blocks[] = {
    "Controller Version Information", "Controller Battery Information", "RAID Properties", "Cache Properties",
    "Temperature Sensors Information", "Power Settings", "Controller Vital Product Data",
    "Physical Drive Write Cache Policy Information", "PBSI", "Out Of Band Interface Settings", "MCTP",
    "Controller Cache Backup Unit Information", "maxCache Properties", "SED Encryption Properties",
    "I2C Settings", "Green Backup Information", "Controller maxCrypto Information",
    "Controller SPDM Setting Information", "Controller BIOS Setting Information", "Capabilities",
    "Supercap Information", "Controller ZMM Information", "Controller Information", "Controller Status",
    "Device Phy Information"};

// Keys arcconf prints that the model has no field for (or that a block other than the one that
// models them repeats), read past on purpose; collected from real outputs.
inline constexpr text::line_list ignored_keys{R"(
56 Day Warning Present
Aborted Command Count
Aborted Commands
Active PCIe Maximum Read Request Size
Additional details
Allow New Plaintext Logical device(s)
Array
Array BBS Support
Array Utilization
Attached PHY Identifier
Attached SAS Address
Attempts Left
Authority Key ID
Automatic Failover
BIOS Halt on Missing Drive Count
Background consistency check
Background consistency check period
Backplane
Backplane ID
Backplane Mode
Bad Target Errors
Battery FRU#
Block Size
Block Size of member drives
Boot Controller
Boot Flash
Boot Type
Bootable
CPLD (Load version/ Flash version)
CPLD Revision
Cache Serial Number
Cache State
Cache State Details
Cache Status
Challenge
Channel ID
Channel description
Configured Drives
Connection Number
Connector Location
Connector Name
Consistency Check Delay
Consistency Check Inconsistency Notify
Consistency Check Status
Controller Alarm
Controller Cache Preservation
Controller FRU#
Controller Locked
Controller Mode
Controller Password
Controller Password Unlock Attempts Remaining
Controller World Wide Name
Copyback
Countdown Timer
Crypto Account Password Unlock Attempts Remaining
Crypto Officer Password
Crypto Timeout Exponent
Current
Current Discovery Protocol
Current Power Mode
Current Value
Cylinders
Data scrubbing
Defunct disk drive count
Defunct segments
Defunct stripes
Degraded Mode Performance Optimization
Device Code
Device ID
Device Type
Digests And Certificate
Drive Configuration Type
Drive Exposed to OS
Drive Part Number
Drive SKU Number
Drive Unique ID
Drive has stale RIS data
Drive(s) (Channel,Device)
Driver
Driver Name
Driver Supports SSD I/O Bypass
EC Version#
Ecc Recovered Read Errors
Elevator Sort
Enclosure ID
Enclosure Logical Identifier
Endpoint ID
Error Tunable Profile
Estimated Life Remaining
Expand Priority
Expander ID
Expander Minimum Scan Duration
Expander SAS Address
Expander Scan Time-out
Express Local maxCrypto
External Port Count
FCT Custom Init String Version
FRU
FW Locked for Update
Failed Read Recovers
Failed Write Recovers
Failed stripes
Fan 1 status
Fan 2 status
Fan 3 status
Format Errors
Full Stripe Size
Functional Mode
Global Max SAS Phy Link Rate
Global Physical Device Write Cache Policy
Global task priority
HBA Drives
Hard Read Errors
Hard Write Errors
Hardware Error
Hardware Error Count
Hardware Errors
Hardware Minor Revision
Hardware Revision
Has Suspended Controller Password
Heads
Health Status
Host bus link width
Host bus speed
Host bus type
Hot Plug Count
I2C Address
I2C Clock Speed
I2C Clock Stretching
Inconsistency Repair Policy
Interface
Interface Type
Internal Port Count
Key Management Mode
Key Mode
LD Acceleration Method
Last Consistency Check Completion Time
Last Consistency Check Duration
Last Failure Reason
Latency
License Installed
Link Failure Count
Local Key Cache
Location
Logical Drive(s) Locked For Missing Controller Password
Logical ID
Logical devices/Failed/Degraded
Logical drives/Offline/Critical
Manufacturing Model
Manufacturing Part Number
Manufacturing SKU Number
Manufacturing Spare Part Number
Manufacturing Wellness Log
Master Key
Master Key Identifier
Master Key Reset in Progress
Max Value Since Powered On
MaxCache Assigned
MaxCache Capable
MaxCache Dirty Page Threshold
MaxCache Read Cache Pool Size
MaxCache Read, Write Balance Factor
MaxCache flush and fetch rate
MaxCache read cache setting
MaxCache read cache status
MaxCache write cache setting
MaxCache write cache status
MaxIQ cache setting
MaxIQ preferred cache setting
Maximum Link Rate
Maximum SSDs allowed in MaxCache pool
Maximum Temperature
Maximum Voltage
Measurements With Signature
Monitor Log Severity Level
Monitor and Performance Delay
Mount Point(s)
Mount Points
NCQ status
NCQ supported
NVMe Configuration Supported
NVMe Supported
NVRAM Checksum Status
Name
Negotiated Logical Link Rate
Negotiated PCIe Data Rate
Negotiated Physical Link Rate
Non-Volatile Storage Status
Not Ready Errors
Number of Ports
Number of maxCrypto Data Logical devices
Number of maxCrypto Foreign Logical devices without key
Number of maxCrypto Logical devices with maxCrypto off
Number of maxCrypto Physical devices
OOB Interface
Other Time Out Errors
Over temperature
PCI Device ID
PCI Vendor ID
PCIe Maximum Payload Size
PHY Count
PHY Identifier
Parallel Consistency Check Count
Parallel Consistency Check Supported
Parity Error Count
Parity space
Partitioned
Password Recovery Parameters Set
Pending Discovery Protocol
Pending I2C Address
Pending I2C Clock Speed
Pending I2C Clock Stretching
Pending OOB Interface
Pending PCIe Maximum Read Request Size
Pending Power Mode
Pending SMBus Channel
Pending SMBus Device Type
Pending Static EIDs Use On Initialization
Pending VDM Notification
Performance Mode
Persistent Event Log Policy
Physical Block Size
Physical Drives Displayed during POST
Post Prompt Timeout
Power Consumption
Power State
Power settings
Power supply 1 status
Power supply 2 status
Primary Boot Volume
Programmed Max Speed
Protected by Hot-Spare
Queue Depth
Read Cache Percentage
Read-cache mode
Read-cache setting
Read-cache status
Reboot Required Reasons
Rebuild Priority
Remote Mode Master Key Mismatch
Reported ESD
Reported ESD(T:L)
Reserved Size
Retry Recovered Read Errors
Retry Recovered Write Errors
Rotational Speed
Runtime BIOS
S.M.A.R.T.
SAS Address
SED Controller Password Status
SED Encryption
SED Encryption Status
SED Operation In Progress
SEEPROM (Load version/ Flash version)
SEEPROM Version
SEP device ID
SMART Warning Count
SMBus Channel
SMBus Device Type
SSD I/O Bypass
SSD I/O Bypass Mixing
SSD Smart Trip Wearout
SSDs assigned to MaxCache pool
Sanitize Erase Support
Sanitize Lock Anti-Freeze Support
Sanitize Lock Freeze Support
Sanitize Lock Setting
Save Custom Defaults Setting
Scsi Bus Faults
Secondary Boot Volume
Sectors Per Track
Sectors Reads
Sectors Written
Segment
Sensor ID
Service Hours
Skip Controller Password
Smart Poll
Spare Activation Mode
Spare Rebuild Mode
Speaker status
Spinup limit external drives
Spinup limit internal drives
Static EIDs Use On Initialization
Statistics data collection mode
Status
Stayawake period
Stripe order (Channel,Device)
Subsystem Device ID
Subsystem Vendor ID
Supported
Supported Power States
Survival Mode
Temperature
Temperature Sensor Status 1
Temperature status
Threshold Temperature
Time remaining (at current draw)
Total Size
Transformation Status
Type
UBM Controller ID
UEFI Health Reporting Mode
Unconfigured Drives
Unique Identifier
Unused Size
Usage Remaining
Used Size
User Account Password Unlock Attempts Remaining
User Password
VDM Notification
VPD Assigned#
Vendor
Vendor ID
Verify Write Setting
Version
Voltage
Volume Unique Identifier
Wait for Cache Room
World-wide name
Write Cache Bypass Threshold Size
Write Cache Percentage
maxCache Mixing
maxCache RAID5 WriteBack Enabled
maxCache Version
maxCrypto Status
maxCrypto Supported
)"};

// Lines without a "key : value" shape: headings of blocks the model has no place for, and notes.
inline constexpr std::string_view ignored_lines[] = {
    "Device Phy Information", "Device Error Counters", "Runtime Error Counters",
    "Logical device segment information", "Array Physical Device Information",
    "Array Logical Device Information", "Lane SAS Phy Information", "Lane Information",
    "Status of Enclosure Services Device", "Status of Enclosure", "Consistency Check Information",
    "No logical devices configured", "maxCache information", "No maxCache Array found",
    "No Phy information available", "No arrays configured", "No physical devices attached"};

// "Connector #0", "Lane #2", "Channel #0", "Phy #1", "Slot 3": a numbered heading or row label.
inline bool is_numbered_heading(std::string_view s) {
  for (std::string_view prefix : {"Connector #", "Lane #", "Channel #", "Phy #"})
    if (istarts_with(s, prefix) && parse_uint(s.substr(prefix.size()))) return true;
  return false;
}

// "0,6 0,7": the rest of a "Stripe order (Channel,Device)" list that ran onto the next line.
inline bool is_channel_device_list(std::string_view s) {
  const auto fields = split_fields(s);
  return !fields.empty() && std::all_of(fields.begin(), fields.end(), [](std::string_view f) {
    const auto comma = f.find(',');
    return comma != std::string_view::npos && parse_uint(f.substr(0, comma)) && parse_uint(f.substr(comma + 1));
  });
}

class reader : public line_reader<reader> {
  friend line_reader<reader>;

  void finish() {
    finish_logical();
    finish_array();
  }

  void read_line(std::string_view s) {
    if (s.find_first_not_of('-') == std::string_view::npos) return;  // a rule under a heading
    if (istarts_with(s, "Controllers found:")) {
      recognised_ = true;
      finish_logical();
      finish_array();
      ctrl_ = false;  // each GETCONFIG dump is about one controller
      unreachable_ = false;
      part_ = part::top;
      return;
    }
    if (iequals(s, "Command completed successfully.")) return;
    if (major_header(s)) return;
    // An empty list says there is nothing only when arcconf could read the controller.
    if (iequals(s, "No logical devices configured") && part_ == part::logical && !unreachable_) ensure_controller().coverage.arrays = true;
    if (iequals(s, "No physical devices attached") && part_ == part::physical && !unreachable_) ensure_controller().coverage.drives = true;
    const auto kv = split(s);
    bool read = false;
    switch (part_) {
      case part::top:  // above the first section only "Controllers found" and arcconf's messages
        warn(kv ? not_read(s) : "arcconf: " + std::string(s));
        return;
      case part::controller:
        if (kv) {
          read = controller_key(kv->key, kv->value);
        } else {
          block_ = to_lower(s);
          read = is_listed(s, controller_blocks);
          if (!read) return warn("unknown controller section '" + std::string(s) + "': its keys are not read");
        }
        break;
      case part::logical: read = logical_line(s, kv); break;
      case part::physical: read = physical_line(s, kv); break;
      case part::array: read = array_line(s, kv); break;
      case part::other: break;
    }
    const bool known = kv ? is_listed(kv->key, ignored_keys) || istarts_with(kv->key, "Slot ") || is_numbered_heading(kv->key)
                          : is_listed(s, ignored_lines) || is_numbered_heading(s) || is_channel_device_list(s);
    if (!read && !known) {
      warn(not_read(s));
      // An unknown heading ends the logical device or drive above it: its keys are not theirs.
      if (!kv && part_ == part::logical) finish_logical();
      if (!kv && part_ == part::physical) pd_ = std::nullopt;
    }
  }

  bool major_header(std::string_view s) {
    part next;
    if (iequals(s, "Controller information")) next = part::controller;
    else if (iequals(s, "Logical drive information") || iequals(s, "Logical device information")) next = part::logical;
    else if (iequals(s, "Physical Device information")) next = part::physical;
    else if (iequals(s, "Array Information")) next = part::array;
    else if (iequals(s, "Connector information") || iequals(s, "Enclosure information")) next = part::other;
    else return false;
    recognised_ = true;
    finish_logical();
    finish_array();
    ensure_controller();
    part_ = next;
    block_.clear();
    pd_ = std::nullopt;
    return true;
  }

  controller& ensure_controller() {
    if (!ctrl_) {
      inv_.controllers.emplace_back();
      ctrl_ = true;
    }
    return inv_.controllers.back();
  }

  bool controller_key(std::string_view key, std::string_view value) {
    controller& c = inv_.controllers.back();
    const bool battery_block = block_ == "controller battery information";
    const bool backup_block = block_ == "controller cache backup unit information";
    const bool supercap_block = block_ == "supercap information";
    if (block_ == "green backup information") return green_backup_key(c.battery, key, value);
    if (block_ == "controller zmm information") return zmm_key(c.battery, key, value);
    if (battery_block || backup_block || supercap_block) return battery_key(c.battery, key, value, battery_block);
    static constexpr text_field<controller> text_fields[] = {
        {"Controller Model", &controller::model}, {"Controller Serial Number", &controller::serial},
        {"Physical Slot", &controller::slot}};
    if (read_text_field(c, text_fields, key, value)) return true;
    if (iequals(key, "Controller Status")) {
      // "Inaccessible" (an arcconf too old for the card): nothing below is the controller's. The
      // model has no field for the controller's own health, so it is a warning.
      unreachable_ = !iequals(value, "Optimal") && !iequals(value, "Okay");
      if (unreachable_) warn("controller status '" + std::string(value) + "': arcconf could not read the controller, its lists are not judged");
    } else if (istarts_with(key, "PCI Address")) {
      keep_or_warn(c.pci_address, parse_pci_address(value), "unreadable PCI address", value);
    } else if (iequals(key, "Installed memory") || iequals(key, "Cache memory")) {
      keep_or_warn(c.cache_bytes, parse_tool_size(value), "unreadable cache size", value);
    } else if (iequals(key, "Firmware") && block_ == "controller version information") {
      if (!value.empty()) c.firmware = std::string(value);
    } else if (iequals(key, "BIOS") && block_ == "controller version information") {
      if (!value.empty()) c.bios = std::string(value);
    } else if (iequals(key, "Logical devices/Failed/Degraded") || iequals(key, "Logical drives/Offline/Critical")) {
      // The controller's own tally "3/0/1": arrays, then unavailable ones, then ones without redundancy.
      const auto parts = split_at(value, '/');
      const auto n = [&](std::size_t i) { return parts.size() == 3 ? parse_uint(trim(parts[i])) : std::nullopt; };
      if (!n(0) || !n(1) || !n(2)) warn("unreadable logical device counts '" + std::string(value) + "'");
      c.counts.virtual_drives = n(0);
      c.counts.offline_virtual_drives = n(1);
      c.counts.degraded_virtual_drives = n(2);
    } else if (iequals(key, "Defunct disk drive count")) {
      keep_or_warn(c.counts.failed_disks, parse_uint(value), "unreadable defunct disk count", value);
    } else if (iequals(key, "No-Battery Write Cache")) {
      // "Disabled" means the controller stops write caching without a charged battery.
      if (iequals(value, "Disabled")) c.default_policy.no_write_cache_if_bad_battery = true;
      else if (iequals(value, "Enabled")) c.default_policy.no_write_cache_if_bad_battery = false;
    } else {
      return false;
    }
    return true;
  }

  // SmartRAID/SmartHBA firmware: "Green Backup Information" (a supercap or battery pack).
  bool green_backup_key(battery& b, std::string_view key, std::string_view value) {
    if (iequals(key, "Power Type")) {
      if (icontains(value, "supercap") || icontains(value, "capacitor")) b.kind = battery_kind::supercap;
      else if (icontains(value, "battery")) b.kind = battery_kind::bbu;
      else warn("unknown backup power type '" + std::string(value) + "'");
    } else if (iequals(key, "Battery/Capacitor Pack Count")) {
      if (auto n = parse_uint(value)) b.present = *n > 0;
    } else if (iequals(key, "Backup Power Status")) {
      if (iequals(value, "Fully Charged") || iequals(value, "Ready") || iequals(value, "Optimal")) b.state = battery_state::optimal;
      else if (icontains(value, "charg")) b.state = battery_state::charging;
      else if (icontains(value, "fail") || icontains(value, "error")) b.state = battery_state::failed;
      else if (icontains(value, "not present") || icontains(value, "not installed")) b.present = false;
      else warn("unknown backup power status '" + std::string(value) + "'");
    } else if (iequals(key, "Relative Charge")) {
      if (auto pct = parse_leading_number(value)) b.charge_percent = pct;
    } else if (iequals(key, "Current Temperature")) {
      if (auto t = parse_leading_number(value)) b.temperature_celsius = t;
    } else {
      return false;
    }
    return true;
  }

  // Series 5/6 "Controller ZMM Information": "Status : ZMM Optimal", "ZMM not installed". The
  // zero-maintenance module keeps the cache in flash on a supercapacitor's charge.
  bool zmm_key(battery& b, std::string_view key, std::string_view value) {
    if (!iequals(key, "Status")) return false;
    if (istarts_with(value, "ZMM ")) value = trim(value.substr(4));
    battery_key(b, key, value, false);
    if (b.present == true) b.kind = battery_kind::supercap;
    return true;
  }

  bool battery_key(battery& b, std::string_view key, std::string_view value, bool battery_block) {
    if (iequals(key, "Status") || iequals(key, "Overall Backup Unit Status")) {
      if (iequals(value, "Not Installed") || iequals(value, "Not Present")) {
        b.present = false;
        return true;
      }
      if (iequals(value, "Okay") || iequals(value, "Optimal") || iequals(value, "Ready")) b.state = battery_state::optimal;
      else if (icontains(value, "charging")) b.state = battery_state::charging;
      else if (icontains(value, "fail") || iequals(value, "Not Okay")) b.state = battery_state::failed;
      else if (iequals(value, "Not Ready")) b.state = battery_state::degraded;  // not protecting yet; the module's own status may say why
      else {
        warn("unknown battery status '" + std::string(value) + "'");
        return true;
      }
      b.present = true;
      if (battery_block) b.kind = battery_kind::bbu;
    } else if (iequals(key, "Backup Unit Type")) {
      if (!value.empty()) b.model = std::string(value);
    } else if (iequals(key, "Supercap Status")) {
      if (iequals(value, "Not Present") || iequals(value, "Not Installed")) return true;
      b.kind = battery_kind::supercap;
      b.present = true;
      if (iequals(value, "Fatal") || icontains(value, "fail")) b.state = battery_state::failed;
      else if (icontains(value, "charging")) b.state = battery_state::charging;
    } else if (iequals(key, "Capacity remaining") || iequals(key, "Charge Level")) {
      keep_or_warn(b.charge_percent, parse_leading_number(value), "unreadable battery charge", value);
    } else if (iequals(key, "Current Temperature")) {
      if (auto t = parse_leading_number(value)) b.temperature_celsius = t;
    } else {
      return false;
    }
    return true;
  }

  virtual_drive& find_logical(unsigned id) {
    controller& c = ensure_controller();
    for (auto& vd : c.virtual_drives)
      if (vd.id == id) return vd;
    auto& vd = c.virtual_drives.emplace_back();
    vd.id = id;
    vd.kind = vd_kind::volume;
    return vd;
  }

  // A member row of a logical device or array: "Device 8 : Present (...)", "Group 0, Segment 1 : ...".
  static bool is_member(std::string_view key) {
    if (auto n = header_number(key, "Device "); n) return true;
    if (auto n = header_number(key, "Segment "); n) return true;
    return istarts_with(key, "Group ") && icontains(key, "Segment");
  }

  bool logical_line(std::string_view s, const std::optional<key_value>& kv) {
    const auto number = header_number(s, "Logical drive number ") ? header_number(s, "Logical drive number ")
                                                                   : header_number(s, "Logical device number ");
    if (number) {
      finish_logical();
      vd_ = number;
      find_logical(*number);
      return true;
    }
    if (!kv || !vd_) return false;
    virtual_drive& vd = find_logical(*vd_);
    const auto key = kv->key;
    const auto value = kv->value;
    static constexpr text_field<virtual_drive> text_fields[] = {
        {"Logical drive name", &virtual_drive::name}, {"Logical device name", &virtual_drive::name},
        {"Disk Name", &virtual_drive::os_device}};
    if (read_text_field(vd, text_fields, key, value)) return true;
    if (iequals(key, "RAID level")) {
      // A "Simple_volume" is one drive exposed as a volume: no RAID level, and not a pass-through drive.
      if (auto level = parse_level(value)) vd.level = level;
      else if (!iequals(value, "Simple_volume")) warn("unknown RAID level '" + std::string(value) + "'");
    } else if (iequals(key, "Status of logical drive") || iequals(key, "Status of logical device")) {
      // Read into a fresh record: the array part may have set a state already, and an unknown word
      // must still be reported.
      if (virtual_drive status; read_ld_status(value, status)) {
        if (status.state) vd.state = status.state;
        if (status.operation) vd.operation = status.operation;
        if (status.progress_percent) vd.progress_percent = status.progress_percent;
      } else {
        warn("unknown logical device status '" + std::string(value) + "'");
      }
    } else if (iequals(key, "Size")) {
      keep_or_warn(vd.size_bytes, parse_tool_size(value), "unreadable logical device size", value);
    } else if (iequals(key, "Stripe-unit size")) {
      keep_or_warn(vd.strip_bytes, parse_tool_size(value), "unreadable stripe-unit size", value);
    } else if (iequals(key, "Write-cache mode") || iequals(key, "Write-cache status")) {
      if (auto w = parse_write(value)) vd.current_policy.write = w;
      else if (!iequals(value, "Not supported")) warn("unknown write-cache status '" + std::string(value) + "'");
    } else if (iequals(key, "Write-cache setting")) {
      if (auto w = parse_write(value)) vd.default_policy.write = w;
      else if (!iequals(value, "Not supported")) warn("unknown write-cache setting '" + std::string(value) + "'");
      if (icontains(value, "when protected by battery")) vd.default_policy.no_write_cache_if_bad_battery = true;
    } else if (iequals(key, "Caching")) {
      // SmartRAID: a logical device with caching disabled bypasses the controller cache.
      if (iequals(value, "Disabled")) vd.default_policy.write = vd.current_policy.write = write_policy::write_through;
    } else if (iequals(key, "Number of segments") || iequals(key, "Number of chunks")) {
      keep_or_warn(vd.drive_count, parse_uint(value), "unreadable member count", value);
    } else if (is_member(key)) {
      ++ld_members_;
      if (istarts_with(key, "Group ")) groups_.insert(std::string(key.substr(0, key.find(','))));
    } else {
      return false;
    }
    return true;
  }

  void finish_logical() {
    if (vd_) {
      virtual_drive& vd = find_logical(*vd_);
      if (!vd.drive_count && ld_members_ > 0) vd.drive_count = ld_members_;
      if (!groups_.empty()) vd.span_count = static_cast<unsigned>(groups_.size());
    }
    vd_ = std::nullopt;
    ld_members_ = 0;
    groups_.clear();
  }

  // "Logical 0 : Optimal (1, Data, 11364320 MB) RAID1"
  void array_logical(unsigned id, std::string_view value) {
    virtual_drive& vd = find_logical(id);
    array_vds_.push_back(id);
    const auto open = value.find('('), close = value.find(')');
    const std::string_view state = trim(value.substr(0, open));
    if (virtual_drive status; read_ld_status(state, status)) {
      if (!vd.state) vd.state = status.state;
      if (!vd.operation) vd.operation = status.operation;
    } else {
      warn("unknown logical device status '" + std::string(state) + "'");
    }
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) return;
    const auto fields = split_fields(value.substr(open + 1, close - open - 1));
    if (!fields.empty()) {
      std::string_view level = fields[0];
      if (level.ends_with(',')) level.remove_suffix(1);
      if (auto l = parse_level(level); l && !vd.level) vd.level = l;
    }
    const std::string_view inner = value.substr(open + 1, close - open - 1);
    if (auto size = parse_tool_size(inner.substr(inner.rfind(',') + 1)); size && !vd.size_bytes) vd.size_bytes = size;
    const std::string_view name = trim(value.substr(close + 1));
    if (!name.empty() && !vd.name) vd.name = std::string(name);
  }

  bool array_line(std::string_view s, const std::optional<key_value>& kv) {
    if (header_number(s, "Array Number ")) {
      finish_array();
      return true;
    }
    if (!kv) return false;
    if (auto id = header_number(kv->key, "Logical ")) {
      array_logical(*id, kv->value);
      return true;
    }
    if (!is_member(kv->key)) return false;
    ++array_members_;
    return true;
  }

  void finish_array() {
    if (part_ != part::array) return;
    for (unsigned id : array_vds_) {
      virtual_drive& vd = find_logical(id);
      if (!vd.drive_count && array_members_ > 0) vd.drive_count = array_members_;
    }
    array_vds_.clear();
    array_members_ = 0;
  }

  bool physical_line(std::string_view s, const std::optional<key_value>& kv) {
    if (auto n = header_number(s, "Device #")) {
      device_ = n;
      pd_ = std::nullopt;
      return true;
    }
    if (istarts_with(s, "Device is ")) {
      pd_ = std::nullopt;
      if (icontains(s, "hard drive") || icontains(s, "solid state")) {
        auto& pds = inv_.controllers.back().physical_drives;
        pds.emplace_back().device_id = device_;
        pd_ = pds.size() - 1;
      }
      return true;
    }
    if (!kv) return header_number(s, "Phy #").has_value();
    // A device the model does not hold (an enclosure) still has only keys a drive may have.
    physical_drive scratch;
    return physical_key(pd_ ? inv_.controllers.back().physical_drives[*pd_] : scratch, kv->key, kv->value);
  }

  bool physical_key(physical_drive& pd, std::string_view key, std::string_view value) {
    // "Disk Name": a raw or pass-through drive the OS sees itself.
    static constexpr text_field<physical_drive> text_fields[] = {
        {"Disk Name", &physical_drive::os_device}, {"Model", &physical_drive::model},
        {"Firmware", &physical_drive::firmware}, {"Serial number", &physical_drive::serial}};
    if (read_text_field(pd, text_fields, key, value)) return true;
    if (iequals(key, "State")) {
      keep_or_warn(pd.state, parse_pd_state(value), "unknown device state", value);
    } else if (iequals(key, "Transfer Speed")) {
      if (istarts_with(value, "SATA")) pd.interface = drive_interface::sata;
      else if (istarts_with(value, "SAS")) pd.interface = drive_interface::sas;
      else if (istarts_with(value, "NVMe") || istarts_with(value, "PCIe")) pd.interface = drive_interface::nvme;
    } else if (istarts_with(key, "Reported Channel,Device")) {
      const std::string_view where = trim(value.substr(0, value.find('(')));
      if (!where.empty()) pd.location = std::string(where);
    } else if (iequals(key, "Reported Enclosure,Slot")) {
      const auto comma = value.find(',');
      if (comma == std::string_view::npos) return true;
      pd.enclosure = parse_uint(value.substr(0, comma));
      pd.slot = parse_uint(value.substr(comma + 1));
    } else if (iequals(key, "Reported Location")) {
      if (auto e = number_after(value, "Enclosure ")) pd.enclosure = e;
      if (auto slot = number_after(value, "Slot ")) pd.slot = slot;
    } else if (iequals(key, "Size") || iequals(key, "Total Size")) {
      keep_or_warn(pd.size_bytes, parse_tool_size(value), "unreadable device size", value);
    } else if (iequals(key, "SSD")) {
      if (iequals(value, "Yes")) pd.media = media_type::ssd;
      else if (iequals(value, "No")) pd.media = media_type::hdd;
    } else if (iequals(key, "Write Cache")) {
      if (auto w = parse_write(value)) pd.write_cache = *w == write_policy::write_back;
    } else if (iequals(key, "PFA") || iequals(key, "S.M.A.R.T. warnings")) {
      const bool alert = iequals(value, "Yes") || parse_unsigned(value).value_or(0) > 0;
      if (alert || iequals(value, "No") || parse_unsigned(value)) pd.smart_alert = pd.smart_alert.value_or(false) || alert;
    } else if (iequals(key, "Current Temperature") || iequals(key, "Temperature")) {
      if (auto t = parse_leading_number(value)) pd.temperature_celsius = t;
    } else if (iequals(key, "Media Failures") || iequals(key, "Medium Error Count")) {
      pd.media_errors = parse_unsigned(value);
    } else if (iequals(key, "SSD Smart Trip Wearout")) {
      if (iequals(value, "True")) pd.smart_alert = true;
      else if (iequals(value, "False") && !pd.smart_alert) pd.smart_alert = false;
    } else if (iequals(key, "Predictive Failures")) {
      pd.predictive_failures = parse_unsigned(value);
    } else {
      return false;
    }
    return true;
  }

  bool ctrl_ = false;  // inv_.controllers.back() belongs to the current GETCONFIG dump
  bool unreachable_ = false;  // its "Controller Status" says arcconf could not read it
  part part_ = part::top;
  std::string block_;                 // sub-heading inside "Controller information", lower case
  std::optional<unsigned> vd_;        // logical device being read
  std::optional<unsigned> device_;    // "Device #N" being read
  std::optional<std::size_t> pd_;     // its index when it is a drive
  unsigned ld_members_ = 0;           // member rows of the current logical device
  unsigned array_members_ = 0;        // member rows of the current array
  std::set<std::string> groups_;      // "Group N" of the current logical device
  std::vector<unsigned> array_vds_;   // logical devices of the current array
};

}  // namespace detail::arcconf_text

RAIDBENCH_API bool detect_tool_text(arcconf, std::string_view text) noexcept {
  bool heading = false, completed = false;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view s = detail::trim(text.substr(0, end));
    if (detail::istarts_with(s, "Controllers found:")) return true;
    heading = heading || detail::iequals(s, "Controller information") || detail::iequals(s, "Logical device information") ||
              detail::iequals(s, "Logical drive information") || detail::iequals(s, "Physical Device information");
    completed = completed || detail::iequals(s, "Command completed successfully.");
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return heading && completed;
}

RAIDBENCH_API expected<inventory> parse_tool_text(arcconf, std::string_view text) {
  return detail::cover_listed(detail::arcconf_text::reader{}.read(text, "arcconf", "no 'arcconf GETCONFIG' output in this text"));
}

}  // namespace raidbench
