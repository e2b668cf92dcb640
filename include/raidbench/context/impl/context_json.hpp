#pragma once
// The storage context's JSON definitions (see core/linkage.hpp): included by context_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/core/enum_json.hpp"
#include "raidbench/core/fields.hpp"
#include "raidbench/core/fields_json.hpp"
#include "raidbench/context/storage_context.hpp"

// Each struct's fields, by the names the JSON shows; to_json and from_json both walk them, in order.
BOOST_HANA_ADAPT_STRUCT(raidbench::pcie_link, address, vendor_id, device_id, driver, current_speed, max_speed,
                        current_width, max_width);
BOOST_HANA_ADAPT_STRUCT(raidbench::disk_link, kind, gigabits);
BOOST_HANA_ADAPT_STRUCT(raidbench::block_node, name, kind, below, size_bytes, transport, vendor, model, pci, link,
                        scsi_address, dm_name, dm_target, md_level, md_state, md_raid_disks, md_degraded,
                        md_sync_action, backing_file, start_bytes, aligned_to_physical_sector, aligned_to_1mib,
                        rotational, logical_sector_bytes, physical_sector_bytes, scheduler, nr_requests,
                        max_sectors_kb, write_cache, fua);
// filesystem_info's "device" (MAJOR:MINOR from two members) is written and read by hand after these.
BOOST_HANA_ADAPT_STRUCT(raidbench::filesystem_info, type, source, mount_point, mount_options, block_size, size_bytes,
                        available_bytes);
BOOST_HANA_ADAPT_STRUCT(raidbench::cpu_info, model, logical_cpus);
BOOST_HANA_ADAPT_STRUCT(raidbench::storage_context, path, kernel, filesystem, devices, ram_bytes, cpu);

namespace raidbench {

RAIDBENCH_API void to_json(nlohmann::json& j, const pcie_link& l) { detail::write_fields(j, l); }
RAIDBENCH_API void from_json(const nlohmann::json& j, pcie_link& l) { detail::read_fields(j, l); }

RAIDBENCH_API void to_json(nlohmann::json& j, const disk_link& l) { detail::write_fields(j, l); }
RAIDBENCH_API void from_json(const nlohmann::json& j, disk_link& l) { detail::read_fields(j, l); }

RAIDBENCH_API void to_json(nlohmann::json& j, const block_kind& k) { j = std::string(to_string(k)); }
RAIDBENCH_API void from_json(const nlohmann::json& j, block_kind& k) { k = detail::enum_from_json<block_kind>(j, "block kind"); }

RAIDBENCH_API void to_json(nlohmann::json& j, const block_node& n) { detail::write_fields(j, n); }
RAIDBENCH_API void from_json(const nlohmann::json& j, block_node& n) { detail::read_fields(j, n); }

RAIDBENCH_API void to_json(nlohmann::json& j, const filesystem_info& f) {
  detail::write_fields(j, f);
  j["device"] = std::to_string(f.device_major) + ":" + std::to_string(f.device_minor);
}
RAIDBENCH_API void from_json(const nlohmann::json& j, filesystem_info& f) {
  detail::read_fields(j, f);
  const std::string device = j.at("device").get<std::string>();
  if (std::sscanf(device.c_str(), "%u:%u", &f.device_major, &f.device_minor) != 2)
    throw nlohmann::json::other_error::create(501, "filesystem.device is not MAJOR:MINOR: " + device, &j);
}

RAIDBENCH_API void to_json(nlohmann::json& j, const cpu_info& c) { detail::write_fields(j, c); }
RAIDBENCH_API void from_json(const nlohmann::json& j, cpu_info& c) { detail::read_fields(j, c); }

RAIDBENCH_API void to_json(nlohmann::json& j, const storage_context& c) { detail::write_fields(j, c); }
RAIDBENCH_API void from_json(const nlohmann::json& j, storage_context& c) { detail::read_fields(j, c); }

}  // namespace raidbench
