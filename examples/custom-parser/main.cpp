// rb-custom-parser: how a user teaches raidbench another tool's output without touching include/.
// Here 3ware/LSI `tw_cli` (`info`, `info c0`, `/c0 show`, `info c0 u0`, `/c0/p0 show model serial ...`):
// a tag type, a parser_traits specialisation, and parse_any over builtin_parsers + parsers<tw_cli>.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/checks.hpp"
#include "raidbench/controller/merge.hpp"
#include "raidbench/report/controller_summary.hpp"

/// Tag for 3ware tw_cli output.
struct tw_cli {};

namespace tw_cli_detail {

std::vector<std::string> fields(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

// "c0", "u1", "p7" with the wanted letter: the number after it.
std::optional<unsigned> numbered(const std::string& word, char letter) {
  if (word.size() < 2 || word[0] != letter || word.find_first_not_of("0123456789", 1) != std::string::npos) return std::nullopt;
  if (word.size() > 6) return std::nullopt;
  return static_cast<unsigned>(std::stoul(word.substr(1)));
}

std::optional<double> number(const std::string& word) {
  if (word.empty() || word.find_first_not_of("0123456789.") != std::string::npos || word.front() == '.') return std::nullopt;
  if (word.size() > 15) return std::nullopt;
  return std::stod(word);
}

std::optional<raidbench::raid_level> level(const std::string& type) {
  using raidbench::raid_level;
  if (type == "RAID-0") return raid_level::raid0;
  if (type == "RAID-1") return raid_level::raid1;
  if (type == "RAID-5") return raid_level::raid5;
  if (type == "RAID-6") return raid_level::raid6;
  if (type == "RAID-10") return raid_level::raid10;
  if (type == "RAID-50") return raid_level::raid50;
  if (type == "SINGLE" || type == "JBOD") return raid_level::jbod;
  return std::nullopt;
}

// A unit's status is its health, the work running on it, or both (REBUILDING: degraded until it ends).
bool read_unit_status(const std::string& s, raidbench::virtual_drive& v) {
  using raidbench::vd_state, raidbench::vd_operation;
  if (s == "OK") v.state = vd_state::optimal;
  else if (s == "VERIFYING") v.state = vd_state::optimal, v.operation = vd_operation::verify;
  else if (s == "DEGRADED") v.state = vd_state::degraded;
  else if (s == "REBUILDING") v.state = vd_state::degraded, v.operation = vd_operation::rebuild;
  else if (s == "INITIALIZING") v.operation = vd_operation::initialize;
  else if (s == "MIGRATING") v.operation = vd_operation::reshape;
  else if (s == "INOPERABLE") v.state = vd_state::failed;
  else return false;
  return true;
}

std::optional<raidbench::pd_state> port_state(const std::string& s) {
  using raidbench::pd_state;
  if (s == "OK") return pd_state::online;
  if (s == "DEGRADED" || s == "ECC-ERROR" || s == "DEVICE-ERROR") return pd_state::failed;
  if (s == "REBUILDING") return pd_state::rebuilding;
  if (s == "NOT-PRESENT") return pd_state::missing;
  return std::nullopt;
}

enum class table { none, controllers, units, ports };

class reader {
 public:
  raidbench::expected<raidbench::inventory> read(std::string_view text) {
    std::size_t number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string line(text.substr(start, end - start));
      if (!line.empty() && line.back() == '\r') line.pop_back();
      start = end + 1;
      line_ = ++number;
      read_line(line);
    }
    if (!found_) return raidbench::fail("tw_cli: no tw_cli table or /cX/pY line found");
    return std::move(inv_);
  }

 private:
  void warn(std::string text) { inv_.warnings.push_back({line_, std::move(text)}); }

  raidbench::controller& ctrl(std::optional<unsigned> n = std::nullopt) {
    for (auto& c : inv_.controllers)
      if (!n || c.number == n) return c;
    auto& c = inv_.controllers.emplace_back();
    c.number = n;
    c.vendor = "3ware";
    return c;
  }

  raidbench::physical_drive& port(std::optional<unsigned> c, unsigned slot) {
    auto& ctl = ctrl(c);
    for (auto& d : ctl.physical_drives)
      if (d.slot == slot) return d;
    auto& d = ctl.physical_drives.emplace_back();
    d.slot = slot;
    d.location = fmt::format("p{}", slot);
    return d;
  }

  void read_line(const std::string& line) {
    const auto f = fields(line);
    if (f.empty()) return;
    if (f[0].find_first_not_of('-') == std::string::npos) return;  // the rule under a table header
    if (f[0] == "Ctl" && line.find("NotOpt") != std::string::npos) return begin(table::controllers);
    if (f[0] == "Unit" && f.size() > 1 && f[1] == "UnitType") return begin(table::units);
    if (f[0] == "Port" && line.find("Blocks") != std::string::npos) return begin(table::ports);
    if (f[0].starts_with("/c") && line.find(" = ") != std::string::npos) return show_line(line, f);
    switch (table_) {
      case table::controllers: return controller_row(f);
      case table::units: return unit_row(f);
      case table::ports: return port_row(f);
      case table::none: break;
    }
  }

  void begin(table t) {
    table_ = t;
    found_ = true;
  }

  // "c0    9650SE-2LP   2       2        1       0        1       1       -"
  void controller_row(const std::vector<std::string>& f) {
    const auto n = numbered(f[0], 'c');
    if (!n || f.size() < 9) return warn("unreadable controller row");
    auto& c = ctrl(n);
    c.model = f[1];
    if (f[8] == "-") c.battery.present = false;  // no BBU fitted
    else c.battery = {raidbench::battery_kind::bbu, std::nullopt, true, f[8] == "OK" ? std::optional(raidbench::battery_state::optimal) : std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  }

  // "u0    RAID-1    OK             -       -       -       65.1826   ON     OFF"
  void unit_row(const std::vector<std::string>& f) {
    const auto n = numbered(f[0], 'u');
    if (!n || f.size() < 8) return warn("unreadable unit row");
    auto& v = ctrl().virtual_drives.emplace_back();
    v.id = n;
    v.kind = raidbench::vd_kind::volume;
    v.level = level(f[1]);
    if (!v.level) warn("unknown unit type '" + f[1] + "'");
    if (!read_unit_status(f[2], v)) warn("unknown unit status '" + f[2] + "'");
    if (const auto pct = number(f[3])) v.progress_percent = pct;
    if (const auto gb = number(f[6])) v.size_bytes = static_cast<std::uint64_t>(*gb * 1073741824.0);  // tw_cli's GB are GiB
    if (f[7] == "ON") v.current_policy.write = raidbench::write_policy::write_back;
    else if (f[7] == "OFF") v.current_policy.write = raidbench::write_policy::write_through;
  }

  // "p0     OK               u0     69.25 GB    145226112     WD-WMANS1648590"
  void port_row(const std::vector<std::string>& f) {
    const auto n = numbered(f[0], 'p');
    if (!n || f.size() < 2) return warn("unreadable port row");
    auto& d = port(std::nullopt, *n);
    d.state = port_state(f[1]);
    if (!d.state) warn("unknown port status '" + f[1] + "'");
    if (f.size() >= 7) {
      if (const auto blocks = number(f[5])) d.size_bytes = static_cast<std::uint64_t>(*blocks) * 512;
      d.serial = f[6];
    }
  }

  // "/c0/p0 Model = WDC WD740ADFD-00NLR4", "/c0/p0 Capacity = 69.25 GB (145226112 Blocks)"
  void show_line(const std::string& line, const std::vector<std::string>& f) {
    found_ = true;
    const auto slash = f[0].find("/p", 1);
    std::optional<unsigned> c, p;
    if (slash != std::string::npos) {
      c = numbered(f[0].substr(1, slash - 1), 'c');
      p = numbered(f[0].substr(slash + 1), 'p');
    }
    if (!c || !p) return warn("unreadable drive address '" + f[0] + "'");
    const auto eq = line.find(" = ");
    if (eq == std::string::npos) return;
    const std::string key(line.substr(f[0].size() + 1, eq - f[0].size() - 1));
    const std::string value = line.substr(eq + 3);
    auto& d = port(c, *p);
    if (key == "Model") d.model = value;
    else if (key == "Serial") d.serial = value;
    else if (key == "Firmware Version") d.firmware = value;
    else if (key == "Capacity") {
      const auto open = value.find('(');
      if (open != std::string::npos)
        if (const auto blocks = number(fields(value.substr(open + 1)).at(0))) d.size_bytes = static_cast<std::uint64_t>(*blocks) * 512;
    }
  }

  raidbench::inventory inv_;
  table table_ = table::none;
  std::size_t line_ = 0;
  bool found_ = false;
};

}  // namespace tw_cli_detail

/// The extension point: name, detect and parse for tw_cli, checked by raidbench's controller_parser concept.
template <>
struct raidbench::parser_traits<tw_cli> {
  static constexpr std::string_view name = "tw_cli";
  static bool detect(std::string_view text) noexcept {
    return (text.find("Ctl") != std::string_view::npos && text.find("NotOpt") != std::string_view::npos) ||
           text.find("UnitType") != std::string_view::npos ||
           (text.find("Port") != std::string_view::npos && text.find("Blocks") != std::string_view::npos &&
            text.find("Serial") != std::string_view::npos) ||
           (text.starts_with("/c") && text.find("/p") != std::string_view::npos && text.find(" = ") != std::string_view::npos);
  }
  static expected<inventory> parse(std::string_view text) { return tw_cli_detail::reader().read(text); }
};

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: rb-custom-parser FILE...\n");
    return 1;
  }
  constexpr auto all_parsers = raidbench::builtin_parsers + raidbench::parsers<tw_cli>;
  raidbench::inventory inv;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      fmt::print(stderr, "rb-custom-parser: cannot read {}\n", argv[i]);
      return 1;
    }
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto one = raidbench::parse_any(text, all_parsers);
    if (!one) {
      fmt::print(stderr, "rb-custom-parser: {}: {}\n", argv[i], one.message());
      return 1;
    }
    for (const auto& w : one->warnings) fmt::print(stderr, "rb-custom-parser: warning: {}:{}: {}\n", argv[i], w.line, w.text);
    raidbench::merge(inv, std::move(*one));
  }
  fmt::print("{}", raidbench::format_controller_summary(inv, raidbench::check_inventory(inv)));
  return 0;
}
