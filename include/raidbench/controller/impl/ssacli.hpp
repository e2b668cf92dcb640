#pragma once
// The Smart Array parser's definitions (see core/linkage.hpp): included by ssacli.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/detail/coverage.hpp"
#include "raidbench/controller/ssacli.hpp"
#include "raidbench/controller/line_reader.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::smart_array {

enum class section { controller, array, logical, physical, other };

// Where a drive was listed; its state depends on it ("OK" under "unassigned" is not "online").
enum class listing { none, array, unassigned, hba };

struct drive_notes {
  listing where = listing::none;
  bool spare = false;
  std::string status;
  std::size_t status_line = 0;
};

// What one controller's text says that only makes sense once the whole controller is read.
struct controller_notes {
  std::vector<drive_notes> drives;               // parallel to controller::physical_drives
  std::vector<std::vector<std::size_t>> arrays;  // indices of each array's drives
  std::vector<std::size_t> failed_arrays;        // arrays whose own line says "Failed"
  std::vector<std::size_t> vd_array;             // parallel to controller::virtual_drives
  std::vector<std::optional<bool>> vd_caching;   // "Caching: Enabled" per logical drive
  std::optional<write_policy> configured_write;  // from "Cache Ratio: 25% Read / 75% Write"
  std::optional<bool> cache_working;             // "Cache Status: OK" or "... Disabled"
  std::optional<unsigned> battery_count;
};


// "RAID 1+0", "1+0", "RAID 6 (ADG)", "ADG", "5", "1ADM", "RAID 1(ADM)", without blanks, parentheses
// and a leading "RAID".
inline constexpr spelling<raid_level> levels[] = {{"0", raid_level::raid0}, {"1", raid_level::raid1},
    {"1+0", raid_level::raid10}, {"10", raid_level::raid10}, {"5", raid_level::raid5}, {"6", raid_level::raid6},
    {"6adg", raid_level::raid6}, {"adg", raid_level::raid6}, {"50", raid_level::raid50}, {"60", raid_level::raid60},
    {"1adm", raid_level::raid1_triple}, {"1triple", raid_level::raid1_triple}, {"1+0adm", raid_level::raid10_triple},
    {"10adm", raid_level::raid10_triple}, {"1+0triple", raid_level::raid10_triple}, {"10triple", raid_level::raid10_triple}};

inline std::optional<raid_level> parse_level(std::string_view text) {
  std::string s;
  for (char c : text)
    if (!is_blank(c) && c != '(' && c != ')') s += to_lower(c);
  if (s.starts_with("raid")) s.erase(0, 4);
  return look_up(s, levels);
}

// A logical drive's status word: its health, or the work running on it ("Recovering" is both: a
// rebuild on an array that has lost redundancy until it ends).
inline bool read_ld_status(std::string_view s, virtual_drive& vd) {
  if (iequals(s, "OK")) vd.state = vd_state::optimal;
  else if (istarts_with(s, "Interim Recovery") || istarts_with(s, "Ready for Rebuild")) vd.state = vd_state::degraded;
  else if (istarts_with(s, "Recovering")) vd.state = vd_state::degraded, vd.operation = vd_operation::rebuild;
  else if (istarts_with(s, "Failed")) vd.state = vd_state::failed;
  else if (istarts_with(s, "Expanding") || istarts_with(s, "Queued for Expansion") || istarts_with(s, "Transforming") ||
           istarts_with(s, "Extending") || istarts_with(s, "Moving"))
    vd.operation = vd_operation::reshape;
  else if (istarts_with(s, "Parity Initialization")) vd.operation = vd_operation::initialize;
  else return false;
  return true;
}

// "Recovering, 45% complete" → 45.
inline std::optional<double> percent_complete(std::string_view s) {
  const auto pct = s.find('%');
  if (pct == std::string_view::npos) return std::nullopt;
  std::size_t start = pct;
  while (start > 0 && (is_digit(s[start - 1]) || s[start - 1] == '.')) --start;
  return parse_leading_number(s.substr(start, pct - start));
}

