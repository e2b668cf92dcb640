#pragma once
// The Prometheus metrics' definitions (see core/linkage.hpp): included by prometheus.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/prometheus.hpp"
#include "raidbench/controller/part_names.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/controller/model.hpp"

namespace raidbench {

namespace detail::prometheus_detail {

// Length of the valid UTF-8 sequence at s[i], 0 when the bytes there are not one.
inline std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 && b >= 0xc2 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e && b <= 0xf4 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return 0;
  if (n < 3) return n;
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  if ((n == 3 && b == 0xe0 && b1 < 0xa0) || (n == 3 && b == 0xed && b1 >= 0xa0) || (n == 4 && b == 0xf0 && b1 < 0x90) ||
      (n == 4 && b == 0xf4 && b1 >= 0x90))
    return 0;  // overlong, surrogate or beyond U+10FFFF
  return n;
}

/// A label value as the exposition format wants it: \ " and newline escaped; bytes that are not
/// UTF-8 (which a user parser may pass through) become '?'.
inline std::string escape_label(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size();) {
    const std::size_t n = utf8_length(v, i);
    if (n == 0) {
      out += '?';
      ++i;
      continue;
    }
    if (v[i] == '\\') out += "\\\\";
    else if (v[i] == '"') out += "\\\"";
    else if (v[i] == '\n') out += "\\n";
    else out.append(v.substr(i, n));
    i += n;
  }
  return out;
}

using labels = std::vector<std::pair<std::string_view, std::string>>;

// Collects samples per metric family, then writes each family once with its HELP and TYPE lines:
// the format wants a family's samples together, while the inventory is walked controller by controller.
class writer {
 public:
  void gauge(std::string_view name, std::string_view help, const labels& l, double value) {
    add(name, "gauge", help, l, fmt::format("{}", value));
  }
  void gauge(std::string_view name, std::string_view help, const labels& l, std::uint64_t value) {
    add(name, "gauge", help, l, fmt::format("{}", value));
  }
  void counter(std::string_view name, std::string_view help, const labels& l, std::uint64_t value) {
    add(name, "counter", help, l, fmt::format("{}", value));
  }
  template <class T>
  void gauge(std::string_view name, std::string_view help, const labels& l, const std::optional<T>& value) {
    if (value) gauge(name, help, l, static_cast<std::conditional_t<std::is_floating_point_v<T>, double, std::uint64_t>>(*value));
  }
  void flag(std::string_view name, std::string_view help, const labels& l, const std::optional<bool>& value) {
    if (value) gauge(name, help, l, std::uint64_t{*value ? 1u : 0u});
  }
  template <class E>
  void one_hot(std::string_view name, std::string_view help, labels l, std::string_view label,
               const std::optional<E>& value, E last) {
    if (!value) return;
    l.emplace_back(label, "");
    for (int s = 0; s <= static_cast<int>(last); ++s) {
      l.back().second = std::string(to_string(static_cast<E>(s)));
      gauge(name, help, l, std::uint64_t{static_cast<E>(s) == *value ? 1u : 0u});
    }
  }

  std::string str() const {
    std::string out;
    for (const auto& f : families_)
      out += fmt::format("# HELP {} {}\n# TYPE {} {}\n{}", f.name, f.help, f.name, f.type, f.samples);
    return out;
  }

 private:
  struct family {
    std::string_view name, type, help;
    std::string samples;
  };

  void add(std::string_view name, std::string_view type, std::string_view help, const labels& l, const std::string& value) {
    family* f = nullptr;
    for (auto& mine : families_)
      if (mine.name == name) f = &mine;
    if (!f) f = &families_.emplace_back(family{name, type, help, {}});
    f->samples += name;
    if (!l.empty()) {
      f->samples += '{';
      for (std::size_t i = 0; i < l.size(); ++i)
        f->samples += fmt::format("{}{}=\"{}\"", i ? "," : "", l[i].first, escape_label(l[i].second));
      f->samples += '}';
    }
    f->samples += fmt::format(" {}\n", value);
  }

  std::vector<family> families_;
};

// A label value that no earlier sibling holds: the tool's own id, or "#<position from 1>" (as the
// check evidence names it) on a clash or when the tool gives none; the collector rejects two series
// with the same labels.
inline std::string unique_id(std::vector<std::string>& used, std::optional<std::string> wanted, std::size_t index) {
  std::string id = wanted.value_or(fmt::format("#{}", index + 1));
  for (const auto& u : used)
    if (u == id) id = fmt::format("#{}", index + 1);
  used.push_back(id);
  return id;
}

