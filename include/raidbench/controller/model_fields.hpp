#pragma once
/// The one list of fields of each model struct, with their JSON names, in the order the JSON shows
/// them: what the inventory's JSON output and the merge of dumps both walk, so a field added to the
/// model is added here once.
#include <tuple>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/fields.hpp"

namespace raidbench {

/// The fields of S, as a tuple of model_field; specialised for each struct of the inventory.
template <class S>
inline constexpr auto model_fields = nullptr;

template <>
inline constexpr auto model_fields<cache_policy> = std::tuple{
    field("write", &cache_policy::write), field("read", &cache_policy::read), field("io", &cache_policy::io),
    field("disk_cache", &cache_policy::disk_cache),
    field("no_write_cache_if_bad_battery", &cache_policy::no_write_cache_if_bad_battery)};

template <>
inline constexpr auto model_fields<battery> = std::tuple{
    field("kind", &battery::kind), field("model", &battery::model), field("present", &battery::present),
    field("state", &battery::state), field("charge_percent", &battery::charge_percent),
    field("temperature_celsius", &battery::temperature_celsius),
    field("replacement_required", &battery::replacement_required)};

template <>
inline constexpr auto model_fields<virtual_drive> = std::tuple{
    field("id", &virtual_drive::id), field("name", &virtual_drive::name), field("kind", &virtual_drive::kind),
    field("level", &virtual_drive::level), field("size_bytes", &virtual_drive::size_bytes),
    field("state", &virtual_drive::state), field("operation", &virtual_drive::operation),
    field("progress_percent", &virtual_drive::progress_percent), field("strip_bytes", &virtual_drive::strip_bytes),
    field("target_id", &virtual_drive::target_id), field("os_device", &virtual_drive::os_device),
    field("drive_count", &virtual_drive::drive_count), field("span_count", &virtual_drive::span_count),
    field("default_policy", &virtual_drive::default_policy), field("current_policy", &virtual_drive::current_policy)};

template <>
inline constexpr auto model_fields<physical_drive> = std::tuple{
    field("location", &physical_drive::location), field("enclosure", &physical_drive::enclosure),
    field("slot", &physical_drive::slot), field("device_id", &physical_drive::device_id),
    field("state", &physical_drive::state), field("media", &physical_drive::media),
    field("interface", &physical_drive::interface), field("model", &physical_drive::model),
    field("serial", &physical_drive::serial), field("firmware", &physical_drive::firmware),
    field("size_bytes", &physical_drive::size_bytes), field("media_errors", &physical_drive::media_errors),
    field("other_errors", &physical_drive::other_errors),
    field("predictive_failures", &physical_drive::predictive_failures),
    field("temperature_celsius", &physical_drive::temperature_celsius),
    field("smart_alert", &physical_drive::smart_alert), field("write_cache", &physical_drive::write_cache),
    field("os_device", &physical_drive::os_device)};

template <>
inline constexpr auto model_fields<controller> = std::tuple{
    field("tool", &controller::tool), field("number", &controller::number), field("slot", &controller::slot),
    field("pci_address", &controller::pci_address), field("vendor", &controller::vendor),
    field("model", &controller::model), field("serial", &controller::serial), field("firmware", &controller::firmware),
    field("firmware_package", &controller::firmware_package), field("bios", &controller::bios),
    field("cache_bytes", &controller::cache_bytes), field("battery", &controller::battery),
    field("default_policy", &controller::default_policy), field("current_policy", &controller::current_policy),
    field("virtual_drives", &controller::virtual_drives), field("physical_drives", &controller::physical_drives)};

/// Calls f(name, member pointer) for every field of S, in order.
template <class S, class F>
constexpr void for_each_field(F&& f) {
  for_each_field(model_fields<S>, f);
}

}  // namespace raidbench
