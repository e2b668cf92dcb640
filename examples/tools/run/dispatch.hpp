#pragma once
// Maps rb-run's run-time options to a kernel — what shapes the hot loop: the engine, in order or
// random, which operations (reads, writes or both), whether it flushes periodically and whether it
// verifies (--verify) — and runs it with everything else as values (mix::chosen_writes, sync::chosen).
// So rb-run instantiates one workload per kernel: a table of 24 per engine, each engine's in its own file
// (run_psync.cpp, run_io_uring.cpp, run_mmap.cpp, run_null.cpp).
#include <array>
#include <cstddef>
#include <utility>

#include "raidbench/run/runner.hpp"
#include "options.hpp"

namespace rb_run {

using raidbench::expected;
using raidbench::result;

/// The operations a pattern issues: the part of its mix that is in the kernel's type.
enum class operations : std::size_t { reads, writes, both };

constexpr bool random_access(pattern p) noexcept {
  return p == pattern::randread || p == pattern::randwrite || p == pattern::randrw;
}

constexpr operations operations_of(pattern p) noexcept {
  switch (p) {
    case pattern::read: case pattern::randread: return operations::reads;
    case pattern::write: case pattern::rewrite: case pattern::randwrite: return operations::writes;
    case pattern::randrw: case pattern::rw: break;
  }
  return operations::both;
}

/// Entry `I` of an engine's table: the kernel it runs, by (verified or paced, random, operations,
/// periodic flush). A paced run (--rate-iops) does not verify.
template <std::size_t I>
struct kernel_entry {
  static constexpr bool verified = I / 12 == 1;
  static constexpr bool paced = I / 12 == 2;
  static constexpr bool random = I % 12 / 6 == 1;
  static constexpr operations ops{I / 2 % 3};
  static constexpr bool periodic = I % 2 == 1;
};
inline constexpr std::size_t kernels_per_engine = 36;

/// The entry the options choose.
constexpr std::size_t entry_of(const options& o) noexcept {
  const bool periodic = o.flush != flush_kind::none && o.flush_every > 0;
  return (o.session ? 12 : o.rate_iops > 0 ? 24 : 0) + (random_access(o.rw) ? 6 : 0) +
         2 * static_cast<std::size_t>(operations_of(o.rw)) + (periodic ? 1 : 0);
}

/// The workload of entry `I`, filled with the options' values. `engine` is the engine's policy and
/// its values (io_uring's queue depth).
template <std::size_t I, class... Engine>
auto workload_at(const options& o, Engine... engine) {
  using namespace raidbench;
  using entry = kernel_entry<I>;
  const auto order = [] {
    if constexpr (entry::random) return access::random;
    else return access::sequential;
  }();
  const auto mixing = [&] {
    if constexpr (entry::ops == operations::reads) return mix::reads;
    else if constexpr (entry::ops == operations::writes) return mix::chosen_writes{.over_existing = o.rw != pattern::write};
    else return mix::read_percent{o.read_percent};
  }();
  const sync::call call = o.flush == flush_kind::fdatasync ? sync::call::fdatasync : sync::call::fsync;
  using syncing = sync::chosen<entry::periodic>;
  // Without a period, a flush call means one flush at the end (--end-fsync is the periodic one's).
  const syncing flushes = entry::periodic ? syncing{call, o.end_flush, o.flush_every} : syncing{call, o.flush != flush_kind::none};
  const auto checks = [&] {
    if constexpr (entry::verified) return verify::stamps{o.session};
    else return verify::none;
  }();
  // Paced: each request waits for its turn, and its response latency counts from that turn's time.
  const auto clock = [&] {
    if constexpr (entry::paced)
      return timing::gated{.rate = o.rate_iops, .process = o.uniform_arrivals ? timing::arrival::uniform : timing::arrival::poisson};
    else return timing::per_call;
  }();
  const stop::after stop{stop::time_limit(o.seconds), o.ops, 0, false};
  // One file is a set of one: rb-run.0, rb-run.1, … in the scratch directory.
  return workload(engine..., order, mixing, flushes, checks, clock,
                  target::file_set{.count = o.files, .total_size = o.size, .prefix = "rb-run.", .in = o.held},
                  block{o.block_size}, open::dynamic{o.open_flags}, stop, threads{o.threads}, seed{o.seed});
}

template <std::size_t I, class... Engine>
expected<result> run_entry(const options& o, const raidbench::run_options& ro, Engine... engine) {
  return raidbench::run(workload_at<I>(o, engine...), ro);
}

/// Runs the entry of one engine's table that the options choose; an engine that cannot verify (null)
/// has no verifying entries (main refuses --verify with it).
template <bool Verifies = true, class... Engine>
expected<result> run_with_engine(const options& o, const raidbench::run_options& ro, Engine... engine) {
  using runner = expected<result> (*)(const options&, const raidbench::run_options&, Engine...);
  static constexpr auto table = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<runner, sizeof...(I)>{[] {
      if constexpr (kernel_entry<I>::verified && !Verifies) return runner{nullptr};
      else return &run_entry<I, Engine...>;
    }()...};
  }(std::make_index_sequence<kernels_per_engine>{});
  return table[entry_of(o)](o, ro, engine...);
}

// One per engine, each in its own file.
expected<result> run_psync(const options& o, const raidbench::run_options& ro);
expected<result> run_io_uring(const options& o, const raidbench::run_options& ro);
expected<result> run_mmap(const options& o, const raidbench::run_options& ro);
expected<result> run_null(const options& o, const raidbench::run_options& ro);

/// The non-template boundary between option parsing and the instantiated hot loops.
inline expected<result> run_options_workload(const options& o, const raidbench::run_options& ro) {
  switch (o.engine) {
    case engine_kind::io_uring: return run_io_uring(o, ro);
    case engine_kind::mmap: return run_mmap(o, ro);
    case engine_kind::null: return run_null(o, ro);
    case engine_kind::psync: break;
  }
  return run_psync(o, ro);
}

}  // namespace rb_run