inline std::optional<bool> is_write_back(const std::optional<write_policy>& w) {
  if (!w) return std::nullopt;
  return writes_back(w);
}

inline void write_battery(writer& w, const labels& l, const battery& b) {
  w.flag("raidbench_battery_present", "Whether a cache battery or capacitor is present.", l, b.present);
  w.flag("raidbench_battery_ok", "1 when the battery is present, optimal and needs no replacement; 0 otherwise.", l,
         battery_protects(b));
  w.one_hot("raidbench_battery_state", "Battery or capacitor state, one-hot over the states raidbench knows.", l, "state",
            b.state, battery_state::missing);
  if (b.charge_percent)
    w.gauge("raidbench_battery_charge_ratio", "Battery charge, 0 to 1.", l, *b.charge_percent / 100.0);
  w.gauge("raidbench_battery_temperature_celsius", "Battery temperature.", l, b.temperature_celsius);
  w.flag("raidbench_battery_replacement_required", "Whether the tool asks for the battery to be replaced.", l,
         b.replacement_required);
}

inline void write_vd(writer& w, labels l, const virtual_drive& v, const controller& c) {
  labels info = l;
  info.emplace_back("name", v.name.value_or(""));
  info.emplace_back("kind", v.kind ? std::string(to_string(*v.kind)) : std::string());
  info.emplace_back("level", v.level ? std::string(to_string(*v.level)) : std::string());
  w.gauge("raidbench_vd_info", "A virtual drive (array) with its name, kind and RAID level; always 1.", info,
          std::uint64_t{1});
  w.gauge("raidbench_vd_size_bytes", "Virtual drive size.", l, v.size_bytes);
  w.one_hot("raidbench_vd_state", "Virtual drive state, one-hot over the states raidbench knows.", l, "state",
            v.state, vd_state::failed);
  if (v.state) w.flag("raidbench_vd_optimal", "1 when the virtual drive is optimal.", l, *v.state == vd_state::optimal);
  w.one_hot("raidbench_vd_operation", "Background operation running on the virtual drive, one-hot; absent when none.",
            l, "operation", v.operation, vd_operation::verify);
  if (v.progress_percent)
    w.gauge("raidbench_vd_progress_ratio", "Progress of the running operation (rebuild, resync, reshape...), 0 to 1.", l,
            *v.progress_percent / 100.0);
  w.gauge("raidbench_vd_strip_bytes", "Strip (chunk) size per drive.", l, v.strip_bytes);
  w.gauge("raidbench_vd_drives", "Number of drives in the virtual drive.", l, v.drive_count);
  const auto current = effective_write_policy(c, v);
  w.flag("raidbench_vd_write_back", "1 when the current write policy is write-back (or always write-back).", l,
         is_write_back(current));
  w.flag("raidbench_vd_default_write_back", "1 when the configured write policy is write-back (or always write-back).", l,
         is_write_back(v.default_policy.write));
  if (v.current_policy.disk_cache && *v.current_policy.disk_cache != disk_cache_policy::unchanged)
    w.flag("raidbench_vd_disk_cache_enabled", "1 when the drives' own write cache is enabled for this virtual drive.", l,
           *v.current_policy.disk_cache == disk_cache_policy::enabled);
}

inline void write_pd(writer& w, const labels& l, const physical_drive& d) {
  labels info = l;
  info.emplace_back("model", d.model.value_or(""));
  info.emplace_back("serial", d.serial.value_or(""));
  info.emplace_back("firmware", d.firmware.value_or(""));
  info.emplace_back("media", d.media ? std::string(to_string(*d.media)) : std::string());
  info.emplace_back("interface", d.interface ? std::string(to_string(*d.interface)) : std::string());
  w.gauge("raidbench_pd_info", "A physical drive with its model, serial, firmware, media and interface; always 1.", info,
          std::uint64_t{1});
  w.one_hot("raidbench_pd_state", "Physical drive state, one-hot over the states raidbench knows.", l, "state",
            d.state, pd_state::missing);
  w.gauge("raidbench_pd_size_bytes", "Physical drive size.", l, d.size_bytes);
  if (d.media_errors) w.counter("raidbench_pd_media_errors_total", "Media errors the controller counted.", l, *d.media_errors);
  if (d.other_errors) w.counter("raidbench_pd_other_errors_total", "Other errors the controller counted.", l, *d.other_errors);
  if (d.predictive_failures)
    w.counter("raidbench_pd_predictive_failures_total", "Predictive failure events the controller counted.", l,
              *d.predictive_failures);
  w.gauge("raidbench_pd_temperature_celsius", "Drive temperature.", l, d.temperature_celsius);
  w.flag("raidbench_pd_smart_alert", "1 when the drive raises a SMART alert.", l, d.smart_alert);
  w.flag("raidbench_pd_write_cache_enabled", "1 when the drive's own volatile write cache is enabled.", l, d.write_cache);
}

}  // namespace detail::prometheus_detail

