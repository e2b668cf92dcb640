#pragma once
/// A short text header with the storage context: kernel, CPU and RAM, filesystem, and one line per
/// block device down to the disks, with "unknown" where /sys and /proc did not say.
#include <optional>
#include <string>
#include <vector>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/join_present.hpp"

namespace raidbench {

/// The context header, every line ending in '\n'.
RAIDBENCH_API std::string format_context(const storage_context& c);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/context.hpp"
#endif