// "SAS", "SATA HDD", "Solid State SATA", "NVMe SSD": fills what the words tell; false if nothing.
inline bool apply_interface(std::string_view s, physical_drive& pd) {
  std::optional<drive_interface> link;
  if (icontains(s, "nvme")) link = drive_interface::nvme;
  else if (icontains(s, "sata")) link = drive_interface::sata;
  else if (icontains(s, "sas")) link = drive_interface::sas;
  else if (icontains(s, "scsi")) link = drive_interface::scsi;
  if (!link) return false;
  pd.interface = link;
  if (icontains(s, "ssd") || icontains(s, "solid state")) pd.media = media_type::ssd;
  else if (icontains(s, "hdd")) pd.media = media_type::hdd;
  return true;
}

// The comma-separated fields inside the outer parentheses of "logicaldrive 1 (2.2 TB, RAID 1+0, OK)".
inline std::vector<std::string_view> paren_fields(std::string_view s) {
  std::vector<std::string_view> out;
  const auto open = s.find('('), close = s.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return out;
  std::string_view inner = s.substr(open + 1, close - open - 1);
  while (!inner.empty()) {
    const auto comma = inner.find(',');
    out.push_back(trim(inner.substr(0, comma)));
    inner = comma == std::string_view::npos ? std::string_view{} : inner.substr(comma + 1);
  }
  return out;
}

// True for a line only Smart Array tools print.
constexpr bool is_smart_array_line(std::string_view s) noexcept {
  if (istarts_with(s, "physicaldrive ") || istarts_with(s, "logicaldrive ")) return true;
  if (s.starts_with("=> ") && (istarts_with(s.substr(3), "ctrl ") || istarts_with(s.substr(3), "controller ")))
    return true;
  const auto at = s.find(" in Slot ");
  return at != std::string_view::npos &&
         (icontains(s.substr(0, at), "Smart Array") || icontains(s.substr(0, at), "Smart HBA"));
}

// Keys Smart Array tools print that the model has no field for (or that another block than the one
// that models them repeats), read past on purpose; collected from real outputs.
inline constexpr text::line_list ignored_keys{R"(
Unrecoverable Media Errors
Mirror Group 0
Mirror Group 1
Mirror Group 2
Mirror Group 3
Array Type
Backplane Module (BPM)
Boot Volume
Box
Bus Interface
Cache Board Present
Cache Disable Reason
Cache Module Temperature (C)
Cache Serial Number
Cache Status Details
Caching Association
Carrier Application Version
Carrier Bootloader Version
Controller Mode
Controller Mode Reboot
Controller Status
Controller Temperature (C)
Current Parallel Surface Scan Count
Current Power Mode
Cylinders
Degraded Performance Optimization
Device Number
Drive Authentication Status
Drive Bays
Drive Type
Drive Unique ID
Drive exposed to OS
Driver Name
Driver Supports HP SSD Smart Path
Driver Supports SSD Smart Path
Driver Version
Elevator Sort
Encryption
Estimated Life Remaining based on workload to date
Expand Priority
Express Local Encryption
Fan Control Module (FCM)
Fan Status
Firmware Supports Online Firmware Activation
Firmware Version
Full Stripe Size
HBA Mode Enabled
Hardware Revision
Heads
Health Monitor Module (HMM)
Host Serial Number
Inconsistency Repair Policy
Interface Type
LD Acceleration Method
Last Failure Reason
Latency Scheduler Setting
Location
Logical/Physical Block Size
Managed Cable Connected
Max Parallel Surface Scan Count
Maximum Temperature (C)
Model
Monitor and Performance Delay
Mount Points
MultiDomain Status
Native Block Size
Negotiated PCIe Data Rate
Number of Ports
OS Status
PHY Count
PHY Maximum Link Rate
PHY Physical Link Rate
PHY Transfer Rate
Parallel Surface Scan Supported
Pending Controller Mode
Port
Port Connection Number
Port ID
Port Location
Port Max Phy Rate Limiting Supported
Post Prompt Timeout
Power On Hours
Power Supply Status
Primary Boot Volume
Queue Depth
RAID 6 (ADG) Status
Read Cache Size
Rebuild Priority
SAS Address
SATA NCQ Capable
SATA NCQ Enabled
SATA NCQ Supported
SEP
SSD Caching RAID5 WriteBack Enabled
SSD Caching Version
Sanitize Erase Supported
Sanitize Estimated Max Erase Time
Secondary Boot Volume
Sectors Per Track
Self Encrypting Drive
Serial Number
Seven Segment LED Display
Shingled Magnetic Recording Support
Slot
Smart Path
Spare Activation Mode
Status
Surface Analysis Inconsistency Notification
Surface Scan Delay
Surface Scan Mode
Survival Mode
Temperature Status
Total Cache Memory Available
Unique Identifier
Unrestricted Sanitize Supported
Unused Space
Usage remaining
Used Space
Vendor ID
WWID
Wait for Cache Room
Warning
Write Cache Size
)"};

