#pragma once
/// GNU dd's partial-read warning, for a copy and for the reads its caller makes before it (skip=).
#include <cstddef>
#include <cstdint>

namespace raidbench {

/// Watches read results for a short read that more data followed: then a record was cut short by
/// the source (a pipe, a terminal) rather than by its end, and a count of records may not mean
/// what the user meant. Reveals one such read, then disarms, as dd warns once.
struct partial_read_watch {
  bool armed = true;
  long last = 0;  ///< what the previous read returned

  /// The next read's result `r` for `asked` bytes: the earlier short read's size when `r` reveals
  /// it (returns data after a read that returned less than `asked`), else 0.
  std::uint64_t returned(long r, std::size_t asked) noexcept {
    std::uint64_t revealed = 0;
    if (armed && r > 0 && last > 0 && static_cast<std::size_t>(last) < asked) {
      revealed = static_cast<std::uint64_t>(last);
      armed = false;
    }
    last = r;
    return revealed;
  }
};

}  // namespace raidbench
