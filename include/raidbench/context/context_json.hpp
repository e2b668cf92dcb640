#pragma once
/// JSON for the storage context (nlohmann to_json/from_json, found by ADL). Every key is always
/// written; an unknown value is null.
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/json_functions.hpp"

namespace raidbench {

/// - pcie_link: a PCI function and its link; every field always written.
/// - disk_link: a disk's own link, its kind and negotiated Gb/s.
/// - block_kind: its name ("device_mapper").
/// - block_node: one block device of the chain.
/// - filesystem_info: a filesystem; its device as "MAJOR:MINOR".
/// - cpu_info: the CPU.
/// - storage_context: the whole storage context.
RAIDBENCH_JSON_FUNCTIONS(pcie_link, disk_link, block_kind, block_node, filesystem_info, cpu_info, storage_context)

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/context_json.hpp"
#endif
