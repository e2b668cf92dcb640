#pragma once
// The controller summary's definitions (see core/linkage.hpp): included by controller_summary.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/report/controller_summary.hpp"
#include "raidbench/controller/part_names.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/join_present.hpp"

namespace raidbench {

namespace detail::summary_detail {

inline std::string yes_no(const std::optional<bool>& v, const char* yes, const char* no) {
  return v ? std::string(*v ? yes : no) : std::string();
}

template <class E>
std::string name_of(const std::optional<E>& v) {
  return v ? std::string(to_string(*v)) : std::string();
}

inline std::string policy(const cache_policy& p) {
  return join_present({name_of(p.write), name_of(p.read), name_of(p.io),
               p.disk_cache ? "disk cache " + std::string(to_string(*p.disk_cache)) : std::string(),
               yes_no(p.no_write_cache_if_bad_battery, "write-through if bad battery", "write-back even if bad battery")});
}

inline std::string battery_line(const battery& b) {
  return join_present({name_of(b.kind), b.model ? fmt::format("\"{}\"", *b.model) : std::string(),
               yes_no(b.present, "present", "absent"), name_of(b.state),
               b.charge_percent ? fmt::format("charge {:g}%", *b.charge_percent) : std::string(),
               b.temperature_celsius ? fmt::format("{:g} °C", *b.temperature_celsius) : std::string(),
               yes_no(b.replacement_required, "replacement required", "no replacement required")});
}

// Which parts of the controller the input described: what it did not is unknown, not healthy.
inline std::string coverage_line(const coverage& c) {
  std::vector<std::string_view> covered, missing;
  for (const auto& [part, yes] : {std::pair{"controller", c.controller}, std::pair{"battery", c.battery},
                                  std::pair{"arrays", c.arrays}, std::pair{"drives", c.drives}})
    (yes ? covered : missing).push_back(part);
  if (missing.empty()) return fmt::format("covers {}", fmt::join(covered, ", "));
  if (covered.empty()) return fmt::format("covers nothing it can vouch for ({} unknown)", fmt::join(missing, ", "));
  return fmt::format("covers {}; not {} (unknown)", fmt::join(covered, ", "), fmt::join(missing, ", "));
}

inline std::string vd_line(const virtual_drive& v, std::size_t index) {
  std::string head = "VD " + vd_label(v, index);
  if (v.name && !v.name->empty()) head += fmt::format(" \"{}\"", *v.name);
  const std::string rest =
      join_present({v.kind == vd_kind::volume ? std::string() : name_of(v.kind), name_of(v.level),
            v.size_bytes ? format_iec(*v.size_bytes) : std::string(), name_of(v.state),
            v.operation ? std::string(to_string(*v.operation)) +
                              (v.progress_percent ? fmt::format(" {:g}% done", *v.progress_percent) : " waiting")
                        : std::string(),
            v.strip_bytes ? "strip " + format_iec(*v.strip_bytes) : std::string(),
            v.drive_count ? fmt::format("{} drive{}", *v.drive_count, *v.drive_count == 1 ? "" : "s") : std::string(),
            v.span_count ? fmt::format("{} span{}", *v.span_count, *v.span_count == 1 ? "" : "s") : std::string()});
  return rest.empty() ? head : head + ": " + rest;
}

inline std::string pd_line(const physical_drive& d, std::size_t index) {
  std::string head = pd_label(d).value_or("#" + std::to_string(index + 1));
  if (d.device_id && !head.starts_with("id ")) head += fmt::format(" (id {})", *d.device_id);
  const std::string rest =
      join_present({name_of(d.state), name_of(d.media), name_of(d.interface), d.model.value_or(""),
            d.serial ? "serial " + *d.serial : std::string(), d.firmware ? "firmware " + *d.firmware : std::string(),
            d.size_bytes ? format_iec(*d.size_bytes) : std::string(),
            d.temperature_celsius ? fmt::format("{:g} °C", *d.temperature_celsius) : std::string(),
            d.media_errors ? fmt::format("media errors {}", *d.media_errors) : std::string(),
            d.other_errors ? fmt::format("other errors {}", *d.other_errors) : std::string(),
            d.predictive_failures ? fmt::format("predictive failures {}", *d.predictive_failures) : std::string(),
            yes_no(d.smart_alert, "SMART alert", "no SMART alert"),
            yes_no(d.write_cache, "write cache on", "write cache off")});
  return rest.empty() ? head : head + ": " + rest;
}

inline void append_controller(std::string& out, const controller& c, std::size_t index) {
  out += c.number ? controller_name(c, index) : fmt::format("controller #{}", index + 1);
  // "LSI" + "LSI MegaRAID SAS 9260-8i" says the vendor once.
  std::string title = c.model.value_or("");
  if (c.vendor && title.find(*c.vendor) != 0) title = title.empty() ? *c.vendor : *c.vendor + " " + title;
  out += title.empty() ? "\n" : fmt::format(": {}\n", title);
  if (c.slot) out += fmt::format("  slot:       {}\n", *c.slot);
  if (c.serial) out += fmt::format("  serial:     {}\n", *c.serial);
  const std::string firmware =
      join_present({c.firmware.value_or(""), c.firmware_package ? "package " + *c.firmware_package : std::string(),
            c.bios ? "BIOS " + *c.bios : std::string()});
  if (!firmware.empty()) out += fmt::format("  firmware:   {}\n", firmware);
  if (c.cache_bytes) out += fmt::format("  cache:      {}\n", format_iec(*c.cache_bytes));
  if (const auto p = policy(c.default_policy); !p.empty()) out += fmt::format("  default:    {}\n", p);
  if (const auto p = policy(c.current_policy); !p.empty()) out += fmt::format("  current:    {}\n", p);
  if (const auto b = battery_line(c.battery); !b.empty()) out += fmt::format("  battery:    {}\n", b);
  out += fmt::format("  input:      {}\n", coverage_line(covered(c)));
  if (!c.virtual_drives.empty()) out += fmt::format("  virtual drives ({}):\n", c.virtual_drives.size());
  for (std::size_t i = 0; i < c.virtual_drives.size(); ++i) {
    const auto& v = c.virtual_drives[i];
    out += fmt::format("    {}\n", vd_line(v, i));
    if (const auto p = policy(v.default_policy); !p.empty()) out += fmt::format("      default: {}\n", p);
    if (const auto p = policy(v.current_policy); !p.empty()) out += fmt::format("      current: {}\n", p);
  }
  if (!c.physical_drives.empty()) out += fmt::format("  physical drives ({}):\n", c.physical_drives.size());
  for (std::size_t i = 0; i < c.physical_drives.size(); ++i)
    out += fmt::format("    {}\n", pd_line(c.physical_drives[i], i));
}

}  // namespace detail::summary_detail

RAIDBENCH_API std::string format_controller_summary(const inventory& inv) {
  namespace sd = detail::summary_detail;
  std::string out = fmt::format("source: {}\n", inv.source);
  if (inv.controllers.empty()) out += "no controller in the input\n";
  for (std::size_t i = 0; i < inv.controllers.size(); ++i) sd::append_controller(out, inv.controllers[i], i);
  if (!inv.warnings.empty()) out += fmt::format("warnings: {} (parts of the input could not be read)\n", inv.warnings.size());
  return out;
}

}  // namespace raidbench
