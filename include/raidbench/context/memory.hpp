#pragma once
/// The machine's RAM, from /proc/meminfo (MemTotal): what the page cache can hold at most.
#include <cstdint>
#include <filesystem>
#include <optional>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// MemTotal in bytes from <root>/proc/meminfo; nullopt when the file or the line is missing.
RAIDBENCH_API std::optional<std::uint64_t> ram_bytes(const std::filesystem::path& root = "/");

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/memory.hpp"
#endif
