#pragma once
// A parser for 3ware/LSI tw_cli (`info`, `info c0`, `/c0 show`, `/c0/p0 show model serial ...`),
// written as a user writes one: a tag, a parser_traits specialisation, and raidbench's public parser
// toolkit (raidbench::text). Nothing it does not read vanishes: such a line is a warning.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/controller/line_reader.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/text/toolkit.hpp"

/// Tag for 3ware tw_cli output.
struct tw_cli {};

namespace tw_cli_parser {
using namespace raidbench;
using text::spelling;

inline constexpr spelling<raid_level> levels[] = {{"RAID-0", raid_level::raid0}, {"RAID-1", raid_level::raid1},
    {"RAID-5", raid_level::raid5}, {"RAID-6", raid_level::raid6}, {"RAID-10", raid_level::raid10},
    {"RAID-50", raid_level::raid50}, {"SINGLE", raid_level::jbod}, {"JBOD", raid_level::jbod}};
inline constexpr spelling<write_policy> cache_modes[] = {{"ON", write_policy::write_back}, {"OFF", write_policy::write_through}};
inline constexpr spelling<pd_state> port_states[] = {{"OK", pd_state::online}, {"DEGRADED", pd_state::failed},
    {"ECC-ERROR", pd_state::failed}, {"DEVICE-ERROR", pd_state::failed}, {"REBUILDING", pd_state::rebuilding},
    {"NOT-PRESENT", pd_state::missing}};
// A unit's status is its health, the work running on it, or both (REBUILDING: degraded until it ends).
struct unit_status { std::optional<vd_state> state; std::optional<vd_operation> operation; };
inline constexpr spelling<unit_status> unit_statuses[] = {{"OK", {vd_state::optimal, {}}},
    {"VERIFYING", {vd_state::optimal, vd_operation::verify}}, {"DEGRADED", {vd_state::degraded, {}}},
    {"REBUILDING", {vd_state::degraded, vd_operation::rebuild}}, {"INITIALIZING", {{}, vd_operation::initialize}},
    {"MIGRATING", {{}, vd_operation::reshape}}, {"INOPERABLE", {vd_state::failed, {}}}};
// The text fields a `/cX/pY show` line sets: "/c0/p0 Model = WDC WD740ADFD-00NLR4".
inline constexpr spelling<std::optional<std::string> physical_drive::*> shown_texts[] = {
    {"Model", &physical_drive::model}, {"Serial", &physical_drive::serial}, {"Firmware Version", &physical_drive::firmware}};
// The tables tw_cli prints, known by their header's first word ("Unit  UnitType  Status  %RCmpl …").
enum class table { none, controllers, units, ports };
inline constexpr spelling<table> headers[] = {{"Ctl", table::controllers}, {"Unit", table::units}, {"Port", table::ports}};

class reader : public text::line_reader<reader> {
  friend text::line_reader<reader>;
  static std::optional<unsigned> nr(std::string_view w, char c) { return w.starts_with(c) ? text::parse_uint(w.substr(1)) : std::nullopt; }
  controller& ctrl(std::optional<unsigned> n = {}) {
    for (auto& c : inv_.controllers) if (!n || !c.number || c.number == n) return c;
    auto& c = inv_.controllers.emplace_back();
    c.number = n;
    c.vendor = "3ware";
    recognised_ = true;  // tw_cli's output holds a controller, a unit or a port
    return c;
  }
  physical_drive& port(unsigned slot, std::optional<unsigned> c = {}) {
    for (auto& d : ctrl(c).physical_drives) if (d.slot == slot) return d;
    auto& d = ctrl(c).physical_drives.emplace_back();
    d.location = 'p' + std::to_string(slot);
    d.slot = slot;
    return d;
  }

  void read_line(std::string_view line) {
    const auto f = text::split_fields(line);
    if (f[0].find_first_not_of('-') == f[0].npos) return;  // a rule under a table's header
    if (auto t = text::look_up(f[0], headers)) return void(table_ = *t);
    const auto c = nr(f[0], 'c'), u = nr(f[0], 'u'), p = nr(f[0], 'p');
    const auto shown = f[0].starts_with("/c") ? text::number_after(f[0], "/p") : std::nullopt;  // "/c0/p3 Model = …"
    if (table_ == table::controllers && c && f.size() >= 9) {
      ctrl(c).model = std::string(f[1]);
      ctrl(c).battery.present = f[8] != "-";  // "-": no BBU fitted
    } else if (table_ == table::units && u && f.size() >= 8) {
      auto& v = ctrl().virtual_drives.emplace_back();
      v.id = u;
      v.kind = vd_kind::volume;
      v.level = text::look_up(f[1], levels);
      const auto status = text::look_up(f[2], unit_statuses);
      if (!v.level || !status) return warn("unknown unit type or status: " + std::string(line));
      v.state = status->state;
      v.operation = status->operation;
      // %RCmpl for a rebuild, %V/I/M for a verify, an initialisation or a migration; "-" when none runs.
      v.progress_percent = text::parse_leading_number(v.operation == vd_operation::rebuild ? f[3] : f[4]);
      v.size_bytes = text::parse_tool_size(std::string(f[6]) + " GB");  // tw_cli's GB are GiB
      if (auto w = text::look_up(f[7], cache_modes)) v.current_policy.write = w;
    } else if (table_ == table::ports && p && f.size() >= 2) {  // "p1 NOT-PRESENT - - - -" too
      auto& d = port(*p);
      if (!(d.state = text::look_up(f[1], port_states))) warn("unknown port status '" + std::string(f[1]) + "'");
      if (auto bytes = f.size() >= 7 ? text::parse_count(f[5], 512) : std::nullopt) d.size_bytes = bytes;
      if (f.size() >= 7) d.serial = std::string(f[6]);
    } else if (const auto kv = text::split_key_value(line.substr(f[0].size()), '='); kv && shown) {
      show(port(*shown, text::number_after(f[0], "/c")), kv->key, kv->value, line);
    } else {
      warn(text::not_read(line));
    }
  }

  // A text field, or "/c0/p0 Capacity = 69.25 GB (145226112 Blocks)".
  void show(physical_drive& d, std::string_view key, std::string_view value, std::string_view line) {
    const auto open = value.find('(');
    if (const auto field = text::look_up(key, shown_texts)) d.*(*field) = std::string(value);
    else if (auto b = text::parse_count(value.substr(open + 1, value.find(' ', open) - open - 1), 512); key == "Capacity" && b)
      d.size_bytes = b;
    else warn(text::not_read(line));
  }

  table table_ = table::none;
};

}  // namespace tw_cli_parser

/// The extension point: name, detect and parse for tw_cli, checked by raidbench's controller_parser concept.
template <>
struct raidbench::parser_traits<tw_cli> {
  static constexpr std::string_view name = "tw_cli";
  static bool detect(std::string_view t) noexcept {
    return (text::icontains(t, "Ctl") && text::icontains(t, "NotOpt")) || text::icontains(t, "UnitType") ||
           (text::icontains(t, "Port") && text::icontains(t, "Blocks") && text::icontains(t, "Serial")) ||
           (t.starts_with("/c") && t.find("/p") != std::string_view::npos && t.find(" = ") != std::string_view::npos);
  }
  static expected<inventory> parse(std::string_view t) {
    return tw_cli_parser::reader().read(t, "tw_cli", "no tw_cli table or /cX/pY line found");
  }
};
