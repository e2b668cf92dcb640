#pragma once
// The StorCLI parser's definitions (see core/linkage.hpp): included by storcli.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/controller/detail/coverage.hpp"
#include "raidbench/controller/detail/fill.hpp"
#include "raidbench/controller/detail/megaraid_keys.hpp"
#include "raidbench/controller/storcli.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::storcli_detail {

using row = std::map<std::string, std::string, std::less<>>;

// storcli's state and level words, squashed ("Onln", "UGood", "RAID1E").
inline constexpr spelling<pd_state> pd_states[] = {
    {"onln", pd_state::online}, {"online", pd_state::online}, {"offln", pd_state::offline},
    {"offline", pd_state::offline}, {"ugood", pd_state::unconfigured_good}, {"ubad", pd_state::unconfigured_bad},
    {"ghs", pd_state::hot_spare}, {"dhs", pd_state::hot_spare}, {"rbld", pd_state::rebuilding},
    {"cpybck", pd_state::copyback}, {"jbod", pd_state::jbod}, {"msng", pd_state::missing},
    {"failed", pd_state::failed}, {"fail", pd_state::failed}};
// "Rbld" and "Rec": rebuilding or recovering, so redundancy is not back yet.
inline constexpr spelling<vd_state> vd_states[] = {{"optl", vd_state::optimal}, {"dgrd", vd_state::degraded},
    {"pdgd", vd_state::partially_degraded}, {"ofln", vd_state::offline}, {"rbld", vd_state::degraded}, {"rec", vd_state::degraded}};
inline constexpr spelling<raid_level> levels[] = {{"raid0", raid_level::raid0}, {"raid1", raid_level::raid1},
    {"raid1e", raid_level::raid1e}, {"raid5", raid_level::raid5}, {"raid6", raid_level::raid6},
    {"raid10", raid_level::raid10}, {"raid50", raid_level::raid50}, {"raid60", raid_level::raid60}};

inline std::optional<pd_state> pd_state_of(std::string_view s) { return look_up(squash(s), pd_states); }
inline std::optional<vd_state> vd_state_of(std::string_view s) { return look_up(squash(s), vd_states); }
inline std::optional<raid_level> level_of(std::string_view s) { return look_up(squash(s), levels); }

// A flash cache VD's TYPE ("NytroCache1", "CacheCade0", "Cac1"): nullopt when it is not one, else the
// RAID level its digit names (empty when none does).
inline std::optional<std::optional<raid_level>> cache_type_level(std::string_view s) {
  std::string k = squash(s);
  for (std::string_view prefix : {"nytrocache", "cachecade", "cac"}) {
    if (k.rfind(prefix, 0) != 0) continue;
    const std::string rest = k.substr(prefix.size());
    if (rest.empty()) return std::optional<raid_level>{};
    return level_of("raid" + rest);
  }
  return std::nullopt;
}

// VD LIST "Cache" column: [NR|R][AWB|WB|WT][C|D], e.g. "RWBD", "NRWTD".
inline bool read_cache_code(std::string_view s, cache_policy& p) {
  cache_policy q;
  if (s.starts_with("NR")) { q.read = read_policy::no_read_ahead; s.remove_prefix(2); }
  else if (s.starts_with("R")) { q.read = read_policy::read_ahead; s.remove_prefix(1); }
  if (s.starts_with("AWB")) { q.write = write_policy::always_write_back; s.remove_prefix(3); }
  else if (s.starts_with("WB")) { q.write = write_policy::write_back; s.remove_prefix(2); }
  else if (s.starts_with("WT")) { q.write = write_policy::write_through; s.remove_prefix(2); }
  if (s == "C") q.io = io_policy::cached;
  else if (s == "D") q.io = io_policy::direct;
  else return false;
  if (!q.read || !q.write) return false;
  p.read = q.read;
  p.write = q.write;
  p.io = q.io;
  return true;
}

inline std::optional<bool> on_off(std::string_view s) {
  s = trim(s);
  if (iequals(s, "on") || iequals(s, "yes") || iequals(s, "present") || iequals(s, "enabled") || iequals(s, "enable")) return true;
  if (iequals(s, "off") || iequals(s, "no") || iequals(s, "absent") || iequals(s, "disabled") || iequals(s, "disable")) return false;
  return std::nullopt;
}

inline std::optional<battery_state> battery_state_of(std::string_view s) {
  const std::string k = squash(s);
  if (k == "optimal") return battery_state::optimal;
  if (k.find("discharg") != std::string::npos) return battery_state::discharging;
  if (k.find("learn") != std::string::npos) return battery_state::learning;
  if (k.find("charg") != std::string::npos) return battery_state::charging;
  if (k.find("degraded") != std::string::npos) return battery_state::degraded;
  if (k.find("fail") != std::string::npos) return battery_state::failed;
  if (k.find("missing") != std::string::npos) return battery_state::missing;
  return std::nullopt;
}

