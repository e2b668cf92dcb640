#pragma once
/// Filling one record of the model from another that describes the same thing: what the first does
/// not know, the second may tell; where both tell a field, the first wins. Used to merge dumps and to
/// merge a drive a tool prints twice.
#include <optional>
#include <utility>

#include "raidbench/controller/model.hpp"

namespace raidbench::detail {

// Fills what `into` does not know from `from`; where both tell a field, the first dump wins.
template <class T>
void fill(std::optional<T>& into, std::optional<T>& from) {
  if (!into && from) into = std::move(from);
}

inline void fill(cache_policy& into, cache_policy& from) {
  fill(into.write, from.write);
  fill(into.read, from.read);
  fill(into.io, from.io);
  fill(into.disk_cache, from.disk_cache);
  fill(into.no_write_cache_if_bad_battery, from.no_write_cache_if_bad_battery);
}

inline void fill(battery& into, battery& from) {
  fill(into.kind, from.kind);
  fill(into.model, from.model);
  fill(into.present, from.present);
  fill(into.state, from.state);
  fill(into.charge_percent, from.charge_percent);
  fill(into.temperature_celsius, from.temperature_celsius);
  fill(into.replacement_required, from.replacement_required);
}

inline void fill(virtual_drive& into, virtual_drive& from) {
  fill(into.id, from.id);
  fill(into.name, from.name);
  fill(into.kind, from.kind);
  fill(into.level, from.level);
  fill(into.size_bytes, from.size_bytes);
  fill(into.state, from.state);
  fill(into.operation, from.operation);
  fill(into.progress_percent, from.progress_percent);
  fill(into.strip_bytes, from.strip_bytes);
  fill(into.drive_count, from.drive_count);
  fill(into.span_count, from.span_count);
  fill(into.default_policy, from.default_policy);
  fill(into.current_policy, from.current_policy);
}

inline void fill(physical_drive& into, physical_drive& from) {
  fill(into.location, from.location);
  fill(into.enclosure, from.enclosure);
  fill(into.slot, from.slot);
  fill(into.device_id, from.device_id);
  fill(into.state, from.state);
  fill(into.media, from.media);
  fill(into.interface, from.interface);
  fill(into.model, from.model);
  fill(into.serial, from.serial);
  fill(into.firmware, from.firmware);
  fill(into.size_bytes, from.size_bytes);
  fill(into.media_errors, from.media_errors);
  fill(into.other_errors, from.other_errors);
  fill(into.predictive_failures, from.predictive_failures);
  fill(into.temperature_celsius, from.temperature_celsius);
  fill(into.smart_alert, from.smart_alert);
  fill(into.write_cache, from.write_cache);
}

}  // namespace raidbench::detail
