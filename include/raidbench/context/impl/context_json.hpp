#pragma once
// The storage context's JSON definitions (see core/linkage.hpp): included by context_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdio>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/core/enum_json.hpp"
#include "raidbench/context/storage_context.hpp"

namespace raidbench {

namespace detail::context_json {

template <class T>
nlohmann::json or_null(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

template <class T>
void get_optional(const nlohmann::json& j, const char* key, std::optional<T>& v) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) v.reset();
  else v = it->template get<T>();
}

}  // namespace detail::context_json

RAIDBENCH_API void to_json(nlohmann::json& j, const pcie_link& l) {
  using detail::context_json::or_null;
  j = {{"address", l.address},
       {"vendor_id", or_null(l.vendor_id)},
       {"device_id", or_null(l.device_id)},
       {"driver", or_null(l.driver)},
       {"current_speed", or_null(l.current_speed)},
       {"max_speed", or_null(l.max_speed)},
       {"current_width", or_null(l.current_width)},
       {"max_width", or_null(l.max_width)}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, pcie_link& l) {
  using detail::context_json::get_optional;
  j.at("address").get_to(l.address);
  get_optional(j, "vendor_id", l.vendor_id);
  get_optional(j, "device_id", l.device_id);
  get_optional(j, "driver", l.driver);
  get_optional(j, "current_speed", l.current_speed);
  get_optional(j, "max_speed", l.max_speed);
  get_optional(j, "current_width", l.current_width);
  get_optional(j, "max_width", l.max_width);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const block_kind& k) { j = std::string(to_string(k)); }
RAIDBENCH_API void from_json(const nlohmann::json& j, block_kind& k) { k = detail::enum_from_json<block_kind>(j, "block kind"); }

RAIDBENCH_API void to_json(nlohmann::json& j, const block_node& n) {
  using detail::context_json::or_null;
  j = {{"name", n.name},
       {"kind", n.kind},
       {"below", n.below},
       {"size_bytes", or_null(n.size_bytes)},
       {"transport", or_null(n.transport)},
       {"vendor", or_null(n.vendor)},
       {"model", or_null(n.model)},
       {"pci", or_null(n.pci)},
       {"scsi_address", or_null(n.scsi_address)},
       {"dm_name", or_null(n.dm_name)},
       {"dm_target", or_null(n.dm_target)},
       {"md_level", or_null(n.md_level)},
       {"md_state", or_null(n.md_state)},
       {"md_raid_disks", or_null(n.md_raid_disks)},
       {"md_degraded", or_null(n.md_degraded)},
       {"md_sync_action", or_null(n.md_sync_action)},
       {"backing_file", or_null(n.backing_file)},
       {"start_bytes", or_null(n.start_bytes)},
       {"aligned_to_physical_sector", or_null(n.aligned_to_physical_sector)},
       {"aligned_to_1mib", or_null(n.aligned_to_1mib)},
       {"rotational", or_null(n.rotational)},
       {"logical_sector_bytes", or_null(n.logical_sector_bytes)},
       {"physical_sector_bytes", or_null(n.physical_sector_bytes)},
       {"scheduler", or_null(n.scheduler)},
       {"nr_requests", or_null(n.nr_requests)},
       {"max_sectors_kb", or_null(n.max_sectors_kb)},
       {"write_cache", or_null(n.write_cache)},
       {"fua", or_null(n.fua)}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, block_node& n) {
  using detail::context_json::get_optional;
  j.at("name").get_to(n.name);
  j.at("kind").get_to(n.kind);
  j.at("below").get_to(n.below);
  get_optional(j, "size_bytes", n.size_bytes);
  get_optional(j, "transport", n.transport);
  get_optional(j, "vendor", n.vendor);
  get_optional(j, "model", n.model);
  get_optional(j, "pci", n.pci);
  get_optional(j, "scsi_address", n.scsi_address);
  get_optional(j, "dm_name", n.dm_name);
  get_optional(j, "dm_target", n.dm_target);
  get_optional(j, "md_level", n.md_level);
  get_optional(j, "md_state", n.md_state);
  get_optional(j, "md_raid_disks", n.md_raid_disks);
  get_optional(j, "md_degraded", n.md_degraded);
  get_optional(j, "md_sync_action", n.md_sync_action);
  get_optional(j, "backing_file", n.backing_file);
  get_optional(j, "start_bytes", n.start_bytes);
  get_optional(j, "aligned_to_physical_sector", n.aligned_to_physical_sector);
  get_optional(j, "aligned_to_1mib", n.aligned_to_1mib);
  get_optional(j, "rotational", n.rotational);
  get_optional(j, "logical_sector_bytes", n.logical_sector_bytes);
  get_optional(j, "physical_sector_bytes", n.physical_sector_bytes);
  get_optional(j, "scheduler", n.scheduler);
  get_optional(j, "nr_requests", n.nr_requests);
  get_optional(j, "max_sectors_kb", n.max_sectors_kb);
  get_optional(j, "write_cache", n.write_cache);
  get_optional(j, "fua", n.fua);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const filesystem_info& f) {
  using detail::context_json::or_null;
  j = {{"type", or_null(f.type)},
       {"source", or_null(f.source)},
       {"mount_point", or_null(f.mount_point)},
       {"mount_options", or_null(f.mount_options)},
       {"block_size", or_null(f.block_size)},
       {"size_bytes", or_null(f.size_bytes)},
       {"available_bytes", or_null(f.available_bytes)},
       {"device", std::to_string(f.device_major) + ":" + std::to_string(f.device_minor)}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, filesystem_info& f) {
  using detail::context_json::get_optional;
  get_optional(j, "type", f.type);
  get_optional(j, "source", f.source);
  get_optional(j, "mount_point", f.mount_point);
  get_optional(j, "mount_options", f.mount_options);
  get_optional(j, "block_size", f.block_size);
  get_optional(j, "size_bytes", f.size_bytes);
  get_optional(j, "available_bytes", f.available_bytes);
  const std::string device = j.at("device").get<std::string>();
  if (std::sscanf(device.c_str(), "%u:%u", &f.device_major, &f.device_minor) != 2)
    throw nlohmann::json::other_error::create(501, "filesystem.device is not MAJOR:MINOR: " + device, &j);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const cpu_info& c) {
  using detail::context_json::or_null;
  j = {{"model", or_null(c.model)}, {"logical_cpus", or_null(c.logical_cpus)}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, cpu_info& c) {
  detail::context_json::get_optional(j, "model", c.model);
  detail::context_json::get_optional(j, "logical_cpus", c.logical_cpus);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const storage_context& c) {
  using detail::context_json::or_null;
  j = {{"path", c.path},       {"kernel", or_null(c.kernel)},     {"filesystem", c.filesystem},
       {"devices", c.devices}, {"ram_bytes", or_null(c.ram_bytes)}, {"cpu", c.cpu}};
}
RAIDBENCH_API void from_json(const nlohmann::json& j, storage_context& c) {
  j.at("path").get_to(c.path);
  detail::context_json::get_optional(j, "kernel", c.kernel);
  j.at("filesystem").get_to(c.filesystem);
  j.at("devices").get_to(c.devices);
  detail::context_json::get_optional(j, "ram_bytes", c.ram_bytes);
  j.at("cpu").get_to(c.cpu);
}

}  // namespace raidbench
