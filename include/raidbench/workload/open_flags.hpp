#pragma once
/// Open flag policies: O_DIRECT, O_SYNC, O_DSYNC, combinable with `|`.
#include <fcntl.h>

#include <string>

#include "raidbench/workload/slot.hpp"

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

/// "direct|dsync", "none": the flags as reports name them.
inline std::string describe(int bits) {
  std::string out;
  auto add = [&](const char* name) { out += out.empty() ? name : std::string("|") + name; };
  if (bits & O_DIRECT) add("direct");
  if ((bits & O_SYNC) == O_SYNC) add("sync");
  else if (bits & O_DSYNC) add("dsync");
  return out.empty() ? "none" : out;
}

}  // namespace raidbench::open
