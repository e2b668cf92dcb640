#pragma once
/// Access pattern policies: where the next I/O goes.
#include <string_view>

#include "raidbench/workload/slot.hpp"

namespace raidbench::access {

/// Block after block, each thread through its own contiguous share of the target.
struct sequential_t {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "sequential";
};
/// Uniform over the block-aligned offsets of the whole target (all files of a set).
struct random_t {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "random";
};

inline constexpr sequential_t sequential{};
inline constexpr random_t random{};

}  // namespace raidbench::access
