#pragma once
// The StorCLI parser's definitions (see core/linkage.hpp): included by storcli.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/controller/storcli.hpp"
#include "raidbench/controller/text.hpp"

namespace raidbench {

namespace detail::storcli_detail {

using row = std::map<std::string, std::string, std::less<>>;

inline std::string squash(std::string_view s) {
  std::string out;
  for (char c : s) {
    c = to_lower(c);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
  }
  return out;
}

inline std::optional<pd_state> pd_state_of(std::string_view s) {
  const std::string k = squash(s);
  if (k == "onln" || k == "online") return pd_state::online;
  if (k == "offln" || k == "offline") return pd_state::offline;
  if (k == "ugood") return pd_state::unconfigured_good;
  if (k == "ubad") return pd_state::unconfigured_bad;
  if (k == "ghs" || k == "dhs") return pd_state::hot_spare;
  if (k == "rbld") return pd_state::rebuilding;
  if (k == "cpybck") return pd_state::copyback;
  if (k == "jbod") return pd_state::jbod;
  if (k == "msng") return pd_state::missing;
  if (k == "failed" || k == "fail") return pd_state::failed;
  return std::nullopt;
}

inline std::optional<vd_state> vd_state_of(std::string_view s) {
  const std::string k = squash(s);
  if (k == "optl") return vd_state::optimal;
  if (k == "dgrd") return vd_state::degraded;
  if (k == "pdgd") return vd_state::partially_degraded;
  if (k == "ofln") return vd_state::offline;
  if (k == "rbld" || k == "rec") return vd_state::degraded;  // rebuilding or recovering: redundancy not back yet
  return std::nullopt;
}

inline std::optional<raid_level> level_of(std::string_view s) {
  const std::string k = squash(s);
  if (k == "raid0") return raid_level::raid0;
  if (k == "raid1") return raid_level::raid1;
  if (k == "raid1e") return raid_level::raid1e;
  if (k == "raid5") return raid_level::raid5;
  if (k == "raid6") return raid_level::raid6;
  if (k == "raid10") return raid_level::raid10;
  if (k == "raid50") return raid_level::raid50;
  if (k == "raid60") return raid_level::raid60;
  return std::nullopt;
}

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

inline std::optional<unsigned> number_after(std::string_view s, char letter) {
  const auto at = s.find(letter);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t end = at + 1;
  while (end < s.size() && s[end] >= '0' && s[end] <= '9') ++end;
  return parse_uint(s.substr(at + 1, end - at - 1));
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
    if (iequals(section, "Command Status") || section.empty() || iequals(section, "Basics")) {
      if (iequals(key, "Status")) { status_failed_ = iequals(value, "Failure"); return; }
      if (iequals(key, "Description")) { description_ = std::string(value); return; }
      if (iequals(key, "Controller")) { if (auto n = parse_uint(value)) select(n); return; }
    }
    if (iequals(section, "Command Status")) return;
    if (istarts_with(section, "Drive /")) { drive_kv(line, section, key, value); return; }
    if (istarts_with(section, "VD") && icontains(section, "Properties")) { vd_kv(line, section, key, value); return; }
    if (icontains(section, "BBU_Info") || icontains(section, "Cachevault_Info") || iequals(section, "BBU") ||
        iequals(section, "Cachevault") || iequals(section, "Firmware_Status") || iequals(section, "Firmware Status")) {
      battery_kv(line, section, key, value);
      return;
    }
    controller_kv(line, section, key, value);
  }

  void table_row(std::size_t line, std::string_view table, const row& r) {
    if (r.contains("Property") && r.contains("Value")) { kv(line, table, r.find("Property")->second, r.find("Value")->second); return; }
    if (iequals(table, "VD LIST") || (table.starts_with("/c") && table.find("/v") != std::string_view::npos)) vd_row(line, r);
    else if (iequals(table, "PD LIST") || istarts_with(table, "PDs for VD") || istarts_with(table, "Drive /")) pd_row(line, r);
    else if (icontains(table, "Cachevault_Info") || icontains(table, "BBU_Info")) battery_row(line, table, r);
    else if (icontains(table, "System Overview")) {
      if (auto n = get(r, "Ctl")) {
        select(parse_uint(*n));
        if (auto m = get(r, "Model")) ctrl().model = std::string(*m);
      }
    }
  }

  expected<inventory> finish() {
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
    if (auto c = number_after(p, 'c'); c && (!ctrl_ || inv_.controllers[*ctrl_].number != c)) select(c);
    const auto e = p.find("/e");
    const auto s = p.find("/s");
    return pd(e == std::string_view::npos ? std::nullopt : number_after(p.substr(e + 1), 'e'),
              s == std::string_view::npos ? std::nullopt : number_after(p.substr(s + 1), 's'));
  }

