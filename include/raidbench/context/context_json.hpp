#pragma once
/// JSON for the storage context (nlohmann to_json/from_json, found by ADL). Every key is always
/// written; an unknown value is null.
#include <nlohmann/json_fwd.hpp>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// A PCI function and its link; every field always written.
RAIDBENCH_API void to_json(nlohmann::json& j, const pcie_link& l);
RAIDBENCH_API void from_json(const nlohmann::json& j, pcie_link& l);

/// A disk's own link: its kind and negotiated Gb/s.
RAIDBENCH_API void to_json(nlohmann::json& j, const disk_link& l);
RAIDBENCH_API void from_json(const nlohmann::json& j, disk_link& l);

/// A block kind as its name ("device_mapper").
RAIDBENCH_API void to_json(nlohmann::json& j, const block_kind& k);
RAIDBENCH_API void from_json(const nlohmann::json& j, block_kind& k);

/// One block device of the chain.
RAIDBENCH_API void to_json(nlohmann::json& j, const block_node& n);
RAIDBENCH_API void from_json(const nlohmann::json& j, block_node& n);

/// A filesystem; its device as "MAJOR:MINOR".
RAIDBENCH_API void to_json(nlohmann::json& j, const filesystem_info& f);
RAIDBENCH_API void from_json(const nlohmann::json& j, filesystem_info& f);

/// The CPU.
RAIDBENCH_API void to_json(nlohmann::json& j, const cpu_info& c);
RAIDBENCH_API void from_json(const nlohmann::json& j, cpu_info& c);

/// The whole storage context.
RAIDBENCH_API void to_json(nlohmann::json& j, const storage_context& c);
RAIDBENCH_API void from_json(const nlohmann::json& j, storage_context& c);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/context_json.hpp"
#endif
