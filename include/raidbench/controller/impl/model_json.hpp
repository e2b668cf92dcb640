#pragma once
// The controller inventory's to_json definitions (see core/linkage.hpp): included by model_json.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <optional>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "raidbench/controller/model_json.hpp"
#include "raidbench/controller/model.hpp"

namespace raidbench {

namespace detail {
template <class T>
void put(nlohmann::json& j, const char* key, const std::optional<T>& v) {
  if (!v) return;
  if constexpr (std::is_enum_v<T>) j[key] = std::string(to_string(*v));
  else j[key] = *v;
}
}  // namespace detail

RAIDBENCH_API void to_json(nlohmann::json& j, const cache_policy& p) {
  j = nlohmann::json::object();
  detail::put(j, "write", p.write);
  detail::put(j, "read", p.read);
  detail::put(j, "io", p.io);
  detail::put(j, "disk_cache", p.disk_cache);
  detail::put(j, "no_write_cache_if_bad_battery", p.no_write_cache_if_bad_battery);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const battery& b) {
  j = nlohmann::json::object();
  detail::put(j, "kind", b.kind);
  detail::put(j, "model", b.model);
  detail::put(j, "present", b.present);
  detail::put(j, "state", b.state);
  detail::put(j, "charge_percent", b.charge_percent);
  detail::put(j, "temperature_celsius", b.temperature_celsius);
  detail::put(j, "replacement_required", b.replacement_required);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const virtual_drive& v) {
  j = nlohmann::json::object();
  detail::put(j, "id", v.id);
  detail::put(j, "name", v.name);
  detail::put(j, "kind", v.kind);
  detail::put(j, "level", v.level);
  detail::put(j, "size_bytes", v.size_bytes);
  detail::put(j, "state", v.state);
  detail::put(j, "operation", v.operation);
  detail::put(j, "progress_percent", v.progress_percent);
  detail::put(j, "strip_bytes", v.strip_bytes);
  detail::put(j, "drive_count", v.drive_count);
  detail::put(j, "span_count", v.span_count);
  j["default_policy"] = v.default_policy;
  j["current_policy"] = v.current_policy;
}

RAIDBENCH_API void to_json(nlohmann::json& j, const physical_drive& d) {
  j = nlohmann::json::object();
  detail::put(j, "location", d.location);
  detail::put(j, "enclosure", d.enclosure);
  detail::put(j, "slot", d.slot);
  detail::put(j, "device_id", d.device_id);
  detail::put(j, "state", d.state);
  detail::put(j, "media", d.media);
  detail::put(j, "interface", d.interface);
  detail::put(j, "model", d.model);
  detail::put(j, "serial", d.serial);
  detail::put(j, "firmware", d.firmware);
  detail::put(j, "size_bytes", d.size_bytes);
  detail::put(j, "media_errors", d.media_errors);
  detail::put(j, "other_errors", d.other_errors);
  detail::put(j, "predictive_failures", d.predictive_failures);
  detail::put(j, "temperature_celsius", d.temperature_celsius);
  detail::put(j, "smart_alert", d.smart_alert);
  detail::put(j, "write_cache", d.write_cache);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const controller& c) {
  j = nlohmann::json::object();
  detail::put(j, "number", c.number);
  detail::put(j, "slot", c.slot);
  detail::put(j, "vendor", c.vendor);
  detail::put(j, "model", c.model);
  detail::put(j, "serial", c.serial);
  detail::put(j, "firmware", c.firmware);
  detail::put(j, "firmware_package", c.firmware_package);
  detail::put(j, "bios", c.bios);
  detail::put(j, "cache_bytes", c.cache_bytes);
  j["battery"] = c.battery;
  j["default_policy"] = c.default_policy;
  j["current_policy"] = c.current_policy;
  j["virtual_drives"] = c.virtual_drives;
  j["physical_drives"] = c.physical_drives;
}

RAIDBENCH_API void to_json(nlohmann::json& j, const warning& w) { j = {{"line", w.line}, {"text", w.text}}; }

RAIDBENCH_API void to_json(nlohmann::json& j, const inventory& inv) {
  j = {{"source", inv.source}, {"controllers", inv.controllers}, {"warnings", inv.warnings}};
}

}  // namespace raidbench