// Lines without a "key: value" shape that open a block the model has no place for.
inline constexpr std::string_view ignored_lines[] = {"Physical Drives"};

// First words of block headers that carry a name, a number or a colon after them: "Expander 380
// (WWID: ...)", "Enclosure SEP (Vendor ID HP, ...) 377", "SEP (...) 250".
inline constexpr std::string_view block_first_words[] = {"Expander", "Enclosure", "SEP"};

// "Internal Drive Cage at Port 1I, Box 1, OK", "StorageWorks MSA 60 at Port 2E, Box 1, OK": an enclosure line.
inline bool is_enclosure_line(std::string_view s) noexcept {
  return s.find(" at Port ") != std::string_view::npos && s.find(", Box ") != std::string_view::npos;
}

class reader : public line_reader<reader> {
  friend line_reader<reader>;

  void blank_line() { error_ = std::nullopt; }  // a blank line ends an error message
  void finish() { finish_controller(); }

  void read_line(std::string_view s) {
    const auto words = split_fields(s);
    if (s.starts_with("=>")) {  // the ssacli console prompt, "=> ctrl all show config"
      recognised_ = true;
      return;
    }
    if (error_ && !is_smart_array_line(s) && (s.find(':') == std::string_view::npos || istarts_with(s, "Reason:"))) {
      inv_.warnings[*error_].text += ' ';
      inv_.warnings[*error_].text += s;
      return;
    }
    error_ = std::nullopt;
    if (istarts_with(s, "Error:") || istarts_with(s, "Warning:")) {
      // A message that runs over the next lines: they are added to it.
      recognised_ = true;
      error_ = inv_.warnings.size();
      const bool error = istarts_with(s, "Error:");
      warn((error ? "ssacli error: " : "ssacli warning: ") + std::string(trim(s.substr(error ? 6 : 8))));
      return;
    }
    if (iequals(words[0], "physicaldrive") && words.size() >= 2) return drive_line(s, words);
    if (iequals(words[0], "logicaldrive") && words.size() >= 2) return logical_line(s, words);
    if (is_controller_header(s)) return controller_header(s);
    if ((iequals(words[0], "array") && words.size() >= 2 && !words[1].ends_with(':')) ||
        (iequals(words[0], "array:") && words.size() >= 2))
      return array_header(s);
    if (words.size() == 1 && iequals(words[0], "unassigned")) return group(listing::unassigned);
    if (iequals(s, "HBA Drives")) return group(listing::hba);
    const auto kv = split_key_value(s);
    const bool block_header = is_listed(words[0], block_first_words) || is_enclosure_line(s);
    if (!kv || block_header || iequals(kv->key, "Port Name")) {
      // Another kind of block (a port, an enclosure, an expander): its keys belong to no drive.
      section_ = section::other;
      where_ = listing::none;
      if (!kv && !block_header && !is_listed(s, ignored_lines)) warn(not_read(s));
      return;
    }
    if (iequals(kv->key, "Logical Drive")) return logical_header(kv->value);
    bool read = false;
    if (ctrl_) {
      switch (section_) {
        case section::controller: read = controller_key(kv->key, kv->value); break;
        case section::logical: read = logical_key(kv->key, kv->value); break;
        case section::physical: read = drive_key(kv->key, kv->value); break;
        case section::array:
          // The detail form: "Array: B" then "Status: Failed" (or "Failed Physical Drive", which the
          // logical drives show themselves).
          if (iequals(kv->key, "Status")) {
            if (iequals(kv->value, "Failed")) notes_.failed_arrays.push_back(notes_.arrays.size() - 1);
            read = true;
          }
          break;
        case section::other: break;
      }
    }
    if (!read && !is_listed(kv->key, ignored_keys)) warn(not_read(s));
  }

