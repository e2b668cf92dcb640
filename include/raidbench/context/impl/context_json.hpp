#pragma once
// The storage context's JSON definitions (see core/linkage.hpp): included by context_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/core/enum_json.hpp"
#include "raidbench/core/fields.hpp"
#include "raidbench/context/storage_context.hpp"

namespace raidbench {

namespace detail::context_json {

// Each struct's fields with their JSON keys; to_json and from_json both walk the list, in its order.
template <class S>
inline constexpr auto fields = nullptr;

template <>
inline constexpr auto fields<pcie_link> = std::tuple{
    field("address", &pcie_link::address), field("vendor_id", &pcie_link::vendor_id),
    field("device_id", &pcie_link::device_id), field("driver", &pcie_link::driver),
    field("current_speed", &pcie_link::current_speed), field("max_speed", &pcie_link::max_speed),
    field("current_width", &pcie_link::current_width), field("max_width", &pcie_link::max_width)};

template <>
inline constexpr auto fields<block_node> = std::tuple{
    field("name", &block_node::name), field("kind", &block_node::kind), field("below", &block_node::below),
    field("size_bytes", &block_node::size_bytes), field("transport", &block_node::transport),
    field("vendor", &block_node::vendor), field("model", &block_node::model), field("pci", &block_node::pci),
    field("scsi_address", &block_node::scsi_address), field("dm_name", &block_node::dm_name),
    field("dm_target", &block_node::dm_target), field("md_level", &block_node::md_level),
    field("md_state", &block_node::md_state), field("md_raid_disks", &block_node::md_raid_disks),
    field("md_degraded", &block_node::md_degraded), field("md_sync_action", &block_node::md_sync_action),
    field("backing_file", &block_node::backing_file), field("start_bytes", &block_node::start_bytes),
    field("aligned_to_physical_sector", &block_node::aligned_to_physical_sector),
    field("aligned_to_1mib", &block_node::aligned_to_1mib), field("rotational", &block_node::rotational),
    field("logical_sector_bytes", &block_node::logical_sector_bytes),
    field("physical_sector_bytes", &block_node::physical_sector_bytes), field("scheduler", &block_node::scheduler),
    field("nr_requests", &block_node::nr_requests), field("max_sectors_kb", &block_node::max_sectors_kb),
    field("write_cache", &block_node::write_cache), field("fua", &block_node::fua)};

// "device" (MAJOR:MINOR from two members) is written and read by hand after these.
template <>
inline constexpr auto fields<filesystem_info> = std::tuple{
    field("type", &filesystem_info::type), field("source", &filesystem_info::source),
    field("mount_point", &filesystem_info::mount_point), field("mount_options", &filesystem_info::mount_options),
    field("block_size", &filesystem_info::block_size), field("size_bytes", &filesystem_info::size_bytes),
    field("available_bytes", &filesystem_info::available_bytes)};

template <>
inline constexpr auto fields<cpu_info> = std::tuple{field("model", &cpu_info::model),
                                                    field("logical_cpus", &cpu_info::logical_cpus)};

template <>
inline constexpr auto fields<storage_context> = std::tuple{
    field("path", &storage_context::path), field("kernel", &storage_context::kernel),
    field("filesystem", &storage_context::filesystem), field("devices", &storage_context::devices),
    field("ram_bytes", &storage_context::ram_bytes), field("cpu", &storage_context::cpu)};

// A plain field is required; an optional one is written as null when empty, and read back empty
// when null or absent.
template <class T>
void write_value(nlohmann::json& j, const T& v) {
  j = v;
}
template <class T>
void write_value(nlohmann::json& j, const std::optional<T>& v) {
  j = v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

template <class T>
void read_value(const nlohmann::json& j, const std::string& key, T& v) {
  j.at(key).get_to(v);
}
template <class T>
void read_value(const nlohmann::json& j, const std::string& key, std::optional<T>& v) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) v.reset();
  else v = it->template get<T>();
}

template <class S>
void write_fields(nlohmann::json& j, const S& s) {
  j = nlohmann::json::object();
  for_each_field(fields<S>, [&](std::string_view key, auto member) { write_value(j[std::string(key)], s.*member); });
}

template <class S>
void read_fields(const nlohmann::json& j, S& s) {
  for_each_field(fields<S>, [&](std::string_view key, auto member) { read_value(j, std::string(key), s.*member); });
}

}  // namespace detail::context_json

RAIDBENCH_API void to_json(nlohmann::json& j, const pcie_link& l) { detail::context_json::write_fields(j, l); }
RAIDBENCH_API void from_json(const nlohmann::json& j, pcie_link& l) { detail::context_json::read_fields(j, l); }

RAIDBENCH_API void to_json(nlohmann::json& j, const block_kind& k) { j = std::string(to_string(k)); }
RAIDBENCH_API void from_json(const nlohmann::json& j, block_kind& k) { k = detail::enum_from_json<block_kind>(j, "block kind"); }

RAIDBENCH_API void to_json(nlohmann::json& j, const block_node& n) { detail::context_json::write_fields(j, n); }
RAIDBENCH_API void from_json(const nlohmann::json& j, block_node& n) { detail::context_json::read_fields(j, n); }

RAIDBENCH_API void to_json(nlohmann::json& j, const filesystem_info& f) {
  detail::context_json::write_fields(j, f);
  j["device"] = std::to_string(f.device_major) + ":" + std::to_string(f.device_minor);
}
RAIDBENCH_API void from_json(const nlohmann::json& j, filesystem_info& f) {
  detail::context_json::read_fields(j, f);
  const std::string device = j.at("device").get<std::string>();
  if (std::sscanf(device.c_str(), "%u:%u", &f.device_major, &f.device_minor) != 2)
    throw nlohmann::json::other_error::create(501, "filesystem.device is not MAJOR:MINOR: " + device, &j);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const cpu_info& c) { detail::context_json::write_fields(j, c); }
RAIDBENCH_API void from_json(const nlohmann::json& j, cpu_info& c) { detail::context_json::read_fields(j, c); }

RAIDBENCH_API void to_json(nlohmann::json& j, const storage_context& c) { detail::context_json::write_fields(j, c); }
RAIDBENCH_API void from_json(const nlohmann::json& j, storage_context& c) { detail::context_json::read_fields(j, c); }

}  // namespace raidbench
