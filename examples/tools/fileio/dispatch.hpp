#pragma once
// The slot tables: each maps one group of options to the policy of one slot and hands it on.
// Only the combinations sysbench can ask for are instantiated (a read test never flushes), one
// per kernel.
#include <cstdint>
#include <limits>

#include "plan.hpp"
#include "raidbench/run/runner.hpp"

namespace rb_fileio {

using raidbench::report::fileio_mode;

// The sync slot: none for reads; for writes, fsync() or fdatasync() every --file-fsync-freq requests
// of every file in turn (sysbench's rounds), or after each write (--file-fsync-all); --file-fsync-end
// alone is a period no run reaches, plus the closing flush. The call, the period and write or rewrite
// are values (sync::chosen, mix::chosen_writes), so there is one workload per kernel: 8 per engine
// and timing, where a policy type per option made 14 for the same 8 kernels.
template <bool Writes, class Next>
auto with_sync(const plan& p, Next&& next) {
  namespace sync = raidbench::sync;
  if constexpr (!Writes) {
    return next(sync::none);
  } else {
    if (!p.fsync_all && p.fsync_freq == 0 && !p.fsync_end) return next(sync::chosen<false>{});
    sync::chosen<true> every{.flush_call = p.fdatasync ? sync::call::fdatasync : sync::call::fsync};
    if (!p.fsync_all) {
      every.writes = p.fsync_freq ? p.fsync_freq : std::numeric_limits<std::uint64_t>::max();
      every.at_end = p.fsync_end;
      every.counts = sync::period::requests;
      every.covers = sync::scope::all_files;
      every.flushes_are_requests = true;  // sysbench's fsyncs are events, counted against --events
    }
    return next(every);
  }
}

// The access and mix slots, from the test mode.
template <class Next>
auto with_mode(const plan& p, Next&& next) {
  namespace access = raidbench::access;
  namespace mix = raidbench::mix;
  const mix::chosen_writes writes{.over_existing = p.mode == fileio_mode::seqrewr};
  switch (p.mode) {
    case fileio_mode::seqwr: case fileio_mode::seqrewr:
      return with_sync<true>(p, [&](auto s) { return next(access::sequential, writes, s); });
    case fileio_mode::seqrd: return with_sync<false>(p, [&](auto s) { return next(access::sequential, mix::reads, s); });
    case fileio_mode::rndrd: return with_sync<false>(p, [&](auto s) { return next(access::random, mix::reads, s); });
    case fileio_mode::rndwr: return with_sync<true>(p, [&](auto s) { return next(access::random, writes, s); });
    case fileio_mode::rndrw: break;
  }
  return with_sync<true>(p, [&](auto s) { return next(access::random, mix::interleaved{p.rw_ratio}, s); });
}

// The timing slot: every call timed; gated when requests are paced (--rate) or shown (--debug).
template <class Next>
auto with_timing(const plan& p, Next&& next) {
  if (p.rate > 0 || p.observe) return next(raidbench::timing::gated{p.rate, p.observe});
  return next(raidbench::timing::per_call);
}

/// Runs the plan with the engine policies given (engine, and queue depth for io_uring).
template <class... Engine>
raidbench::expected<raidbench::result> run_with(const plan& p, const raidbench::run_options& o, Engine... engine) {
  using namespace raidbench;
  return with_mode(p, [&](auto access, auto mix, auto sync) {
    return with_timing(p, [&](auto timing) {
      return run(workload(access, mix, sync, engine..., timing, block{p.block_size}, open::dynamic{p.open_bits},
                          target::file_set{.count = p.files, .total_size = p.file_size * p.files, .in = p.directory}, threads{p.threads},
                          seed{p.seed}, stop::after{p.time, p.events}),
                 o);
    });
  });
}

}  // namespace rb_fileio
