#pragma once
// Standard output of raidbench's own tools (raidbench, its sweeps, rb-run, rb-ctrl, rb-compare),
// where a reader may be gone: a closed pipe (EPIPE; SIGPIPE is ignored, so the write fails instead
// of killing the tool before it cleans up), a closed terminal (EIO), a full device (ENOSPC). A write
// that fails is remembered, not thrown, and asks the run to stop (nobody reads what it would print);
// at the end the tool says so in one line and exits non-zero, as GNU's close_stdout does. The
// replicas keep their peers' behaviour (they die of SIGPIPE) and do not use this.
#include <csignal>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "raidbench/core/stop_request.hpp"

namespace raidbench::tools {

namespace detail {
inline int& stdout_errno() noexcept {
  static int errnum = 0;
  return errnum;
}
}  // namespace detail

/// A write to a closed pipe fails with EPIPE instead of killing the process.
inline void ignore_sigpipe() noexcept { std::signal(SIGPIPE, SIG_IGN); }

/// Writes `text` to standard output and flushes it; after the first failure, writes nothing more.
inline void print_out(std::string_view text) noexcept {
  if (detail::stdout_errno() != 0) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    detail::stdout_errno() = errno != 0 ? errno : EIO;
    stop_request().store(true);
  }
}

/// Whether standard output failed so far, and why (an errno; 0: it did not).
inline bool stdout_failed() noexcept { return detail::stdout_errno() != 0; }
inline int stdout_error() noexcept { return detail::stdout_errno(); }

/// At the end of a tool: standard output flushed and checked. False, after one line on stderr
/// ("PROGRAM: write error on standard output: REASON"), when anything written there was lost.
inline bool stdout_complete(std::string_view program) noexcept {
  errno = 0;
  if (detail::stdout_errno() == 0 && (std::fflush(stdout) != 0 || std::ferror(stdout)))
    detail::stdout_errno() = errno != 0 ? errno : EIO;
  if (detail::stdout_errno() == 0) return true;
  std::fprintf(stderr, "%.*s: write error on standard output: %s\n", static_cast<int>(program.size()), program.data(),
               std::strerror(detail::stdout_errno()));
  return false;
}

}  // namespace raidbench::tools
