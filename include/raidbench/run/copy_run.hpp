#pragma once
/// Runs a copy workload (mix::copy over a target::pair) on the calling thread, with the runner's
/// progress snapshots, stop requests and statistics.
#include <fcntl.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <new>
#include <type_traits>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/copy_loop.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/run/sync_io.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/stats/thread_cpu.hpp"
#include "raidbench/workload/copy.hpp"
#include "raidbench/workload/description.hpp"
#include "raidbench/workload/workload.hpp"

namespace raidbench {

namespace detail {

/// True for workloads whose mix is a copy (mix::copy, or a policy derived from it).
template <class W>
concept copy_workload = W::template policy_for<slot::mix>::kind == mix::kind::copy;

inline expected<void> validate_copy(const mix::copy& c, std::uint64_t block, int open_bits, const target::pair& t,
                                    unsigned threads) {
  if (block == 0) return fail("the block size must be at least 1 byte");
  if (c.tail_bytes >= block) return fail(fmt::format("the tail read ({} bytes) must be shorter than a block ({})", c.tail_bytes, block));
  if (threads != 1) return fail("a copy runs on one thread");
  if ((open_bits & O_DIRECT) && (block % 512 != 0 || c.output_block % 512 != 0))
    return fail(fmt::format("O_DIRECT needs block sizes that are multiples of 512 bytes, not {} and {}", block,
                            c.output_block ? c.output_block : block));
  if (t.source < 0 || t.destination < 0) return fail("a copy needs an open source and destination descriptor");
  return {};
}

}  // namespace detail

/// Runs a copy: records from `target::pair::source` to its `destination` on the stream engine
/// (read/write at the descriptors' positions) or the psync engine (pread/pwrite from the pair's
/// offsets), on the calling thread: `options.on_progress` is called from the copy loop between
/// records, and when a signal interrupts a read or write. stop::after's `ops` and `bytes` limit
/// the records and bytes read. A failed copy returns its error; `options.final_snapshot` still
/// receives what was done until then.
template <class W>
  requires detail::copy_workload<W>
expected<result> run(const W& w, const run_options& options = {}) {
  constexpr bool periodic = W::template policy_for<slot::sync>::kind == sync::kind::periodic;
  constexpr timing::kind timing_kind = W::template policy_for<slot::timing>::kind;
  constexpr engine::kind engine_kind = W::template policy_for<slot::engine>::kind;
  constexpr bool is_stream = engine_kind == engine::kind::stream;
  static_assert(is_stream || engine_kind == engine::kind::psync,
                "raidbench::run: a copy runs on engine::stream or engine::psync");
  static_assert(std::is_base_of_v<target::pair, typename W::template policy_for<slot::target>>,
                "raidbench::run: a copy needs a target::pair (source and destination descriptors)");
  static_assert(timing_kind != timing::kind::gated,
                "raidbench::run: timing::gated is for block workloads; a copy is paced by its input");

  result out;
  out.workload = describe(w);
  const target::pair ends = w.template get<slot::target>();
  detail::copy_plan plan{w.template get<slot::mix>(), static_cast<std::size_t>(out.workload.block_size),
                         ends.source_offset, ends.destination_offset};
  // Rewritten data leaves in output blocks (dd's two buffers), of the input block size by default.
  if (plan.policy.conversion.rewrites() && plan.policy.output_block == 0) plan.policy.output_block = plan.block;
  if (auto ok = detail::validate_copy(plan.policy, plan.block, w.template get<slot::open_flags>().bits(), ends,
                                      out.workload.threads);
      !ok)
    return ok.err();
  if (options.check_only) return out;

  thread_stats stats;
  detail::thread_job job;
  std::atomic<bool> abort{false};
  const std::atomic<bool>* stop_flag = options.stop_flag ? options.stop_flag : &stop_request();
  const auto stop = w.template get<slot::stop>();
  job.max_ops = stop.ops ? stop.ops : UINT64_MAX;
  job.max_bytes = stop.bytes ? stop.bytes : UINT64_MAX;
  job.stop = stop_flag;
  job.abort = &abort;
  job.stats = &stats;
  // A block size the system cannot give (a user's bs=) is an error, not an exception.
  aligned_buffer record, staging;
  try {
    record = aligned_buffer(plan.block);
    staging = aligned_buffer(plan.policy.output_block);
  } catch (const std::bad_alloc&) {
    const std::size_t output = plan.policy.output_block;  // 0: the record is written as read
    return error{output ? fmt::format("cannot allocate the copy buffers ({} and {})", format_iec(plan.block), format_iec(output))
                        : fmt::format("cannot allocate a copy buffer of {}", format_iec(plan.block)),
                 ENOMEM};
  }
  const detail::flush_plan<periodic> flush{detail::flush_settings_of(w.template get<slot::sync>())};

  job.start_ns = now_ns();
  const thread_cpu cpu_at_start = calling_thread_cpu();
  job.deadline_ns = stop.time.count() > 0 ? job.start_ns + static_cast<std::uint64_t>(stop.time.count()) : UINT64_MAX;
  detail::inline_progress progress(options, job.start_ns);
  const int source[] = {ends.source}, destination[] = {ends.destination};
  // Converting or not is fixed for the run: chosen here, once, not in the loop.
  auto copy = [&]<bool converts>(std::bool_constant<converts>) {
    if constexpr (is_stream)
      detail::copy_loop<timing_kind, periodic, converts>(job, plan, detail::stream_io{source[0], true},
                                                       detail::stream_io{destination[0], true}, record.data(),
                                                       staging.data(), flush, progress);
    else
      detail::copy_loop<timing_kind, periodic, converts>(job, plan, detail::psync_io{source}, detail::psync_io{destination},
                                                       record.data(), staging.data(), flush, progress);
  };
  if (plan.policy.conversion.any()) copy(std::true_type{});
  else copy(std::false_type{});
  stats.cpu = cpu_between(cpu_at_start, calling_thread_cpu());

  if (options.final_snapshot) *options.final_snapshot = detail::snapshot_of(stats, stats.elapsed_ns);
  if (job.failure)
    return system_failure(job.failure.call, job.failure.file == detail::copy_source ? "source" : "destination",
                          job.failure.errnum);
  out.stats.add_thread(stats);
  out.stats.elapsed_ns = stats.elapsed_ns;
  out.stats.interrupted = stop_flag->load();
  return out;
}

}  // namespace raidbench
