#pragma once
/// Running another program (a vendor RAID tool, later a setup or hook command) so that it can never
/// outlive or outwait the caller: no shell, stdin from /dev/null, its own process group, one deadline
/// over the whole call (start, output and exit), a cap on what it prints, and on every way out (its
/// exit, the deadline, the cap, SIGINT, SIGTERM or SIGHUP to the caller) its whole group killed and
/// waited for.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// What a child may take: time for the whole call and bytes of output (stdout and stderr together).
struct child_limits {
  std::chrono::milliseconds deadline{std::chrono::seconds(120)};
  std::size_t output_cap = std::size_t{64} << 20;
};

/// What a child printed and how the call ended.
struct child_output {
  std::string out, err;
  int status = -1;       ///< its exit status; -1 when it did not exit by itself
  std::string failure;   ///< why it did not run to an exit status (one phrase); empty when it did
  bool timed_out = false;  ///< killed at the deadline
  /// SIGINT, SIGTERM or SIGHUP when one of them reached the caller during the call (or a stop had
  /// been asked for before it, core/stop_request.hpp): the child was stopped, and the signal then
  /// given back to the caller's own disposition (a handler runs; the default ends the process).
  int interrupted_by = 0;
};

/// Runs `path` with `args` (argv[0] is `path`) in a process group of its own, collecting stdout and
/// stderr. The group is killed (SIGKILL) and the child reaped when it runs past the deadline, prints
/// more than the cap, or the caller is asked to stop; what it left running in its group when it
/// exited is killed too, and a pipe it left open does not hold the call. The child starts with
/// SIGINT, SIGTERM, SIGHUP and SIGPIPE at their defaults and no signal blocked. While it runs, the
/// caller's SIGINT, SIGTERM and SIGHUP (those not ignored) are caught here: call it from one thread
/// at a time.
RAIDBENCH_API child_output run_child(const std::string& path, const std::vector<std::string>& args, const child_limits& limits);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/core/impl/child_process.hpp"
#endif