  static bool is_controller_header(std::string_view s) {
    const auto at = s.find(" in Slot ");
    return at != std::string_view::npos && s.substr(0, at).find(':') == std::string_view::npos;
  }

  // "Smart Array P410i in Slot 0 (Embedded)    (sn: 50014380095E2C50)"
  void controller_header(std::string_view s) {
    finish_controller();
    recognised_ = true;
    inv_.controllers.emplace_back();
    ctrl_ = true;
    controller& c = inv_.controllers.back();
    const auto at = s.find(" in Slot ");
    const std::string_view model = trim(s.substr(0, at));
    c.model = std::string(model);
    const auto first = split_fields(model);
    if (!first.empty() && (first[0] == "HP" || first[0] == "HPE")) c.vendor = std::string(first[0]);
    std::string_view place = s.substr(at + 4);
    const auto sn = place.find("(sn:");
    if (sn != std::string_view::npos) {
      std::string_view serial = place.substr(sn + 4);
      serial = trim(serial.substr(0, serial.find(')')));
      if (!serial.empty()) c.serial = std::string(serial);
      place = place.substr(0, sn);
    }
    c.slot = std::string(trim(place));
    c.number = number_after(place, "Slot ");
    section_ = section::controller;
    where_ = listing::none;
  }

  controller& ensure_controller() {
    if (!ctrl_) {
      inv_.controllers.emplace_back();
      ctrl_ = true;
    }
    return inv_.controllers.back();
  }

  // "array A (SAS, Unused Space: 0  MB)", "array B (Failed)", "array C (SATA, ..., Status: Failed Physical Drive)":
  // only a failure of the array itself fails its logical drives; a failed drive shows on them already.
  void array_header(std::string_view s) {
    ensure_controller();
    notes_.arrays.emplace_back();
    section_ = section::array;
    where_ = listing::array;
    for (std::string_view field : paren_fields(s)) {
      if (istarts_with(field, "Status:")) field = trim(field.substr(7));
      if (iequals(field, "Failed")) notes_.failed_arrays.push_back(notes_.arrays.size() - 1);
    }
  }

  void group(listing where) {
    section_ = section::other;
    where_ = where;
  }

  std::size_t current_array() {
    if (where_ != listing::array) {
      notes_.arrays.emplace_back();
      where_ = listing::array;
    }
    return notes_.arrays.size() - 1;
  }

  std::size_t find_logical(unsigned id) {
    controller& c = ensure_controller();
    for (std::size_t i = 0; i < c.virtual_drives.size(); ++i)
      if (c.virtual_drives[i].id == id) return i;
    c.virtual_drives.emplace_back().id = id;
    c.virtual_drives.back().kind = vd_kind::volume;
    notes_.vd_array.push_back(current_array());
    notes_.vd_caching.emplace_back();
    return c.virtual_drives.size() - 1;
  }

