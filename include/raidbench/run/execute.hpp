#pragma once
/// The part of a run that no policy changes: check the values, open the target, share it among the
/// threads, run them, fold their statistics. One function for every workload; only the thread body
/// it is given (a kernel, kernel.hpp) is instantiated per workload kind.
#include <cstddef>
#include <cstdint>
#include <functional>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/opened_target.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/run_threads.hpp"
#include "raidbench/stats/run_statistics.hpp"
#include "raidbench/verify/session.hpp"
#include "raidbench/workload/engine.hpp"
#include "raidbench/workload/stop.hpp"
#include "raidbench/workload/timing.hpp"
#include "raidbench/workload/verify.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench::detail {

/// What a kernel needs besides its type: the open target and the run's values.
struct kernel_inputs {
  const opened_target* files = nullptr;
  std::size_t block_size = 0;
  std::uint32_t queue_depth = 1;
  int open_bits = 0;
  target_use use = target_use::read;
  bool flush_on_writer = false;  ///< engine::reopen
  flush_settings flush;
  double read_fraction = 0;      ///< mix::kind::random_mix
  double reads_per_write = 0;    ///< mix::kind::interleaved
  const void* access = nullptr;  ///< the access policy's value, of the kernel's access type
  verify::session* session = nullptr;       ///< verify::stamps: the run's session
  verify::generation_map* claims = nullptr;  ///< verify::sysbench_blocks: the blocks in use (filled in by execute)
  bool writes_durable = false;               ///< each write is durable when it returns (O_SYNC, O_DSYNC; not mmap)
};

/// One worker's whole life for one kind of workload (kernel.hpp): set-up, the start gate, the hot loop.
using kernel_body = void (*)(thread_job& job, start_gate& gate, error& setup_error, const kernel_inputs& inputs);

/// A workload reduced to values and its kernel.
struct run_request {
  const workload_description* description = nullptr;
  /// The target policy's value, and how to open it for a use (open_target_as<its type>).
  const void* target = nullptr;
  expected<opened_target> (*open_target)(const void* target, int open_bits, target_use use) = nullptr;
  engine::kind engine = engine::kind::psync;
  verify::kind verify = verify::kind::none;
  stop::after stop;
  kernel_inputs inputs;  ///< files is filled in by execute
  kernel_body body = nullptr;
  // timing::gated: its rate (0: none), arrival process and observer (null: none)
  std::uint32_t rate = 0;
  timing::arrival arrival = timing::arrival::poisson;
  const std::function<void(const timing::request&)>* observe = nullptr;
};

/// Opens a target policy of type Target (one instantiation per target type, not per workload).
template <class Target>
expected<opened_target> open_target_as(const void* target, int open_bits, target_use use) {
  return opened_target::open(*static_cast<const Target*>(target), open_bits, use);
}

/// The rule `execute` applies to a run's I/O buffers (at most half of the RAM), for a tool that wants
/// to apply it before work of its own (preparing files).
RAIDBENCH_API expected<void> check_buffer_memory(std::uint64_t block_size, std::uint32_t queue_depth, std::uint32_t threads);

/// Runs the request: a failed check or open is one line; files the run created are removed if it fails.
RAIDBENCH_API expected<run_statistics> execute(run_request request, const run_options& options);

}  // namespace raidbench::detail

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/run/impl/execute.hpp"
#endif