// Keys storcli prints that the model has no field for (or that a section other than the one that
// models them repeats), read past on purpose, beside the firmware keys MegaCLI prints too
// (detail/megaraid_keys.hpp); collected from real outputs, text and JSON.
inline constexpr text::line_list ignored_keys{R"(
A rollback operation is in progress
Abort CC on Error
Adapter Type
At least one PFK exists in NVRAM
Auto detect BackPlane
BBM Error Count
BBU
BBU Status
Backend Port Count
Battery learn Reoccurrence
BatteryFRU
Bios was not detected during boot
Board Assembly
Board Name
Board Tracer Number
Boot Agent
Boot Volume Supported
Bootloader Version
Bus Number
CPLD Version
CacheVault Flash Size
Cachebypass Mode
Cachebypass size
Capability
Certified
Concurrent commands supported
Config ID
Configured
Consistency Check Reoccurrence
Controller Bus Type
Controller Status
Controller Time
Controller has booted into certificate provision mode
Controller has booted into safe mode
Controller must be rebooted to complete security operation
Controller shutdown required
Creation Date
Creation Time
Cryptographic Erase Capable
Ctrl temperature(Degree Celsius)
Current Controller Date/Time
Current Personality
Current Size of CacheCade (GB)
Current Size of FW Cache (MB)
Current System Date/time
Data Protection
Dedicated HotSpares Limited
Default spin down time (mins)
Delay Among Spinup Groups (sec)
Device Number
DisableHII
Domain ID
Drive Coercion Mode
Drive Groups
Drive is formatted for PI
Drive position
Driver Name
ECC Bucket Leak Rate (hrs)
Emulation type
Enable BIOS
Enable Ctrl-R
Enable PreBoot CLI
Enable SCSI Unmap
Enable Snapdump
Enable SystemPD
Enclosures
Encryption
Exposed to OS
Extended LD
FDE Drive Mix Support
FDE Type
FW and Event Time in GMT
Failed to get lock key on bootup
Flash Size
Flush Time(Default)
Front End Port Count
Function Number
HII Version
Headless Mode
Host Name
Image name
Is LD Ready for OS Requests
Last Predictive Failure Event Sequence Number
Lock Key Assigned
Lock key has not been backed up
Manufacturer Id
Max Configurable CacheCade Size(GB)
Max Transportable DGs
Max VD per array
Mfg Date
Missing Drives Count
Mix in Enclosure
Mix of SAS/SATA of HDD type in VD
Mix of SAS/SATA of SSD type in VD
Mix of SSD/HDD in VD
Multipath
NAND Vendor
NCQ
NCQ setting
NVRAM Size
Next Battery Learn
Next Consistency check launch
Next Patrol Read launch
Number of Blocks
Number of Controllers
OEMID
PCI Bus Number
PCI Device Number
PCI Function Number
PCI Slot
PD Firmware Download in progress
PI Eligible
PI type
PSOC Version
Patrol Read Reoccurrence
Performance Metrics
Physical Drives
Point In Time Progress
ROC temperature(Degree Celcius)
ROC temperature(Degree Celsius)
Read Policy
Read cache bypass enabled for Parity RAID LDs
Real Time Scheduler
Reorder Host Requests
Requested Boot Drive
SBR Version
SCSI NAA Id
SED Capable
SED Enabled
SSC Policy is WB
Safe ID
Sanitize Support
Scheduled Tasks
Security Protocol
Set Power State For Cfg
Status Code
Stop BIOS on Error
StoreLib IR3 Version
StoreLib IT Version
SubDevice Id
SubVendor Id
Support AES Encryption Algorithm
Support Allowed Operations
Support CPLDUpdate
Support Clear Snapdump
Support Config Auto Balance
Support Config Page Model
Support Ctrl Info Extended
Support Debug Queue
Support Degraded Media
Support Diagnostic results
Support DisableImmediateIO
Support Disabling Auto Select Boot Drive
Support Drive Crypto Erase
Support Drive FW Download Mask
Support Drive Makers Authority
Support Drive Unrecovered Medium Error Count
Support DrvActivityLEDSetting
Support Dual Fw Image
Support EKM
Support Emergency Spares
Support Emulated Drives
Support Enclosure Enumeration
Support Encrypted MFC
Support Enhanced Foreign Import
Support Ext Enclosure
Support Extended Controller Property
Support Extended Drive performance Monitoring
Support Extended Sanitize
Support FW Triggered Snapdump
Support Factory Repurpose
Support FastPath
Support FlushWriteVerify
Support Force Personality Change
Support ForceFlash
Support ForceTo512e
Support IButton less
Support Inactivity Print
Support JBOD
Support JBOD Write cache
Support LD Rebuild errorcounter
Support LDPI Type1
Support LDPI Type2
Support LDPI Type3
Support Lane DeviceType
Support Lane current speed
Support Large QD Support
Support LargeIOSupport
Support Ld BBM Info
Support Least Latency Mode
Support Maintenance Mode
Support Max Rate SATA
Support Multipath
Support NVMe Init Error Device ConnectorIndex
Support NVMe Repair
Support NVMe Thermal Poll
Support NVMe Width
Support None Mode Params
Support Odd & Even Drive count in RAID1E
Support OnDemand Snapdump
Support PCIe PERST override
Support PCIe Reference Clock override
Support PD Firmware Download
Support PHY current speed
Support PSOC Part Information
Support PSOC Update
Support Package Stamp Mismatch Reporting
Support Parallel FW Update
Support Parity Read Cache Bypass
Support Perf Tuning
Support Phy State Control
Support Physical Link Speed
Support Platform Security
Support Power State
Support Powersave Max With Cache
Support Report Delay OCR Range
Support Reset Now
Support SMP Passthru with Port Number
Support SRIOV Options
Support SSC Association
Support SSC WriteBack
Support SSD PatrolRead
Support SSD Wear Gauge
Support Sanitize
Support Secure Boot
Support SecurityonJBOD
Support Sesmonitoring
Support Set Link Speed
Support Slow array threshold calculation
Support Smart Poll Interval for DirectAttached
Support SnapDump Preboot Trace Buffer Toggle
Support Snapdump
Support Start of day PL log capture
Support Suspend Resume BG ops
Support SystemPD
Support T10 Power State
Support Third Party Drive Lock Status
Support Uneven span
Support VD Cachebypass
Support VD Hide
Support VD Scsi Unmap
Support VD discardCacheDuringLDDelete
Support VolatileKey
Support Write Buffer 16
Support Write Journal Pinning
Support discardCacheDuringLDDelete
Support more than 8 Phys
System Time
TR
Topology Type
Total foreign drive groups
Unmap Enabled
Upgradable CPLD
Upgradable PSOC
Use drive activity for locate
VD PowerSave Policy
VD has Emulated PD
Wide Port Capable
Write Policy
scap Date of Manufacture
scapBatPackAssmNo
scapBatversionNo
scapPCBversionNo
scapPcbAssmNo
scapSerialNo
tmm Date of Manufacture
tmmBatPackAssmNo
tmmBatversionNo
tmmFru
tmmPCBversionNo
tmmPcbAssmNo
tmmSerialNo
PR Mode
PR Execution Delay
PR iterations completed
PR Next Start time
PR on SSD
PR Current State
PR Excluded VDs
PR MaxConcurrentPd
CC Operation Mode
CC Execution Delay
CC Next Starttime
CC Current State
CC Number of iterations
CC Number of VD completed
CC Excluded VDs
)"};
// Tables whose rows the model has no place for.
inline constexpr std::string_view ignored_tables[] = {
    "Advanced Software Option", "Enclosure Information", "Enclosure LIST", "FOREIGN CONFIGURATION",
    "Missing Drives", "Policies Table", "Port Information"};