  std::size_t find_drive(std::string_view location) {
    controller& c = ensure_controller();
    for (std::size_t i = 0; i < c.physical_drives.size(); ++i)
      if (c.physical_drives[i].location == location) return i;
    c.physical_drives.emplace_back().location = std::string(location);
    notes_.drives.emplace_back();
    return c.physical_drives.size() - 1;
  }

  void logical_header(std::string_view value) {
    recognised_ = true;
    const auto id = parse_uint(value);
    if (!id) {
      warn("logical drive number '" + std::string(value) + "' is not a number");
      section_ = section::other;
      return;
    }
    vd_ = find_logical(*id);
    section_ = section::logical;
  }

  // "logicaldrive 1 (2.2 TB, RAID 1+0, OK)", "logicaldrive 2 (1.6 TB, RAID 5, Recovering, 37% complete)"
  void logical_line(std::string_view s, const std::vector<std::string_view>& words) {
    recognised_ = true;
    std::string_view number = words[1];
    number = number.substr(0, number.find('('));
    const auto id = parse_uint(number);
    if (!id) return warn("logical drive number '" + std::string(number) + "' is not a number");
    const std::size_t index = find_logical(*id);
    virtual_drive& vd = inv_.controllers.back().virtual_drives[index];
    bool have_status = false;
    for (std::string_view field : paren_fields(s)) {
      if (istarts_with(field, "RAID")) {
        if (auto level = parse_level(field)) vd.level = level;
        else warn("unknown RAID level '" + std::string(field) + "'");
      } else if (auto size = parse_tool_size(field); size && !vd.size_bytes) {
        vd.size_bytes = size;
      } else if (auto pct = percent_complete(field)) {
        vd.progress_percent = pct;
      } else if (!have_status) {
        have_status = true;
        logical_status(vd, field);
      }
    }
  }

  void logical_status(virtual_drive& vd, std::string_view value) {
    if (!read_ld_status(value, vd)) warn("unknown logical drive status '" + std::string(value) + "'");
    if (auto pct = percent_complete(value)) vd.progress_percent = pct;
  }

  bool logical_key(std::string_view key, std::string_view value) {
    virtual_drive& vd = inv_.controllers.back().virtual_drives[vd_];
    static constexpr text_field<virtual_drive> text_fields[] = {{"Logical Drive Label", &virtual_drive::name},
                                                                {"Disk Name", &virtual_drive::os_device}};
    if (read_text_field(vd, text_fields, key, value)) return true;
    if (iequals(key, "Size")) {
      keep_or_warn(vd.size_bytes, parse_tool_size(value), "unreadable logical drive size", value);
    } else if (iequals(key, "Fault Tolerance")) {
      keep_or_warn(vd.level, parse_level(value), "unknown RAID level", value);
    } else if (iequals(key, "Strip Size") || iequals(key, "Stripe Size")) {
      keep_or_warn(vd.strip_bytes, parse_tool_size(value), "unreadable strip size", value);
    } else if (iequals(key, "Status")) {
      logical_status(vd, value);
    } else if (iequals(key, "Parity Initialization Status")) {
      if (istarts_with(value, "In Progress") || istarts_with(value, "Queued")) vd.operation = vd_operation::initialize;
    } else if (iequals(key, "Parity Initialization Progress") || iequals(key, "Surface Analysis Progress") ||
               iequals(key, "Transformation Progress") || iequals(key, "Recovery Progress")) {
      if (auto pct = percent_complete(value); pct && vd.operation) vd.progress_percent = pct;
    } else if (iequals(key, "Caching") || iequals(key, "Array Accelerator")) {
      // "Array Accelerator" is the older tools' name of a logical drive's use of the controller cache.
      if (iequals(value, "Enabled")) notes_.vd_caching[vd_] = true;
      else if (iequals(value, "Disabled")) notes_.vd_caching[vd_] = false;
    } else {
      return false;
    }
    return true;
  }

