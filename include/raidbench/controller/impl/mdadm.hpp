#pragma once
// The mdadm parser's definitions (see core/linkage.hpp): included by mdadm.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/detail/coverage.hpp"
#include "raidbench/controller/detail/md.hpp"
#include "raidbench/controller/mdadm.hpp"
#include "raidbench/controller/line_reader.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::md {

/// "/dev/md0:", "/dev/md/home:": the header mdadm prints above each array.
constexpr bool is_detail_header(std::string_view s) noexcept {
  return s.starts_with("/dev/") && s.ends_with(':') && s.find(' ') == std::string_view::npos;
}

// "clean, degraded, recovering", "active, FAILED, Not Started", "clean, resyncing (DELAYED)": the
// health words give the state, the others the operation running beside it.
inline std::optional<vd_state> parse_detail_state(std::string_view s) {
  if (icontains(s, "failed")) return vd_state::failed;
  if (icontains(s, "inactive") || icontains(s, "not started")) return vd_state::inactive;
  if (icontains(s, "degraded")) return vd_state::degraded;
  if (istarts_with(s, "clean") || istarts_with(s, "active")) return vd_state::optimal;
  return std::nullopt;
}

inline std::optional<vd_operation> parse_detail_operation(std::string_view s) {
  if (icontains(s, "recovering")) return vd_operation::rebuild;
  if (icontains(s, "resyncing")) return vd_operation::resync;
  if (icontains(s, "reshaping")) return vd_operation::reshape;
  if (icontains(s, "checking")) return vd_operation::check;
  if (icontains(s, "repairing")) return vd_operation::repair;
  return std::nullopt;
}

// Keys of `mdadm --detail` the model has no field for, read past on purpose.
inline constexpr text::line_list ignored_detail_keys{R"(
Version
Creation Time
Used Dev Size
Total Devices
Working Devices
Active Devices
Failed Devices
Spare Devices
Persistence
Preferred Minor
Update Time
Events
UUID
Name
Consistency Policy
Intent Bitmap
Layout
Virtual Disks
Seq
Container GUID
Member Arrays
Container
Cluster Name
Delta Devices
New Level
New Layout
New Chunksize
Reshape pos'n
Number of Devices
Journal
Unique Identifier
)"};

// "0 8 17 0 active sync /dev/sdb1", "- 0 0 1 removed": number, major, minor, role, each a number or "-".
inline bool is_device_row(const std::vector<std::string_view>& words) {
  if (words.size() < 4) return false;
  for (std::size_t i = 0; i < 4; ++i)
    if (words[i] != "-" && !parse_unsigned(words[i])) return false;
  return true;
}

class mdadm_reader : public line_reader<mdadm_reader> {
  friend line_reader<mdadm_reader>;

  void read_line(std::string_view s) {
    if (istarts_with(s, "mdadm:")) {
      recognised_ = true;
      return warn(std::string(s));
    }
    if (is_detail_header(s)) return header(s);
    if (!vd_) return warn(not_read(s));
    const auto words = split_fields(s);
    if (words.size() >= 4 && words[0] == "Number" && words[1] == "Major") {
      table_ = true;
      return;
    }
    if (table_ && is_device_row(words)) return device_row(s, words);
    if (table_) return warn(not_read(s));
    if (s.front() == '(' && after_guid_) return;  // second line of "Container GUID"
    const auto colon = s.find(" : ");
    if (colon == std::string_view::npos) return warn(not_read(s));
    const std::string_view key = trim(s.substr(0, colon));
    after_guid_ = key == "Container GUID";
    detail_key(key, trim(s.substr(colon + 3)), s);
  }

  void header(std::string_view s) {
    recognised_ = true;
    if (inv_.controllers.empty()) inv_.controllers.emplace_back();
    controller& c = inv_.controllers.back();
    virtual_drive& vd = c.virtual_drives.emplace_back();
    vd_ = c.virtual_drives.size() - 1;
    std::string_view name = s.substr(5, s.size() - 6);  // without "/dev/" and ':'
    vd.name = std::string(name);
    vd.os_device = "/dev/" + std::string(name);
    vd.id = array_number(name);
    vd.kind = vd_kind::volume;
    table_ = false;
  }

