#pragma once
// The monitoring plugin output's definitions (see core/linkage.hpp): included by monitoring_plugin.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/monitoring_plugin.hpp"
#include "raidbench/controller/part_names.hpp"

namespace raidbench {

namespace detail::plugin_detail {

// A status line is one line: anything that would break it (a newline in a tool's model name) or the
// perfdata separator '|' is replaced.
inline std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& ch : out)
    if (ch == '\n' || ch == '\r' || ch == '|' || static_cast<unsigned char>(ch) < 0x20) ch = ' ';
  return out;
}

// The verdict in a few words: its subject and its message up to the first colon.
inline std::string short_form(const verdict& v) {
  const std::string_view message = v.message;
  const std::string_view head = message.substr(0, message.find(": "));
  return one_line(v.subject.empty() ? std::string(head) : v.subject + ": " + std::string(head));
}

// A performance-data label: quoted as the guidelines allow, a quote inside doubled.
inline std::string label(std::string_view name) {
  std::string out = "'";
  for (char ch : one_line(name)) out += ch == '\'' ? std::string("''") : std::string(1, ch);
  return out + "'";
}

inline std::string prefix(const controller& c, std::size_t index) {
  return c.number ? fmt::format("c{}", *c.number) : fmt::format("c#{}", index + 1);
}

inline void add_perfdata(std::string& out, const inventory& inv) {
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci) {
    const controller& c = inv.controllers[ci];
    const std::string p = prefix(c, ci);
    auto count = [&](std::string_view what, std::size_t n) { out += fmt::format(" {}={};;;0", label(p + "_" + std::string(what)), n); };
    if (!c.virtual_drives.empty()) {
      count("arrays", c.virtual_drives.size());
      for (auto state : {vd_state::optimal, vd_state::degraded, vd_state::partially_degraded, vd_state::offline, vd_state::failed})
        count("arrays_" + std::string(to_string(state)),
              static_cast<std::size_t>(std::count_if(c.virtual_drives.begin(), c.virtual_drives.end(),
                                                     [&](const virtual_drive& v) { return v.state == state; })));
    } else if (c.counts.virtual_drives) {
      count("arrays", *c.counts.virtual_drives);
      if (c.counts.degraded_virtual_drives) count("arrays_degraded", *c.counts.degraded_virtual_drives);
      if (c.counts.offline_virtual_drives) count("arrays_offline", *c.counts.offline_virtual_drives);
    }
    if (!c.physical_drives.empty()) {
      count("drives", c.physical_drives.size());
      std::size_t failed = 0, online = 0, spare = 0, rebuilding = 0;
      std::optional<double> hottest;
      for (const auto& d : c.physical_drives) {
        failed += d.state && is_failed(*d.state);
        online += d.state == pd_state::online || d.state == pd_state::jbod;
        spare += d.state == pd_state::hot_spare;
        rebuilding += d.state == pd_state::rebuilding;
        if (d.temperature_celsius) hottest = std::max(hottest.value_or(*d.temperature_celsius), *d.temperature_celsius);
      }
      count("drives_online", online);
      count("drives_failed", failed);
      count("drives_hot_spare", spare);
      count("drives_rebuilding", rebuilding);
      if (hottest) out += fmt::format(" {}={:g};;;", label(p + "_drive_temperature_max"), *hottest);
    } else if (c.counts.disks) {
      count("drives", *c.counts.disks);
      if (c.counts.failed_disks) count("drives_failed", *c.counts.failed_disks);
      if (c.counts.critical_disks) count("drives_critical", *c.counts.critical_disks);
    }
    if (c.battery.charge_percent) out += fmt::format(" {}={:g}%;;;0;100", label(p + "_battery_charge"), *c.battery.charge_percent);
    if (c.battery.temperature_celsius) out += fmt::format(" {}={:g};;;", label(p + "_battery_temperature"), *c.battery.temperature_celsius);
  }
}

// What was healthy, in a few words, for an OK line: "1 controller, 2 arrays, 8 drives, battery optimal".
inline std::string healthy_summary(const inventory& inv) {
  std::size_t arrays = 0, drives = 0;
  std::vector<std::string> batteries, unknown;
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci) {
    const controller& c = inv.controllers[ci];
    arrays += c.virtual_drives.empty() ? c.counts.virtual_drives.value_or(0) : c.virtual_drives.size();
    drives += c.physical_drives.empty() ? c.counts.disks.value_or(0) : c.physical_drives.size();
    if (c.battery.state) batteries.push_back("battery " + std::string(to_string(*c.battery.state)));
    const coverage input = covered(c);
    for (const auto& [part, yes] : {std::pair{"arrays", input.arrays}, std::pair{"drives", input.drives}, std::pair{"battery", input.battery}})
      if (!yes) unknown.push_back(controller_name(c, ci) + " " + part);
  }
  std::string out = fmt::format("{} controller{}, {} array{}, {} drive{}", inv.controllers.size(),
                                inv.controllers.size() == 1 ? "" : "s", arrays, arrays == 1 ? "" : "s", drives, drives == 1 ? "" : "s");
  for (const auto& b : batteries) out += ", " + b;
  if (!unknown.empty()) {
    out += "; not in the input, not judged:";
    for (std::size_t i = 0; i < unknown.size(); ++i) out += (i ? ", " : " ") + unknown[i];
  }
  return one_line(out);
}

}  // namespace detail::plugin_detail

RAIDBENCH_API plugin_output monitoring_plugin_output(const inventory& inv, const std::vector<verdict>& verdicts) {
  namespace pd = detail::plugin_detail;
  if (inv.controllers.empty()) return plugin_unknown("no controller in the input");
  // A controller the input says nothing about (an arcconf that could not read it) is not healthy.
  if (std::none_of(inv.controllers.begin(), inv.controllers.end(), [](const controller& c) {
        const coverage in = covered(c);
        return in.controller || in.battery || in.arrays || in.drives;
      }))
    return plugin_unknown("the input describes no controller, battery, array or drive");
  plugin_output out{plugin_status::ok, {}};
  std::string problems;
  for (const severity level : {severity::critical, severity::warning})
    for (const auto& v : verdicts)
      if (v.fired && v.level == level) {
        if (out.status == plugin_status::ok) out.status = level == severity::critical ? plugin_status::critical : plugin_status::warning;
        problems += (problems.empty() ? "" : "; ") + pd::short_form(v);
      }
  const std::string_view word = out.status == plugin_status::critical ? "CRITICAL" : out.status == plugin_status::warning ? "WARNING" : "OK";
  out.line = fmt::format("{}: {}", word, problems.empty() ? pd::healthy_summary(inv) : problems);
  out.line += " |";
  pd::add_perfdata(out.line, inv);
  if (out.line.ends_with(" |")) out.line.resize(out.line.size() - 2);
  return out;
}

RAIDBENCH_API plugin_output plugin_unknown(const std::string& reason) {
  return {plugin_status::unknown, "UNKNOWN: " + detail::plugin_detail::one_line(reason)};
}

}  // namespace raidbench