// Every column name of the tables: a row with another column is not read silently.
// (JSON keys keep their blanks: " Mode", " Time Remaining"; text headers split at blanks: "Estimated",
// "Time", "Left".)
inline constexpr std::string_view known_columns[] = {
    "Estimated Time Left",
    " Mode", " Time Remaining", "Access", "AdapterType", "Adv", "Adv S/W Opt", "Alms", "Arr", "Array", "BT",
    "Cac", "Cache", "Consist", "Ctl", "Ctrl_Prop", "Current", "DG", "DG/VD", "DID", "DS3", "Default",
    "Description", "DevId", "Drive-ID", "EID", "EID:Slot", "EID:Slt", "Estimated", "FSpace", "Fans", "Intf",
    "Learn", "Left", "Linkspeed", "Med", "MfgDate", "Mode", "Model", "Name", "Next", "Next Learn", "NoVDs",
    "Opt", "PCI Address", "PD", "PDC", "PI", "PS", "Policy", "Port", "Port#", "ProdID", "Progress%", "Prop",
    "Property", "Remaining", "RetentionTime", "Row", "S/W", "SAS", "SAS address", "SED", "SIM", "SeSz", "Size",
    "Slots", "Sp", "State", "Status", "SubDevId", "SubVendId", "TR", "TSs", "TYPE", "Temp", "Time", "Type",
    "Value", "VendId", "VendorSpecific", "address", "sCC"};
// Sections ("Basics :" over "=====") storcli prints.
inline constexpr std::string_view known_sections[] = {
    "Advanced Software Option", "BBU_Info", "Basics", "Boot", "Bus", "Cachevault_Info", "Capabilities",
    "Controller Properties", "Defaults", "Design_Info", "Enclosure Information", "Enclosure LIST",
    "Enterprise Key management", "FOREIGN CONFIGURATION", "Firmware_Status", "GasGaugeStatus",
    "High Availability", "HwCfg", "Missing Drives", "PCI Version", "PD LIST", "Pending Images in Flash",
    "Physical Device Information", "Policies", "Policies Table", "Port Information", "Properties",
    "Scheduled Tasks", "Status", "Supported Adapter Operations", "Supported PD Operations",
    "Supported VD Operations", "TOPOLOGY", "VD LIST", "Version"};
// Lines without "=" that storcli prints under a section.
inline constexpr std::string_view ignored_lines[] = {
    "Check Consistency", "Generating detailed summary of the adapter, it may take a while to complete."};

// "5a 0c ff 3f 37 c8 10 00 ...": a line of the hex dump under "Inquiry Data".
inline bool is_hex_dump(std::string_view s) {
  const auto fields = split_fields(s);
  return fields.size() >= 4 && std::all_of(fields.begin(), fields.end(), [](std::string_view f) {
    return f.size() == 2 && std::isxdigit(static_cast<unsigned char>(f[0])) && std::isxdigit(static_cast<unsigned char>(f[1]));
  });
}

// The note under a BBU table: "Mode 5: 48+ Hrs retention with a non-transparent learn cycle" /
// "and moderate service life."
inline bool is_learn_mode_note(std::string_view s) {
  return (istarts_with(s, "Mode ") && icontains(s, "retention")) || (istarts_with(s, "and ") && s.ends_with("service life."));
}

// Keys whose value storcli wraps onto the lines below ("RAID Level Supported = RAID0, ..., \n RAID60, ...").
inline constexpr std::string_view wrapping_keys[] = {"RAID Level Supported", "Supported Drives"};

// Sections whose keys describe the controller itself; a key of any other section (an enclosure's
// "Model", a foreign configuration's "State") never lands on the controller.
inline constexpr std::string_view controller_sections[] = {
    "Basics", "Version", "Bus", "Pending Images in Flash", "Status", "Supported Adapter Operations",
    "Supported PD Operations", "Supported VD Operations", "Enterprise Key management", "HwCfg", "Policies",
    "Boot", "High Availability", "Defaults", "Capabilities", "Scheduled Tasks", "PCI Version",
    "Controller Properties", "Properties"};

inline bool is_known_section(std::string_view s) {
  // "Drive /c0/e252/s0 - Detailed Information", "VD0 Properties", "/c0/v0", "PDs for VD 0": numbered sections.
  return is_listed(s, known_sections) || istarts_with(s, "Drive /") || istarts_with(s, "/c") ||
         (istarts_with(s, "VD") && icontains(s, "Properties")) || istarts_with(s, "PDs for VD");
}

// Everything the text and JSON forms say, fed as section key/values and table rows.
class builder {
 public:
  builder() { inv_.source = "storcli"; }

  void warn(std::size_t line, std::string text) { inv_.warnings.push_back({line, std::move(text)}); }

  /// Starts a new response block (a controller in /call output or in a JSON array).
  void begin_block() { ctrl_.reset(); status_failed_ = false; description_.clear(); }
  void end_block(std::size_t line) {
    if (status_failed_) {
      failures_.push_back(description_.empty() ? "command failed" : description_);
      warn(line, "storcli status Failure: " + (description_.empty() ? std::string("no description") : description_));
    }
  }

  void kv(std::size_t line, std::string_view section, std::string_view key, std::string_view value) {
    value = trim(value);
    key = trim(key);
    if (!read_kv(line, section, key, value) && !megaraid::is_ignored(key, ignored_keys))
      warn(line, not_read(std::string(key) + " = " + std::string(value)));
  }