RAIDBENCH_API std::string format_prometheus(const inventory& inv, const std::vector<verdict>& verdicts) {
  namespace pd = detail::prometheus_detail;
  pd::writer w;
  std::vector<std::string> controller_ids;
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci) {
    const controller& c = inv.controllers[ci];
    const pd::labels l{{"controller", pd::unique_id(controller_ids,
                                                    c.number ? std::optional(std::to_string(*c.number)) : std::nullopt, ci)}};
    pd::labels info = l;
    info.emplace_back("source", inv.source);
    info.emplace_back("vendor", c.vendor.value_or(""));
    info.emplace_back("model", c.model.value_or(""));
    info.emplace_back("serial", c.serial.value_or(""));
    info.emplace_back("firmware", c.firmware.value_or(""));
    info.emplace_back("firmware_package", c.firmware_package.value_or(""));
    info.emplace_back("bios", c.bios.value_or(""));
    w.gauge("raidbench_controller_info", "A controller with its vendor, model, serial and firmware; always 1.", info,
            std::uint64_t{1});
    w.gauge("raidbench_controller_cache_bytes", "Controller cache memory size.", l, c.cache_bytes);
    w.flag("raidbench_controller_write_back", "1 when the controller-wide current write policy is write-back.", l,
           pd::is_write_back(c.current_policy.write));
    pd::write_battery(w, l, c.battery);
    // What the input described: a part it did not cover is unknown, not healthy (its verdicts say "not judged").
    const coverage input = covered(c);
    for (const auto& [part, yes] : {std::pair{"controller", input.controller}, std::pair{"battery", input.battery},
                                    std::pair{"arrays", input.arrays}, std::pair{"drives", input.drives}}) {
      pd::labels pl = l;
      pl.emplace_back("part", part);
      w.gauge("raidbench_input_covered", "1 when the tool output read described this part of the controller (its state is known).",
              pl, std::uint64_t{yes ? 1u : 0u});
    }

    std::vector<std::string> vd_ids;
    for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi) {
      const auto& v = c.virtual_drives[vi];
      pd::labels vl = l;
      vl.emplace_back("vd", pd::unique_id(vd_ids, v.id ? std::optional(std::to_string(*v.id)) : std::nullopt, vi));
      pd::write_vd(w, vl, v, c);
    }
    std::vector<std::string> pd_ids;
    for (std::size_t di = 0; di < c.physical_drives.size(); ++di) {
      const auto& d = c.physical_drives[di];
      pd::labels dl = l;
      dl.emplace_back("pd", pd::unique_id(pd_ids, pd_label(d), di));
      pd::write_pd(w, dl, d);
    }
  }

  // The judgement itself, one series per verdict that fired: what the alerting rules key on.
  for (const auto& v : verdicts)
    if (v.fired)
      w.gauge("raidbench_verdict", "A verdict that fired, by rule, severity and subject (docs/verdicts.md); always 1.",
              {{"rule", v.rule}, {"severity", std::string(to_string(v.level))}, {"subject", v.subject}}, std::uint64_t{1});
  for (auto level : {severity::info, severity::warning, severity::critical}) {
    std::uint64_t n = 0;
    for (const auto& v : verdicts) n += v.fired && v.level == level;
    w.gauge("raidbench_findings", "Number of verdicts that fired, by severity.", {{"severity", std::string(to_string(level))}}, n);
  }
  // One series per rule and severity that fired, counting the parts it fired on.
  std::vector<std::pair<pd::labels, std::uint64_t>> per_check;
  for (const auto& v : verdicts) {
    if (!v.fired) continue;
    const pd::labels key{{"check", v.rule}, {"severity", std::string(to_string(v.level))}};
    auto it = per_check.begin();
    while (it != per_check.end() && it->first != key) ++it;
    if (it == per_check.end()) per_check.emplace_back(key, 1);
    else ++it->second;
  }
  for (const auto& [key, n] : per_check)
    w.gauge("raidbench_check_findings", "Verdicts of one rule at one severity (only rules that fired).", key, n);
  w.gauge("raidbench_parse_warnings", "Parts of the tool output that could not be read.", {},
          static_cast<std::uint64_t>(inv.warnings.size()));
  return w.str();
}

}  // namespace raidbench
