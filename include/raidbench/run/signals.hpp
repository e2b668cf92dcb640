#pragma once
/// Stopping a run from a signal: SIGINT, SIGTERM and SIGHUP (an SSH session dropping) set a flag the
/// runner checks between I/Os, and say which signal it was, for the tool's exit status.
#include <csignal>

#include <atomic>
#include <cstddef>
#include <iterator>

#include "raidbench/core/stop_request.hpp"

namespace raidbench {

namespace detail {
extern "C" inline void raidbench_request_stop(int signal) {
  stop_signal().store(signal, std::memory_order_relaxed);
  stop_request().store(true, std::memory_order_relaxed);
}
}  // namespace detail

/// The signal that stopped the run, SIGINT when the stop came from elsewhere (a stop flag).
inline int stopping_signal() noexcept {
  const int s = stop_signal().load();
  return s ? s : SIGINT;
}

/// 128 + the signal that stopped the run: the status a shell shows for a process the signal ended.
inline int interrupted_exit_status() noexcept { return 128 + stopping_signal(); }

/// While alive, SIGINT, SIGTERM and SIGHUP ask running workloads to stop and return a partial
/// result instead of killing the process; the previous handlers come back on destruction.
class stop_on_signals {
 public:
  static constexpr int handled[] = {SIGINT, SIGTERM, SIGHUP};

  stop_on_signals() {
    struct sigaction action {};
    action.sa_handler = detail::raidbench_request_stop;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < std::size(handled); ++i) {
      ::sigaction(handled[i], &action, &old_[i]);
      // A signal the caller ignores stays ignored (nohup: a dropped session must not stop the run).
      if (old_[i].sa_handler == SIG_IGN) ::sigaction(handled[i], &old_[i], nullptr);
    }
  }
  stop_on_signals(const stop_on_signals&) = delete;
  stop_on_signals& operator=(const stop_on_signals&) = delete;
  ~stop_on_signals() {
    for (std::size_t i = 0; i < std::size(handled); ++i) ::sigaction(handled[i], &old_[i], nullptr);
  }

 private:
  struct sigaction old_[std::size(handled)] {};
};

}  // namespace raidbench