  /// One row of a table; `text` is the row as printed, for the warning when it is not read.
  void table_row(std::size_t line, std::string_view table, const row& r, std::string_view text) {
    // Columns are checked by name: a row whose columns the parser does not know is not silently read.
    for (const auto& [column, value] : r)
      if (!is_listed(column, known_columns)) return warn(line, not_read(text.empty() ? column + " = " + value : std::string(text)));
    if (r.size() == 2 && r.contains("Property") && r.contains("Value")) { kv(line, table, r.find("Property")->second, r.find("Value")->second); return; }
    if (r.size() == 2 && r.contains("Ctrl_Prop") && r.contains("Value")) { kv(line, table, r.find("Ctrl_Prop")->second, r.find("Value")->second); return; }
    if (r.contains("DG/VD")) vd_row(line, r);
    else if (r.contains("EID:Slt") && (iequals(table, "PD LIST") || istarts_with(table, "PDs for VD") || istarts_with(table, "Drive /") ||
                                       table.empty()))
      pd_row(line, r);
    else if (r.contains("EID:Slot") && r.contains("Arr")) topology_row(line, r);
    else if (r.contains("Drive-ID") && r.contains("Progress%")) progress_row(line, r);
    else if (icontains(table, "Cachevault_Info") || icontains(table, "BBU_Info")) battery_row(line, table, r);
    else if (icontains(table, "System Overview")) {
      if (auto n = get(r, "Ctl")) {
        select(parse_uint(*n));
        if (auto m = get(r, "Model")) ctrl().model = std::string(*m);
        if (auto a = get(r, "PCI Address")) set(line, "PCI Address", ctrl().pci_address, parse_pci_address(*a), *a);
      }
    } else if (!is_listed(table, ignored_tables)) {
      warn(line, not_read(text.empty() ? "a row of table '" + std::string(table) + "'" : std::string(text)));
    }
  }

  // A "key = value" (or JSON member) of a section; false when the model has no place for it.
  bool read_kv(std::size_t line, std::string_view section, std::string_view key, std::string_view value) {
    if (iequals(section, "Command Status") || section.empty() || iequals(section, "Basics")) {
      if (iequals(key, "Status")) { status_failed_ = iequals(value, "Failure"); return true; }
      if (iequals(key, "Description")) { description_ = std::string(value); return true; }
      if (iequals(key, "Controller")) { if (auto n = parse_uint(value)) select(n); return true; }
    }
    if (iequals(section, "Command Status")) return false;
    if (istarts_with(section, "Drive /")) return drive_kv(line, section, key, value);
    if (istarts_with(section, "VD") && icontains(section, "Properties")) return vd_kv(line, section, key, value);
    if (icontains(section, "BBU_Info") || icontains(section, "Cachevault_Info") || iequals(section, "BBU") ||
        iequals(section, "Cachevault") || iequals(section, "Firmware_Status") || iequals(section, "Firmware Status"))
      return battery_kv(line, section, key, value);
    if (!section.empty() && !is_listed(section, controller_sections)) return false;
    return controller_kv(line, section, key, value);
  }

  expected<inventory> finish() {
    for (auto& [c, from] : topology_drives_) {
      ctrl_ = c;
      fill(pd(from.enclosure, from.slot), from);
    }
    if (inv_.controllers.empty()) {
      if (!failures_.empty()) return fail("storcli: " + failures_.front());
      return fail("storcli: no controller found in the text");
    }
    return std::move(inv_);
  }

 private:
  static std::optional<std::string_view> get(const row& r, std::string_view key) {
    const auto it = r.find(key);
    if (it == r.end()) return std::nullopt;
    const std::string_view v = trim(it->second);
    if (v.empty() || v == "-" || iequals(v, "N/A") || iequals(v, "NA")) return std::nullopt;
    return v;
  }
  static std::optional<std::string> str(std::string_view v) {
    v = trim(v);
    if (v.empty() || v == "-" || iequals(v, "N/A") || iequals(v, "NA")) return std::nullopt;
    return std::string(v);
  }

  template <class T>
  void set(std::size_t line, std::string_view key, std::optional<T>& field, std::optional<T> value, std::string_view text) {
    if (value) field = std::move(value);
    else if (str(text)) warn(line, "cannot read " + std::string(key) + " '" + std::string(text) + "'");
  }

  controller& select(std::optional<unsigned> number) {
    for (std::size_t c = 0; c < inv_.controllers.size(); ++c)
      if (inv_.controllers[c].number == number) { ctrl_ = c; return inv_.controllers[c]; }
    inv_.controllers.emplace_back();
    inv_.controllers.back().number = number;
    ctrl_ = inv_.controllers.size() - 1;
    return inv_.controllers.back();
  }
  controller& ctrl() { return ctrl_ ? inv_.controllers[*ctrl_] : select(std::nullopt); }

  virtual_drive& vd(std::optional<unsigned> id) {
    auto& c = ctrl();
    for (auto& d : c.virtual_drives)
      if (d.id == id) return d;
    auto& d = c.virtual_drives.emplace_back();
    d.id = id;
    d.target_id = id;  // StorCLI numbers a virtual drive by its target id: /c0/v<target id>
    d.kind = vd_kind::volume;
    return d;
  }

  physical_drive& pd(std::optional<unsigned> enclosure, std::optional<unsigned> slot) {
    auto& c = ctrl();
    for (auto& d : c.physical_drives)
      if (d.slot == slot && d.enclosure == enclosure) return d;
    c.physical_drives.emplace_back();
    auto& d = c.physical_drives.back();
    d.enclosure = enclosure;
    d.slot = slot;
    d.location = (enclosure ? std::to_string(*enclosure) : std::string()) + ":" + (slot ? std::to_string(*slot) : std::string());
    return d;
  }

  // "Drive /c0/e252/s3 State" or "Drive /c0/s3 Device attributes": the drive it is about.
  physical_drive& drive_named(std::string_view name) {
    const auto path = name.substr(name.find('/'));
    const auto end = path.find(' ');
    const std::string_view p = path.substr(0, end);
    if (auto c = number_after(p, "c"); c && (!ctrl_ || inv_.controllers[*ctrl_].number != c)) select(c);
    const auto e = p.find("/e");
    const auto s = p.find("/s");
    return pd(e == std::string_view::npos ? std::nullopt : number_after(p.substr(e + 1), "e"),
              s == std::string_view::npos ? std::nullopt : number_after(p.substr(s + 1), "s"));
  }