  void controller_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
    const bool defaults = iequals(section, "Defaults");
    if (iequals(k, "Model") || iequals(k, "Product Name")) ctrl().model = str(v);
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
    }
  }

  void vd_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
    auto& d = vd(number_after(section, 'D'));
    if (iequals(k, "Strip Size")) set(line, k, d.strip_bytes, parse_tool_size(v), v);
    else if (iequals(k, "Span Depth")) set(line, k, d.span_count, parse_uint(v), v);
    else if (iequals(k, "Number of Drives Per Span")) {
      const auto per_span = parse_uint(v);
      if (per_span && d.span_count) d.drive_count = *per_span * *d.span_count;
      else if (!per_span) warn(line, "cannot read Number of Drives Per Span '" + std::string(v) + "'");
    } else if (iequals(k, "Active Operations")) {
      active_operation(line, d, v);
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
    }
  }

  void drive_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
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

  void battery_kv(std::size_t line, std::string_view section, std::string_view k, std::string_view v) {
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
    }
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
    auto& d = vd(id);
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
  bool status_failed_ = false;
  std::string description_;
  std::vector<std::string> failures_;
};

// Cells of a whitespace table row by header; Model, Name or RetentionTime may hold spaces.
inline row split_row(const std::vector<std::string_view>& header, std::string_view line) {
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
  return out;
}

inline bool all_of(std::string_view s, char c) { return s.size() >= 3 && s.find_first_not_of(c) == std::string_view::npos; }

inline void read_text(std::string_view text, builder& b) {
  const auto lines = split_lines(text);
  std::string section, last_key;
  bool in_block = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& line = lines[i];
    if (line.kind != line_kind::output) continue;
    if (line.unreadable) b.warn(line.number, "unreadable bytes (invalid UTF-8 or control characters)");
    const std::string_view t = trim(line.text);
    if (t.empty() || all_of(t, '=')) continue;
    // "Basics :" over "======": a section.
    if (i + 1 < lines.size() && all_of(trim(lines[i + 1].text), '=')) {
      section = std::string(trim(t.substr(0, t.rfind(':') == t.size() - 1 ? t.size() - 1 : t.size())));
      continue;
    }
    // A table: dashes, header, dashes, rows, dashes.
    if (all_of(t, '-') && i + 2 < lines.size() && all_of(trim(lines[i + 2].text), '-')) {
      const std::string header_line = lines[i + 1].text;
      const auto header = split_fields(header_line);
      // Property/Value tables: the value starts under "Value", and both sides may hold spaces.
      const bool property_table = header.size() == 2 && header[1] == "Value";
      const auto value_at = header_line.find("Value");
      i += 3;
      for (; i < lines.size() && !all_of(trim(lines[i].text), '-'); ++i) {
        if (lines[i].kind != line_kind::output || trim(lines[i].text).empty()) continue;
        if (property_table) {
          const std::string& r = lines[i].text;
          if (r.size() > value_at) b.kv(lines[i].number, section, trim(std::string_view(r).substr(0, value_at)), std::string_view(r).substr(value_at));
          continue;
        }
        b.table_row(lines[i].number, section, split_row(header, lines[i].text));
      }
      continue;
    }
    const auto kv = split_key_value(t, '=');
    if (!kv) continue;
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
  bool key(string_t& k) override { key_ = k; return true; }

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
      else b_.table_row(0, frames_.back().name, f.cells);
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
  };
  bool scalar(std::string v) {
    if (frames_.empty() || frames_.back().array) return true;
    frame& f = frames_.back();
    if (frames_.size() >= 2 && frames_[frames_.size() - 2].array && frames_[frames_.size() - 2].name != "Controllers") {
      f.cells[key_] = std::move(v);
      return true;
    }
    b_.kv(0, f.name == "Response Data" ? std::string_view{} : std::string_view(f.name), key_, v);
    return true;
  }

  builder& b_;
  std::string_view text_;
  std::string key_;
  std::vector<frame> frames_;
};

inline bool looks_like_json(std::string_view text) noexcept {
  const auto t = trim(text);
  return !t.empty() && t.front() == '{';
}

}  // namespace detail::storcli_detail

RAIDBENCH_API bool parser_traits<storcli>::detect(std::string_view text) noexcept {
  using detail::icontains;
  if (detail::storcli_detail::looks_like_json(text)) return icontains(text, "\"Controllers\"") && icontains(text, "\"Command Status\"");
  return icontains(text, "Status = Success") || icontains(text, "Status = Failure") ||
         icontains(text, "Generating detailed summary of the adapter");
}

RAIDBENCH_API expected<inventory> parser_traits<storcli>::parse(std::string_view text) {
  detail::storcli_detail::builder b;
  if (detail::storcli_detail::looks_like_json(text)) {
    detail::storcli_detail::json_walker walker(b, text);
    (void)nlohmann::json::sax_parse(text, &walker, nlohmann::json::input_format_t::json, false);
  } else {
    detail::storcli_detail::read_text(text, b);
  }
  return b.finish();
}

}  // namespace raidbench