  void detail_key(std::string_view key, std::string_view value, std::string_view line) {
    virtual_drive& vd = inv_.controllers.back().virtual_drives[*vd_];
    if (key == "Raid Level") {
      if (iequals(value, "container")) {
        vd.kind = vd_kind::container;  // IMSM/DDF metadata; the arrays are its members' own entries
        vd.state.reset();
      } else if (auto level = parse_personality(value)) {
        vd.level = level;
      } else {
        warn("unknown RAID level '" + std::string(value) + "'");
      }
    } else if (key == "Array Size") {
      // In KiB, then the human size: "5860520828 (5.46 TiB 6.00 TB)".
      keep_or_warn(vd.size_bytes, parse_count(value.substr(0, value.find(' ')), 1024), "unreadable array size", value);
    } else if (key == "Raid Devices") {
      keep_or_warn(vd.drive_count, parse_uint(value), "unreadable device count", value);
    } else if (key == "State") {
      const auto state = parse_detail_state(value);
      if (vd.kind != vd_kind::container && state) vd.state = state;
      else if (!state) warn("unknown array state '" + std::string(value) + "'");
      if (auto operation = parse_detail_operation(value)) vd.operation = operation;
    } else if (key == "Chunk Size") {
      keep_or_warn(vd.strip_bytes, parse_tool_size(value), "unreadable chunk size", value);
    } else if (key == "Rebuild Status" || key == "Resync Status" || key == "Reshape Status" || key == "Check Status") {
      if (!vd.operation)
        vd.operation = key == "Rebuild Status"  ? vd_operation::rebuild
                     : key == "Resync Status"   ? vd_operation::resync
                     : key == "Reshape Status"  ? vd_operation::reshape
                                                : vd_operation::check;
      if (auto pct = parse_leading_number(value)) vd.progress_percent = pct;
      else if (!iequals(value, "DELAYED") && !iequals(value, "PENDING")) warn("unreadable progress '" + std::string(value) + "'");
    } else if (!is_listed(key, ignored_detail_keys)) {
      warn(not_read(line));
    }
  }

  // "0  254  1  0  active sync  /dev/vda1", "-  0  0  1  removed", "2  254  2  -  faulty failfast  /dev/vda2"
  void device_row(std::string_view s, const std::vector<std::string_view>& words) {
    if (words.size() < 4) return warn("unreadable device row '" + std::string(s) + "'");
    physical_drive& pd = inv_.controllers.back().physical_drives.emplace_back();
    pd.device_id = parse_uint(words[0]);
    if (words.size() >= 4) pd.slot = parse_uint(words[3]);
    bool active = false, faulty = false, spare = false, rebuilding = false, removed = false;
    for (std::size_t i = 4; i < words.size(); ++i) {
      const std::string_view w = words[i];
      if (w.starts_with("/dev/")) pd.location = std::string(w.substr(5));
      else if (w == "active") active = true;
      else if (w == "faulty") faulty = true;
      else if (w == "spare") spare = true;
      else if (w == "rebuilding") rebuilding = true;
      else if (w == "removed") removed = true;
    }
    if (faulty) pd.state = pd_state::failed;
    else if (removed) pd.state = pd_state::missing;
    else if (rebuilding) pd.state = pd_state::rebuilding;
    else if (spare) pd.state = pd_state::hot_spare;
    else if (active) pd.state = pd_state::online;
    // A container's devices carry no role words, yet each holds the container's metadata and arrays.
    else if (inv_.controllers.back().virtual_drives[*vd_].kind == vd_kind::container) pd.state = pd_state::online;
  }

  std::optional<std::size_t> vd_;  // array being read
  bool table_ = false;             // inside the device table
  bool after_guid_ = false;        // the line before was "Container GUID", which wraps
};

}  // namespace detail::md

RAIDBENCH_API bool detect_tool_text(mdadm, std::string_view text) noexcept {
  bool header = false;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view s = detail::trim(text.substr(0, end));
    header = header || detail::md::is_detail_header(s);
    if (header && s.starts_with("Raid Level :")) return true;
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return false;
}

RAIDBENCH_API expected<inventory> parse_tool_text(mdadm, std::string_view text) {
  return detail::cover_listed(detail::md::mdadm_reader{}.read(text, "mdadm", "no 'mdadm --detail' output found"));
}

}  // namespace raidbench