  bool controller_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
    const bool defaults = iequals(section, "Defaults");
    if (iequals(k, "Model") || iequals(k, "Product Name")) ctrl().model = str(v);
    else if (iequals(k, "PCI Address")) set(line, k, ctrl().pci_address, parse_pci_address(v), v);
    else if (iequals(k, "Serial Number")) ctrl().serial = str(v);
    else if (iequals(k, "Firmware Package Build") || iequals(k, "FW Package Build")) ctrl().firmware_package = str(v);
    else if (iequals(k, "Firmware Version") || iequals(k, "FW Version")) ctrl().firmware = str(v);
    else if (iequals(k, "Bios Version")) ctrl().bios = str(v);
    else if (iequals(k, "On Board Memory Size")) set(line, k, ctrl().cache_bytes, parse_tool_size(v), v);
    else if (iequals(k, "BBU") && !iequals(section, "Supported Adapter Operations")) set(line, k, ctrl().battery.present, on_off(v), v);
    else if (defaults && iequals(k, "Write Policy")) {
      auto& p = ctrl().default_policy;
      if (iequals(v, "WB")) p.write = write_policy::write_back;
      else if (iequals(v, "WT")) p.write = write_policy::write_through;
      else if (iequals(v, "AWB")) p.write = write_policy::always_write_back;
      else warn(line, "cannot read Write Policy '" + std::string(v) + "'");
    } else if (defaults && iequals(k, "Read Policy")) {
      auto& p = ctrl().default_policy;
      const std::string s = squash(v);
      if (s == "ra" || s == "readahead" || s == "alwaysreadahead") p.read = read_policy::read_ahead;
      else if (s == "nora" || s == "nra" || s == "noreadahead" || s == "none") p.read = read_policy::no_read_ahead;
      else if (s == "adaptive") p.read = read_policy::adaptive;
      else warn(line, "cannot read Read Policy '" + std::string(v) + "'");
    } else if (defaults && iequals(k, "Cache When BBU Bad")) {
      if (auto b = on_off(v)) ctrl().default_policy.no_write_cache_if_bad_battery = !*b;
      else warn(line, "cannot read Cache When BBU Bad '" + std::string(v) + "'");
    } else if (defaults && iequals(k, "Cached IO")) {
      if (auto b = on_off(v)) ctrl().default_policy.io = *b ? io_policy::cached : io_policy::direct;
      else warn(line, "cannot read Cached IO '" + std::string(v) + "'");
    } else {
      return false;
    }
    return true;
  }

  bool vd_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
    auto& d = vd(number_after(section, "D"));
    if (iequals(k, "Strip Size")) set(line, k, d.strip_bytes, parse_tool_size(v), v);
    else if (iequals(k, "Span Depth")) set(line, k, d.span_count, parse_uint(v), v);
    else if (iequals(k, "Number of Drives Per Span")) {
      const auto per_span = parse_uint(v);
      if (per_span && d.span_count) d.drive_count = *per_span * *d.span_count;
      else if (!per_span) warn(line, "cannot read Number of Drives Per Span '" + std::string(v) + "'");
    } else if (iequals(k, "Active Operations")) {
      active_operation(line, d, v);
    } else if (iequals(k, "OS Drive Name")) {
      d.os_device = str(v);
    } else if (iequals(k, "Write Cache(initial setting)")) {
      if (iequals(v, "WriteBack")) d.default_policy.write = write_policy::write_back;
      else if (iequals(v, "WriteThrough")) d.default_policy.write = write_policy::write_through;
      else if (iequals(v, "AlwaysWriteBack") || iequals(v, "Always WriteBack")) d.default_policy.write = write_policy::always_write_back;
      else warn(line, "cannot read Write Cache(initial setting) '" + std::string(v) + "'");
    } else if (iequals(k, "Disk Cache Policy")) {
      const std::string s = squash(v);
      if (s == "disksdefault") d.current_policy.disk_cache = disk_cache_policy::unchanged;
      else if (s == "enabled") d.current_policy.disk_cache = disk_cache_policy::enabled;
      else if (s == "disabled") d.current_policy.disk_cache = disk_cache_policy::disabled;
      else warn(line, "cannot read Disk Cache Policy '" + std::string(v) + "'");
    } else {
      return false;
    }
    return true;
  }

  bool drive_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
    auto& d = drive_named(section);
    if (iequals(k, "Media Error Count")) set(line, k, d.media_errors, parse_unsigned(v), v);
    else if (iequals(k, "Other Error Count")) set(line, k, d.other_errors, parse_unsigned(v), v);
    else if (iequals(k, "Predictive Failure Count")) set(line, k, d.predictive_failures, parse_unsigned(v), v);
    else if (iequals(k, "Drive Temperature")) set(line, k, d.temperature_celsius, parse_leading_number(v), v);
    else if (iequals(k, "S.M.A.R.T alert flagged by drive")) set(line, k, d.smart_alert, on_off(v), v);
    else if (iequals(k, "SN")) d.serial = str(v);
    else if (iequals(k, "Model Number")) d.model = str(v);
    else if (iequals(k, "Firmware Revision")) d.firmware = str(v);
    else if (iequals(k, "Raw size")) set(line, k, d.size_bytes, parse_tool_size(v), v);
    else if (iequals(k, "Write Cache")) set(line, k, d.write_cache, on_off(v), v);
    else return false;
    return true;
  }

  // "None", "Consistency Check (36%)", "Rebuild (12%)", "Background Initialization (5%)", "Reconstruction (3%)".
  void active_operation(std::size_t line, virtual_drive& d, std::string_view v) {
    if (iequals(v, "None") || v.empty()) return;
    const std::string k = squash(v.substr(0, v.find('(')));
    if (k == "consistencycheck") d.operation = vd_operation::verify;
    else if (k == "rebuild") d.operation = vd_operation::rebuild;
    else if (k == "backgroundinitialization" || k == "initialization" || k == "fullinitialization")
      d.operation = vd_operation::initialize;
    else if (k == "reconstruction") d.operation = vd_operation::reshape;
    else return warn(line, "unknown active operation '" + std::string(v) + "'");
    const auto open = v.find('(');
    if (open != std::string_view::npos) d.progress_percent = parse_leading_number(v.substr(open + 1));
  }

  bool battery_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
    auto& b = ctrl().battery;
    if (iequals(k, "Type")) {
      b.model = str(v);
      b.kind = icontains(section, "Cachevault") || istarts_with(v, "CV") ? battery_kind::cachevault : battery_kind::bbu;
      if (b.state != battery_state::missing && !b.present) b.present = true;
    } else if (iequals(k, "Battery State") || iequals(k, "State")) set(line, k, b.state, battery_state_of(v), v);
    else if (iequals(k, "Temperature")) set(line, k, b.temperature_celsius, parse_leading_number(v), v);
    else if (iequals(k, "Replacement required")) set(line, k, b.replacement_required, on_off(v), v);
    else if (iequals(k, "Relative State of Charge")) set(line, k, b.charge_percent, parse_leading_number(v), v);
    else if (iequals(k, "Battery Pack Missing")) {
      if (auto missing = on_off(v)) b.present = !*missing;
      else warn(line, "cannot read Battery Pack Missing '" + std::string(v) + "'");
    } else {
      return false;
    }
    return true;
  }

  void vd_row(std::size_t line, const row& r) {
    const auto dgvd = get(r, "DG/VD");
    if (!dgvd) { warn(line, "virtual drive row without DG/VD"); return; }
    const auto slash = dgvd->find('/');
    const auto id = slash == std::string_view::npos ? std::nullopt : parse_uint(dgvd->substr(slash + 1));
    // Some firmware (Nytro WarpDrive) prints a bare number: one VD, but not which number is which.
    if (!id && !(slash == std::string_view::npos && parse_uint(*dgvd))) {
      warn(line, "cannot read DG/VD '" + std::string(*dgvd) + "'");
      return;
    }
    // A bare number names no VD for sure: each such row is a VD of its own, never merged with another.
    auto& d = id ? vd(id) : ctrl().virtual_drives.emplace_back();
    d.kind = vd_kind::volume;
    if (auto t = get(r, "TYPE")) {
      if (auto cache_level = cache_type_level(*t)) {
        d.kind = vd_kind::cache;
        if (*cache_level) d.level = *cache_level;
      } else {
        set(line, "TYPE", d.level, level_of(*t), *t);
      }
    }
    if (auto s = get(r, "State")) set(line, "State", d.state, vd_state_of(*s), *s);
    if (auto c = get(r, "Cache"); c && !read_cache_code(*c, d.current_policy)) warn(line, "cannot read Cache '" + std::string(*c) + "'");
    if (auto s = get(r, "Size")) set(line, "Size", d.size_bytes, parse_tool_size(*s), *s);
    if (auto n = get(r, "Name")) d.name = std::string(*n);
  }

  void pd_row(std::size_t line, const row& r) {
    const auto es = get(r, "EID:Slt");
    if (!es || es->find(':') == std::string_view::npos) { warn(line, "drive row without EID:Slt"); return; }
    const auto colon = es->find(':');
    auto& d = pd(parse_uint(es->substr(0, colon)), parse_uint(es->substr(colon + 1)));
    if (auto v = get(r, "DID")) set(line, "DID", d.device_id, parse_uint(*v), *v);
    if (auto v = get(r, "State")) set(line, "State", d.state, pd_state_of(*v), *v);
    if (auto v = get(r, "Size")) set(line, "Size", d.size_bytes, parse_tool_size(*v), *v);
    if (auto v = get(r, "Intf")) {
      const std::string s = squash(*v);
      set(line, "Intf", d.interface,
          s == "sas" ? std::optional(drive_interface::sas) : s == "sata" ? std::optional(drive_interface::sata)
          : s == "nvme" ? std::optional(drive_interface::nvme) : std::nullopt, *v);
    }
    if (auto v = get(r, "Med")) {
      const std::string s = squash(*v);
      set(line, "Med", d.media, s == "hdd" ? std::optional(media_type::hdd) : s == "ssd" ? std::optional(media_type::ssd) : std::nullopt, *v);
    }
    if (auto v = get(r, "Model"); v && !d.model) d.model = std::string(*v);
  }

  // TOPOLOGY: "1 0 1 32:4 4 DRIVE Rbld Y 3.637 TB ...": the rows of type DRIVE are drives; the
  // others are disk groups and arrays, which are not virtual drives. They are kept aside until the end:
  // the PD LIST printed after them gives the drives' order, and these only fill what it leaves out.
  void topology_row(std::size_t line, const row& r) {
    const auto type = get(r, "Type");
    const auto es = get(r, "EID:Slot");
    if (!type || !iequals(*type, "DRIVE") || !es) return;
    const auto colon = es->find(':');
    if (colon == std::string_view::npos) return warn(line, "cannot read EID:Slot '" + std::string(*es) + "'");
    ctrl();
    physical_drive d;
    d.enclosure = parse_uint(es->substr(0, colon));
    d.slot = parse_uint(es->substr(colon + 1));
    if (auto v = get(r, "DID")) set(line, "DID", d.device_id, parse_uint(*v), *v);
    if (auto v = get(r, "State")) set(line, "State", d.state, pd_state_of(*v), *v);
    if (auto v = get(r, "Size")) set(line, "Size", d.size_bytes, parse_tool_size(*v), *v);
    topology_drives_.push_back({*ctrl_, std::move(d)});
  }

  // "show rebuild": "/c0/e32/s4  3 In progress -"; a drive not being rebuilt says nothing of its state.
  void progress_row(std::size_t line, const row& r) {
    const auto id = get(r, "Drive-ID");
    if (!id || !id->starts_with("/c")) return warn(line, "cannot read Drive-ID");
    auto& d = drive_named(*id);
    if (const auto status = get(r, "Status"); status && iequals(*status, "In progress")) d.state = pd_state::rebuilding;
  }

  void battery_row(std::size_t line, std::string_view table, const row& r) {
    auto& b = ctrl().battery;
    const auto model = get(r, "Model");
    b.kind = icontains(table, "Cachevault") || (model && istarts_with(*model, "CV")) ? battery_kind::cachevault
                                                                                    : battery_kind::bbu;
    if (model) b.model = std::string(*model);
    if (auto v = get(r, "State")) set(line, "State", b.state, battery_state_of(*v), *v);
    // A row describing the module is the module being there, unless it says it is missing.
    if (b.state != battery_state::missing) b.present = true;
    if (auto v = get(r, "Temp")) set(line, "Temp", b.temperature_celsius, parse_leading_number(*v), *v);
  }

  inventory inv_;
  std::optional<std::size_t> ctrl_;
  std::vector<std::pair<std::size_t, physical_drive>> topology_drives_;  // per controller index
  bool status_failed_ = false;
  std::string description_;
  std::vector<std::string> failures_;
};

