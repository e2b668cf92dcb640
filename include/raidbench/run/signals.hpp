#pragma once
/// Stopping a run from a signal: SIGINT and SIGTERM set a flag the runner checks between I/Os.
#include <csignal>

#include <atomic>

namespace raidbench {

/// The process-wide stop request that runs check by default; set from signal handlers.
inline std::atomic<bool>& stop_request() noexcept {
  static std::atomic<bool> requested{false};
  return requested;
}

namespace detail {
extern "C" inline void raidbench_request_stop(int) { stop_request().store(true, std::memory_order_relaxed); }
}  // namespace detail

/// While alive, SIGINT and SIGTERM ask running workloads to stop and return a partial result
/// instead of killing the process; the previous handlers come back on destruction.
class stop_on_signals {
 public:
  stop_on_signals() {
    struct sigaction action {};
    action.sa_handler = detail::raidbench_request_stop;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &old_int_);
    ::sigaction(SIGTERM, &action, &old_term_);
  }
  stop_on_signals(const stop_on_signals&) = delete;
  stop_on_signals& operator=(const stop_on_signals&) = delete;
  ~stop_on_signals() {
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

}  // namespace raidbench