  // "physicaldrive 1I:1:1 (port 1I:box 1:bay 1, SAS HDD, 600 GB, OK, spare)" or, alone, a detail header.
  void drive_line(std::string_view s, const std::vector<std::string_view>& words) {
    recognised_ = true;
    std::string_view location = words[1];
    location = location.substr(0, location.find('('));
    const std::size_t index = find_drive(location);
    drive_notes& notes = notes_.drives[index];
    if (where_ != listing::none) notes.where = where_;
    if (where_ == listing::array) {
      auto& members = notes_.arrays.back();
      if (std::find(members.begin(), members.end(), index) == members.end()) members.push_back(index);
    }
    if (s.find('(') == std::string_view::npos) {
      pd_ = index;
      section_ = section::physical;
      return;
    }
    physical_drive& pd = inv_.controllers.back().physical_drives[index];
    bool have_status = false;
    // "pd all show status": "physicaldrive 1I:1:1 (port 1I:box 1:bay 1, 0 GB): Failed".
    if (const auto after = s.rfind("):"); after != std::string_view::npos && !trim(s.substr(after + 2)).empty()) {
      have_status = true;
      notes.status = std::string(trim(s.substr(after + 2)));
      notes.status_line = number_;
    }
    for (std::string_view field : paren_fields(s)) {
      if (istarts_with(field, "port ")) {
        pd.enclosure = number_after(field, "box ");
        pd.slot = number_after(field, "bay ");
      } else if (iequals(field, "spare") || iequals(field, "active spare")) {
        notes.spare = true;
      } else if (auto size = parse_tool_size(field, 1000)) {
        pd.size_bytes = size;
      } else if (apply_interface(field, pd)) {
      } else if (!have_status) {
        have_status = true;
        notes.status = std::string(field);
        notes.status_line = number_;
      }
    }
  }

  bool drive_key(std::string_view key, std::string_view value) {
    physical_drive& pd = inv_.controllers.back().physical_drives[pd_];
    drive_notes& notes = notes_.drives[pd_];
    // "Disk Name": a drive in HBA mode, seen by the OS itself.
    static constexpr text_field<physical_drive> text_fields[] = {{"Serial Number", &physical_drive::serial},
                                                                 {"Disk Name", &physical_drive::os_device}};
    if (read_text_field(pd, text_fields, key, value)) return true;
    if (iequals(key, "Box")) {
      pd.enclosure = parse_uint(value);
    } else if (iequals(key, "Bay")) {
      pd.slot = parse_uint(value);
    } else if (iequals(key, "Status")) {
      notes.status = std::string(value);
      notes.status_line = number_;
    } else if (iequals(key, "Drive Type")) {
      if (icontains(value, "unassigned")) notes.where = listing::unassigned;
      else if (icontains(value, "spare")) notes.spare = true;
      else if (icontains(value, "hba")) notes.where = listing::hba;
      else if (icontains(value, "data") && notes.where == listing::none) notes.where = listing::array;
    } else if (iequals(key, "Interface Type")) {
      if (!apply_interface(value, pd)) warn("unknown drive interface '" + std::string(value) + "'");
    } else if (iequals(key, "Size")) {
      keep_or_warn(pd.size_bytes, parse_tool_size(value, 1000), "unreadable drive size", value);
    } else if (iequals(key, "Rotational Speed")) {
      if (auto rpm = parse_unsigned(value); rpm && *rpm > 0 && !pd.media) pd.media = media_type::hdd;
    } else if (iequals(key, "Firmware Revision")) {
      const auto fw = split_fields(value);
      if (!fw.empty()) pd.firmware = std::string(fw[0]);
    } else if (iequals(key, "Model")) {
      std::string model;
      for (auto w : split_fields(value)) model += (model.empty() ? "" : " ") + std::string(w);
      if (!model.empty()) pd.model = std::move(model);
    } else if (iequals(key, "Current Temperature (C)")) {
      keep_or_warn(pd.temperature_celsius, parse_leading_number(value), "unreadable drive temperature", value);
    } else if (iequals(key, "SSD Smart Trip Wearout")) {
      if (iequals(value, "True")) pd.smart_alert = true;
      else if (iequals(value, "False")) pd.smart_alert = false;
    } else {
      return false;
    }
    return true;
  }