// Cells of a whitespace table row by header; Model, Name or RetentionTime may hold spaces.
// A row of a whitespace table, by column. `fits` is false when its cells cannot be the table's (too
// few, or too many for a table with no column that may hold blanks): the cells are then given to the
// columns from the left, and the caller reports the row.
struct split_result {
  row cells;
  bool fits = true;
};

inline split_result split_row(const std::vector<std::string_view>& header, std::string_view line) {
  // "show rebuild": "/c0/e32/s4  3 In progress -", "/c0/e252/s3 - Not in progress -": the status has blanks.
  if (!header.empty() && header[0] == "Drive-ID") {
    const auto fields = split_fields(line);
    const auto progress = std::find_if(fields.begin(), fields.end(), [](std::string_view f) { return iequals(f, "progress"); });
    if (fields.size() < 4 || progress == fields.end() || progress - fields.begin() < 3) return {{}, false};
    row out{{"Drive-ID", std::string(fields[0])}, {"Progress%", std::string(fields[1])}};
    std::string status;
    for (auto f = fields.begin() + 2; f <= progress; ++f) status += (status.empty() ? "" : " ") + std::string(*f);
    out["Status"] = status;
    return {out, true};
  }
  std::vector<std::string> cells;
  for (auto f : split_fields(line)) {
    // "476.375 GB" is one value split by a space.
    if (!cells.empty() && (iequals(f, "B") || iequals(f, "KB") || iequals(f, "MB") || iequals(f, "GB") ||
                           iequals(f, "TB") || iequals(f, "PB")) &&
        parse_leading_number(cells.back()) && cells.back().find_first_not_of("0123456789.") == std::string::npos)
      cells.back() += " " + std::string(f);
    else cells.emplace_back(f);
  }
  std::size_t free = header.size();
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == "Model" || header[i] == "Name" || header[i] == "RetentionTime") free = i;
  row out;
  const std::ptrdiff_t extra = static_cast<std::ptrdiff_t>(cells.size()) - static_cast<std::ptrdiff_t>(header.size());
  if (extra < (free < header.size() ? -1 : 0) || (extra > 0 && free == header.size())) {
    for (std::size_t h = 0; h < header.size() && h < cells.size(); ++h) out[std::string(header[h])] = cells[h];
    return {out, false};
  }
  std::size_t c = 0;
  for (std::size_t h = 0; h < header.size() && c < cells.size(); ++h) {
    if (h == free && extra == -1) continue;  // the free column is empty (a VD without a name)
    if (h == free && extra > 0) {
      std::string joined = cells[c++];
      for (std::ptrdiff_t k = 0; k < extra && c < cells.size(); ++k) joined += " " + cells[c++];
      out[std::string(header[h])] = std::move(joined);
      continue;
    }
    out[std::string(header[h])] = cells[c++];
  }
  return {out, true};
}

