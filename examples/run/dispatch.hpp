#pragma once
// Maps rb-run's run-time options to policy types one slot at a time. Each `with_*` turns one
// option into a policy value and hands it on; only the engine's table is split across translation
// units (run_psync.cpp, run_io_uring.cpp, run_mmap.cpp) so they compile in parallel.
#include <chrono>

#include "raidbench/run/runner.hpp"
#include "options.hpp"

namespace rb_run {

using raidbench::expected;
using raidbench::result;

template <class F>
auto with_access(const options& o, F&& next) {
  const bool random = o.rw == pattern::randread || o.rw == pattern::randwrite || o.rw == pattern::randrw;
  return random ? next(raidbench::access::random) : next(raidbench::access::sequential);
}

template <class F>
auto with_mix(const options& o, F&& next) {
  switch (o.rw) {
    case pattern::read: case pattern::randread: return next(raidbench::mix::reads);
    case pattern::write: return next(raidbench::mix::writes);
    case pattern::rewrite: case pattern::randwrite: return next(raidbench::mix::rewrite);
    case pattern::randrw: case pattern::rw: break;
  }
  return next(raidbench::mix::read_percent{o.read_percent});
}

template <class F>
auto with_sync(const options& o, F&& next) {
  using namespace raidbench;
  if (o.flush == flush_kind::none) return next(sync::none);
  if (o.flush == flush_kind::fsync)
    return o.flush_every ? next(sync::fsync_every{o.flush_every, o.end_flush}) : next(sync::fsync_at_end);
  return o.flush_every ? next(sync::fdatasync_every{o.flush_every, o.end_flush}) : next(sync::fdatasync_at_end);
}

template <class Engine, class... Extra>
expected<result> run_with_engine(const options& o, const raidbench::run_options& ro, Engine engine, Extra... extra) {
  using namespace raidbench;
  const stop::after stop{std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(o.seconds)),
                         o.ops, 0, false};
  return with_access(o, [&](auto access) {
    return with_mix(o, [&](auto mix) {
      return with_sync(o, [&](auto sync) {
        // One file is a set of one: rb-run.0, rb-run.1, … in the scratch directory.
        return run(workload(engine, extra..., access, mix, sync, target::file_set{o.dir, o.files, o.size, "rb-run."},
                            block{o.block_size}, open::dynamic{o.open_flags}, stop, threads{o.threads}, seed{o.seed}),
                   ro);
      });
    });
  });
}

// One per engine, each in its own translation unit.
expected<result> run_psync(const options& o, const raidbench::run_options& ro);
expected<result> run_io_uring(const options& o, const raidbench::run_options& ro);
expected<result> run_mmap(const options& o, const raidbench::run_options& ro);

/// The non-template boundary between option parsing and the instantiated hot loops.
inline expected<result> run_options_workload(const options& o, const raidbench::run_options& ro) {
  switch (o.engine) {
    case engine_kind::io_uring: return run_io_uring(o, ro);
    case engine_kind::mmap: return run_mmap(o, ro);
    case engine_kind::psync: break;
  }
  return run_psync(o, ro);
}

}  // namespace rb_run