  bool controller_key(std::string_view key, std::string_view value) {
    controller& c = inv_.controllers.back();
    static constexpr text_field<controller> text_fields[] = {{"Serial Number", &controller::serial},
                                                             {"Firmware Version", &controller::firmware}};
    if (read_text_field(c, text_fields, key, value)) return true;
    if (iequals(key, "PCI Address (Domain")) {
      // Split at its first colon: "PCI Address (Domain:Bus:Device.Function): 0000:03:00.0".
      const auto close = value.find("):");
      keep_or_warn(c.pci_address, close == std::string_view::npos ? std::nullopt : parse_pci_address(value.substr(close + 2)),
                   "unreadable PCI address", value);
    } else if (iequals(key, "Total Cache Size")) {
      if (auto size = parse_tool_size(value)) c.cache_bytes = size;
      else warn("cache size '" + std::string(value) + "' has no readable unit");
    } else if (iequals(key, "Cache Ratio") || iequals(key, "Accelerator Ratio")) {
      const auto slash = value.find('/');
      const auto write = slash == std::string_view::npos ? std::nullopt : parse_leading_number(value.substr(slash + 1));
      if (!write || !icontains(value.substr(slash + 1), "write")) {
        warn("unreadable cache ratio '" + std::string(value) + "'");
        return true;
      }
      notes_.configured_write = *write > 0 ? write_policy::write_back : write_policy::write_through;
    } else if (iequals(key, "Cache Status")) {
      if (istarts_with(value, "OK")) notes_.cache_working = true;
      else if (icontains(value, "disabled") || icontains(value, "not configured")) notes_.cache_working = false;
      else warn("unknown cache status '" + std::string(value) + "'");
    } else if (iequals(key, "Drive Write Cache")) {
      if (iequals(value, "Enabled")) c.current_policy.disk_cache = disk_cache_policy::enabled;
      else if (iequals(value, "Disabled")) c.current_policy.disk_cache = disk_cache_policy::disabled;
    } else if (iequals(key, "No-Battery Write Cache")) {
      // "Disabled" means the controller stops write caching without a charged battery.
      if (iequals(value, "Disabled")) c.default_policy.no_write_cache_if_bad_battery = true;
      else if (iequals(value, "Enabled")) c.default_policy.no_write_cache_if_bad_battery = false;
    } else if (iequals(key, "Cache Backup Power Source")) {
      if (istarts_with(value, "Batter")) c.battery.kind = battery_kind::bbu;
      else if (istarts_with(value, "Capacitor")) c.battery.kind = battery_kind::fbwc;
      else warn("unknown cache backup power source '" + std::string(value) + "'");
    } else if (iequals(key, "Battery/Capacitor Count")) {
      keep_or_warn(notes_.battery_count, parse_uint(value), "unreadable battery count", value);
    } else if (iequals(key, "Battery/Capacitor Status")) {
      battery_status(c.battery, value);
    } else if (iequals(key, "Capacitor Temperature (C)") || iequals(key, "Capacitor Temperature  (C)") ||
               iequals(key, "Battery Temperature (C)")) {
      if (auto t = parse_leading_number(value)) c.battery.temperature_celsius = t;
    } else {
      return false;
    }
    return true;
  }

