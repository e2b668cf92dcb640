#pragma once
/// The block size policy: bytes per I/O, a run-time value.
#include <cstdint>

#include "raidbench/core/literals.hpp"
#include "raidbench/workload/slot.hpp"

namespace raidbench {

/// Bytes per read or write; any size, checked against O_DIRECT's alignment when that flag is set.
struct block {
  using slot = raidbench::slot::block;
  std::uint64_t bytes = 4096;
};

}  // namespace raidbench
