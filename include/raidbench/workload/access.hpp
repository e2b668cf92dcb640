#pragma once
/// Access pattern policies: where the next I/O goes.
#include <concepts>
#include <cstdint>
#include <string_view>

#include "raidbench/core/random.hpp"

#include "raidbench/workload/slot.hpp"

namespace raidbench::access {

/// What an access policy sees of the target: blocks numbered 0…total-1 over all files, and the
/// thread's own share [first, end) with a position `next` in it.
struct cursor {
  std::uint64_t first;
  std::uint64_t end;
  std::uint64_t next;
  std::uint64_t total;
  bool one_pass;  ///< stop at the end of the share instead of wrapping around
};

/// An access policy: fills the slot and picks the next block, or says the walk is over.
/// Each thread works on its own copy of the policy value given to the workload, so a policy may keep
/// state (and its members reach the hot loop) without locks; it is called per I/O, so keep it cheap.
template <class A>
concept access_policy = requires(A a, cursor& c, random_generator& rng, std::uint64_t& block) {
  typename A::slot;
  { A::name } -> std::convertible_to<std::string_view>;
  { a.next_block(c, rng, block) } -> std::same_as<bool>;
};

/// Block after block, each thread through its own contiguous share of the target.
struct sequential_t {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "sequential";
  static constexpr bool in_order = true;
  bool next_block(cursor& c, random_generator&, std::uint64_t& block) const noexcept {
    if (c.next == c.end) {
      if (c.one_pass || c.first == c.end) return false;
      c.next = c.first;
    }
    block = c.next++;
    return true;
  }
};
/// Uniform over the block-aligned offsets of the whole target (all files of a set).
struct random_t {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "random";
  bool next_block(cursor& c, random_generator& rng, std::uint64_t& block) const noexcept {
    block = rng.below(c.total);
    return true;
  }
};

/// True for access policies that declare `static constexpr bool in_order = true`: each block after
/// the one before, as the stream engine needs (inherited by policies derived from sequential_t).
template <class A>
inline constexpr bool in_order = requires { requires A::in_order; };

inline constexpr sequential_t sequential{};
inline constexpr random_t random{};

}  // namespace raidbench::access
