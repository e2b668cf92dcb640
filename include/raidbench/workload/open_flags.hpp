#pragma once
/// Open flag policies: O_DIRECT, O_SYNC, O_DSYNC, combinable with `|`.
#include <fcntl.h>

#include <string>

#include "raidbench/workload/slot.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench::open {

/// Flags known at compile time, so incompatible engines are rejected by the compiler.
template <int Flags>
struct flags {
  using slot = raidbench::slot::open_flags;
  static constexpr int value = Flags;
  static constexpr bool always_direct = (Flags & O_DIRECT) != 0;
  constexpr int bits() const noexcept { return Flags; }
};

template <int A, int B>
constexpr flags<A | B> operator|(flags<A>, flags<B>) noexcept { return {}; }

inline constexpr flags<0> none{};
inline constexpr flags<O_DIRECT> direct{};  ///< bypass the page cache (aligned buffers, sizes, offsets)
inline constexpr flags<O_SYNC> sync{};      ///< every write returns once data and metadata are stable
inline constexpr flags<O_DSYNC> dsync{};    ///< every write returns once the data is stable

/// Flags chosen at run time (a tool's options); an engine that cannot honour them fails at run time.
struct dynamic {
  using slot = raidbench::slot::open_flags;
  static constexpr bool always_direct = false;
  int value = 0;
  constexpr int bits() const noexcept { return value; }
};

/// The flags among `bits` that change what a run's figures mean.
inline open_flag_set describe(int bits) {
  // O_SYNC includes O_DSYNC's bit: a file opened O_SYNC is "sync", not both.
  return {(bits & O_DIRECT) != 0, (bits & O_SYNC) == O_SYNC, (bits & O_DSYNC) != 0 && (bits & O_SYNC) != O_SYNC};
}

}  // namespace raidbench::open
