#pragma once
/// The process-wide request to stop, and the signal that made it: set by run/signals.hpp's handlers,
/// read by the runner between I/Os and by core/child_process.hpp, which starts no child once a stop
/// is asked for.
#include <atomic>

namespace raidbench {

/// The process-wide stop request that runs check by default; set from signal handlers.
inline std::atomic<bool>& stop_request() noexcept {
  static std::atomic<bool> requested{false};
  return requested;
}

/// The signal that asked to stop (0: none yet); our own tools exit with 128 + it.
inline std::atomic<int>& stop_signal() noexcept {
  static std::atomic<int> signal{0};
  return signal;
}

}  // namespace raidbench