  void battery_status(battery& b, std::string_view value) {
    if (istarts_with(value, "OK")) b.state = battery_state::optimal;
    else if (icontains(value, "fail")) b.state = battery_state::failed;
    else if (icontains(value, "charging") || icontains(value, "not fully charged")) b.state = battery_state::charging;
    else if (icontains(value, "missing") || icontains(value, "not present")) b.state = battery_state::missing;
    else return warn("unknown battery/capacitor status '" + std::string(value) + "'");
    if (icontains(value, "replace")) b.replacement_required = true;
  }

  void finish_controller() {
    if (!ctrl_) return;
    controller& c = inv_.controllers.back();
    if (notes_.battery_count) c.battery.present = *notes_.battery_count > 0;
    else if (c.battery.state) c.battery.present = *c.battery.state != battery_state::missing;
    c.default_policy.write = notes_.configured_write;
    if (notes_.cache_working) c.current_policy.write = *notes_.cache_working ? notes_.configured_write : write_policy::write_through;
    for (std::size_t i = 0; i < c.virtual_drives.size(); ++i) {
      virtual_drive& vd = c.virtual_drives[i];
      // A spare is listed in its array but holds none of its data.
      unsigned data_drives = 0;
      for (std::size_t d : notes_.arrays[notes_.vd_array[i]]) data_drives += notes_.drives[d].spare ? 0 : 1;
      if (data_drives > 0) vd.drive_count = data_drives;
      for (std::size_t failed : notes_.failed_arrays)
        if (notes_.vd_array[i] == failed) vd.state = vd_state::failed;
      // The drives' own cache is a controller-wide setting on Smart Arrays.
      vd.current_policy.disk_cache = c.current_policy.disk_cache;
      // A logical drive with caching disabled bypasses the controller cache; enabled, it follows it.
      if (const auto caching = notes_.vd_caching[i]) {
        vd.default_policy.write = *caching ? c.default_policy.write : write_policy::write_through;
        vd.current_policy.write = *caching ? c.current_policy.write : write_policy::write_through;
      }
    }
    for (std::size_t i = 0; i < c.physical_drives.size(); ++i) finish_drive(c.physical_drives[i], notes_.drives[i]);
    notes_ = {};
    ctrl_ = false;
  }

  void finish_drive(physical_drive& pd, const drive_notes& notes) {
    const std::string_view status = notes.status;
    const bool healthy = iequals(status, "OK") || iequals(status, "Predictive Failure");
    if (iequals(status, "Predictive Failure")) pd.smart_alert = true;
    if (healthy && notes.spare) pd.state = pd_state::hot_spare;
    else if (healthy && notes.where == listing::array) pd.state = pd_state::online;
    else if (healthy && notes.where == listing::unassigned) pd.state = pd_state::unconfigured_good;
    else if (healthy && notes.where == listing::hba) pd.state = pd_state::jbod;
    else if (iequals(status, "Failed")) pd.state = pd_state::failed;
    else if (iequals(status, "Rebuilding")) pd.state = pd_state::rebuilding;
    else if (!healthy && !status.empty())
      inv_.warnings.push_back({notes.status_line, "unknown drive status '" + notes.status + "'"});
  }

  controller_notes notes_;
  bool ctrl_ = false;  // inv_.controllers.back() is the controller being read
  section section_ = section::other;
  listing where_ = listing::none;
  std::size_t vd_ = 0, pd_ = 0;
  std::optional<std::size_t> error_;  // warning that continuation lines of an "Error:" extend
};

}  // namespace detail::smart_array

RAIDBENCH_API bool detect_tool_text(ssacli, std::string_view text) noexcept {
  while (!text.empty()) {
    const auto end = text.find('\n');
    if (detail::smart_array::is_smart_array_line(detail::trim(text.substr(0, end)))) return true;
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return false;
}

RAIDBENCH_API expected<inventory> parse_tool_text(ssacli, std::string_view text) {
  return detail::cover_listed(
      detail::smart_array::reader{}.read(text, "ssacli", "no Smart Array controller, drive or ssacli message in this text"));
}

}  // namespace raidbench