inline bool all_of(std::string_view s, char c) { return s.size() >= 3 && s.find_first_not_of(c) == std::string_view::npos; }

// "Cac=CacheCade|Rec=Recovery|OfLn=OffLine", "EID-Enclosure Device ID|Slt-Slot No.": the legend under a table.
inline bool is_legend(std::string_view s) {
  if (s.find('|') == std::string_view::npos) return false;
  while (!s.empty()) {
    const auto bar = s.find('|');
    const std::string_view part = trim(s.substr(0, bar));
    if (!part.empty() && part.find('=') == std::string_view::npos && part.find('-') == std::string_view::npos) return false;
    s = bar == std::string_view::npos ? std::string_view{} : s.substr(bar + 1);
  }
  return true;
}

inline void read_text(std::string_view text, builder& b) {
  const auto lines = split_lines(text);
  std::string section, last_key;
  bool in_block = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& line = lines[i];
    if (line.kind == line_kind::elision) b.warn(line.number, "output cut here; what it held is missing");
    if (line.kind != line_kind::output) continue;
    if (line.unreadable) b.warn(line.number, "unreadable bytes (invalid UTF-8 or control characters)");
    const std::string_view t = trim(line.text);
    if (t.empty() || all_of(t, '=')) continue;
    // "Basics :" over "======": a section.
    if (i + 1 < lines.size() && all_of(trim(lines[i + 1].text), '=')) {
      section = std::string(trim(t.substr(0, t.rfind(':') == t.size() - 1 ? t.size() - 1 : t.size())));
      if (!is_known_section(section)) b.warn(line.number, "unknown section '" + section + "': its keys are not read");
      continue;
    }
    // A table: dashes, header, dashes, rows, dashes.
    if (all_of(t, '-') && i + 2 < lines.size() && all_of(trim(lines[i + 2].text), '-')) {
      const std::string header_line = lines[i + 1].text;
      const auto header = split_fields(header_line);
      // Property/Value tables: the value starts under "Value", and both sides may hold spaces.
      const bool property_table = header.size() == 2 && header[1] == "Value";
      const auto value_at = header_line.find("Value");
      // A table the model has no place for: its rows (whose first column may hold blanks) are read past.
      const bool ignored = is_listed(section, ignored_tables);
      i += 3;
      for (; i < lines.size() && !all_of(trim(lines[i].text), '-'); ++i) {
        if (lines[i].kind != line_kind::output || trim(lines[i].text).empty() || ignored) continue;
        if (property_table) {
          const std::string& r = lines[i].text;
          if (r.size() > value_at) b.kv(lines[i].number, section, trim(std::string_view(r).substr(0, value_at)), std::string_view(r).substr(value_at));
          else b.warn(lines[i].number, not_read(trim(r)));
          continue;
        }
        const auto r = split_row(header, lines[i].text);
        if (!r.fits) b.warn(lines[i].number, "row does not fit its table's columns, read from the left: '" +
                                                 std::string(trim(lines[i].text)) + "'");
        if (!r.cells.empty()) b.table_row(lines[i].number, section, r.cells, trim(lines[i].text));
      }
      continue;
    }
    const auto kv = split_key_value(t, '=');
    if (const bool legend = is_legend(t); !kv || legend) {
      const bool wrapped = is_listed(last_key, wrapping_keys) && t.find(',') != std::string_view::npos;
      if (!wrapped && !legend && !is_listed(t, ignored_lines) && !is_hex_dump(t) && !is_learn_mode_note(t))
        b.warn(line.number, not_read(t));
      continue;
    }
    // "CLI Version = …", or "Controller = N" over "Status = …" without one, opens a response block.
    const bool header_start = iequals(kv->key, "CLI Version") ||
        (iequals(kv->key, "Controller") && !iequals(last_key, "Operating system") && i + 1 < lines.size() &&
         istarts_with(trim(lines[i + 1].text), "Status ="));
    last_key = std::string(kv->key);
    if (header_start) {
      if (in_block) b.end_block(line.number);
      b.begin_block();
      in_block = true;
      section.clear();
    }
    b.kv(line.number, section, kv->key, kv->value);
  }
  if (in_block) b.end_block(lines.empty() ? 0 : lines.back().number);
}

