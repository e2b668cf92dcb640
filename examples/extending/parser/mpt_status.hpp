#pragma once
// A parser for mpt-status (LSI Fusion-MPT integrated RAID: `mpt-status -n -i ID`), written as a user
// writes one: a tag, a parser_traits specialisation, and raidbench's public parser toolkit.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "raidbench/controller/line_reader.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/text/toolkit.hpp"

struct mpt_status {};  // the tag

namespace mpt_status_parser {
using namespace raidbench;
using text::spelling;

inline constexpr spelling<raid_level> levels[] = {{"RAID-0", raid_level::raid0}, {"RAID-1", raid_level::raid1}, {"RAID-1E", raid_level::raid1e}};
inline constexpr spelling<vd_state> volume_states[] = {
    {"OPTIMAL", vd_state::optimal}, {"DEGRADED", vd_state::degraded}, {"FAILED", vd_state::failed}, {"MISSING", vd_state::offline}};
inline constexpr spelling<pd_state> disk_states[] = {{"ONLINE", pd_state::online}, {"MISSING", pd_state::missing},
                                                     {"FAILED", pd_state::failed}, {"INITIALIZING", pd_state::rebuilding},
                                                     {"OFFLINE_REQUESTED", pd_state::offline}, {"FAILED_REQUESTED", pd_state::failed}};

// "key:value" pairs whose values may hold blanks ("product_id:CBRCA146C3ETS0 N"): to the next key.
inline constexpr std::string_view keys[] = {"ioc:", "vol_id:", "phys_id:", "scsi_id:", "type:", "raidlevel:", "num_disks:",
    "size(GB):", "state:", "flags:", "vendor:", "product_id:", "revision:", "sync_state:", "ASC/ASCQ:", "SMART ASC/ASCQ:"};
inline std::optional<std::string> value_of(std::string_view line, std::string_view key) {
  std::size_t at = line.find(key);
  while (at != line.npos && at > 0 && line[at - 1] != ' ') at = line.find(key, at + 1);  // "ASC/ASCQ:" inside "SMART ASC/ASCQ:"
  if (at == line.npos) return std::nullopt;
  const std::size_t start = at + key.size();
  std::size_t end = line.size();
  for (auto k : keys)
    if (const auto next = line.find(" " + std::string(k), start); next < end) end = next;
  return std::string(text::trim(line.substr(start, end - start)));
}

class reader : public text::line_reader<reader> {
  friend text::line_reader<reader>;
  static std::optional<std::uint64_t> size_of(std::string_view line) {
    return text::parse_tool_size(value_of(line, "size(GB):").value_or("") + " GB");
  }
  void read_line(std::string_view line) {
    const auto ioc = value_of(line, "ioc:"), state = value_of(line, "state:");
    if (line.starts_with("scsi_id:") && line.ends_with('%')) return;  // a disk's sync progress, said above
    if (!ioc || !state) return warn(text::not_read(line));
    if (inv_.controllers.empty()) inv_.controllers.emplace_back().number = text::parse_uint(*ioc);
    recognised_ = true;
    controller& c = inv_.controllers.front();
    c.coverage.arrays = c.coverage.drives = true;
    if (const auto vol = value_of(line, "vol_id:")) {
      auto& v = c.virtual_drives.emplace_back();
      v.id = text::parse_uint(*vol);
      v.level = text::look_up(value_of(line, "raidlevel:").value_or(""), levels);
      v.state = text::look_up(*state, volume_states);
      v.drive_count = text::parse_uint(value_of(line, "num_disks:").value_or(""));
      v.size_bytes = size_of(line);
      if (value_of(line, "flags:").value_or("").find("RESYNC_IN_PROGRESS") != std::string_view::npos) v.operation = vd_operation::resync;
      if (!v.level || !v.state) warn("unknown RAID level or volume state: " + std::string(line));
    } else if (const auto phys = value_of(line, "phys_id:")) {
      auto& d = c.physical_drives.emplace_back();
      d.slot = text::parse_uint(*phys);
      d.location = "phys_id " + std::string(*phys);
      d.model = value_of(line, "product_id:"), d.firmware = value_of(line, "revision:");
      d.size_bytes = size_of(line);
      if (!(d.state = text::look_up(*state, disk_states))) warn("unknown disk state: " + std::string(line));
    }
  }
};

}  // namespace mpt_status_parser

template <>
struct raidbench::parser_traits<mpt_status> {
  static constexpr std::string_view name = "mpt-status";
  static bool detect(std::string_view t) noexcept { return t.starts_with("ioc:") && t.find(" state: ") != std::string_view::npos; }
  static expected<inventory> parse(std::string_view t) { return mpt_status_parser::reader().read(t, "mpt-status", "no ioc line"); }
};