// SAX walk of the JSON form; stops at a syntax error, keeping what came before it as read.
class json_walker : public nlohmann::json_sax<nlohmann::json> {
 public:
  json_walker(builder& b, std::string_view text) : b_(b), text_(text) {}

  bool null() override { return scalar("null"); }
  bool boolean(bool v) override { return scalar(v ? "Yes" : "No"); }
  bool number_integer(number_integer_t v) override { return scalar(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(std::to_string(v)); }
  bool number_float(number_float_t, const string_t& s) override { return scalar(s); }
  bool string(string_t& v) override { return scalar(v); }
  bool binary(binary_t&) override { return scalar(""); }
  bool key(string_t& k) override {
    key_ = k;
    find_line('"' + k + '"');
    return true;
  }

  bool start_object(std::size_t) override {
    frame f{false, frames_.empty() || !frames_.back().array ? key_ : frames_.back().name, {}};
    // An object right inside "Controllers": one controller's response.
    if (!frames_.empty() && frames_.back().array && frames_.back().name == "Controllers" && frames_.size() == 2) b_.begin_block();
    frames_.push_back(std::move(f));
    return true;
  }
  bool end_object() override {
    if (frames_.empty()) return true;
    frame f = std::move(frames_.back());
    frames_.pop_back();
    if (!frames_.empty() && frames_.back().array) {
      if (frames_.back().name == "Controllers" && frames_.size() == 2) b_.end_block(0);
      else b_.table_row(f.line, frames_.back().name, f.cells, {});
    }
    return true;
  }
  bool start_array(std::size_t) override {
    frames_.push_back({true, frames_.empty() || !frames_.back().array ? key_ : frames_.back().name, {}});
    return true;
  }
  bool end_array() override {
    if (!frames_.empty()) frames_.pop_back();
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    std::size_t line = 1;
    for (std::size_t i = 0; i < position && i < text_.size(); ++i) line += text_[i] == '\n';
    // The message quotes the bytes last read, which may be invalid UTF-8: clean them like a text line.
    bool unreadable = false;
    b_.warn(line, "JSON stops being readable here: " + text_detail::clean_line(e.what(), unreadable));
    return false;
  }

 private:
  struct frame {
    bool array;
    std::string name;
    row cells;
    std::size_t line = 0;  // of its first member
  };

  // Keys come in the order of the text: the next occurrence of the quoted key is where it is.
  void find_line(const std::string& quoted) {
    const auto at = text_.find(quoted, cursor_);
    if (at == std::string_view::npos) return;
    for (std::size_t i = cursor_; i < at; ++i) line_ += text_[i] == '\n';
    cursor_ = at + quoted.size();
  }
  bool scalar(std::string v) {
    if (frames_.empty() || frames_.back().array) return true;
    frame& f = frames_.back();
    if (frames_.size() >= 2 && frames_[frames_.size() - 2].array && frames_[frames_.size() - 2].name != "Controllers") {
      if (f.cells.empty()) f.line = line_;
      f.cells[key_] = std::move(v);
      return true;
    }
    b_.kv(line_, f.name == "Response Data" ? std::string_view{} : std::string_view(f.name), key_, v);
    return true;
  }

  builder& b_;
  std::string_view text_;
  std::string key_;
  std::vector<frame> frames_;
  std::size_t cursor_ = 0, line_ = 1;
};

inline bool looks_like_json(std::string_view text) noexcept {
  const auto t = trim(text);
  return !t.empty() && t.front() == '{';
}

}  // namespace detail::storcli_detail

RAIDBENCH_API bool detect_tool_text(storcli, std::string_view text) noexcept {
  using detail::icontains;
  if (detail::storcli_detail::looks_like_json(text)) return icontains(text, "\"Controllers\"") && icontains(text, "\"Command Status\"");
  return icontains(text, "Status = Success") || icontains(text, "Status = Failure") ||
         icontains(text, "Generating detailed summary of the adapter") ||
         // Excerpts pasted without the status header: a PD LIST, TOPOLOGY or "show rebuild" table header.
         (icontains(text, "EID:Slt DID State") || icontains(text, "DG Arr Row EID:Slot DID Type") ||
          (icontains(text, "Drive-ID") && icontains(text, "Progress%")));
}

RAIDBENCH_API expected<inventory> parse_tool_text(storcli, std::string_view text) {
  detail::storcli_detail::builder b;
  if (detail::storcli_detail::looks_like_json(text)) {
    detail::storcli_detail::json_walker walker(b, text);
    (void)nlohmann::json::sax_parse(text, &walker, nlohmann::json::input_format_t::json, false);
  } else {
    detail::storcli_detail::read_text(text, b);
  }
  return detail::cover_listed(b.finish());
}

}  // namespace raidbench
