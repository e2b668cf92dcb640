#pragma once
/// Runs a workload: reduces it to its kernel (kernel.hpp) and its values, then runs it (execute.hpp).
#include <fcntl.h>

#include <type_traits>

#include "raidbench/core/expected.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/copy_run.hpp"
#include "raidbench/run/execute.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/kernel.hpp"
#include "raidbench/run/opened_target.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/workload/description.hpp"
#include "raidbench/workload/workload.hpp"

namespace raidbench {

namespace detail {

/// How a mix opens the target: by its kind, a writing one narrowed by an `over_existing` member
/// (mix::chosen_writes).
template <class Mix>
constexpr target_use use_of(const Mix& m) noexcept {
  if constexpr (Mix::kind == mix::kind::writes && requires { m.over_existing; })
    if (m.over_existing) return target_use::rewrite;
  switch (Mix::kind) {
    case mix::kind::reads: return target_use::read;
    case mix::kind::rewrite: return target_use::rewrite;
    case mix::kind::random_mix: case mix::kind::interleaved: return target_use::read_write;
    case mix::kind::writes: case mix::kind::copy: break;
  }
  return target_use::write;
}

/// The kernel a workload runs on: the same for all workloads that differ only in values.
template <class W>
using kernel_of = kernel<std::decay_t<typename W::template policy_for<slot::access>>,
                         choice_of<typename W::template policy_for<slot::mix>>(),
                         W::template policy_for<slot::sync>::kind == sync::kind::periodic,
                         W::template policy_for<slot::engine>::kind,
                         W::template policy_for<slot::timing>::kind,
                         W::template policy_for<slot::verify>::kind>;

}  // namespace detail

/// Runs the workload and returns what it measured, or one line saying why it could not run.
/// A SIGINT/SIGTERM caught by `stop_on_signals` (or `options.stop_flag`) ends it early with a
/// partial result marked `interrupted`. Files the run created are removed if it fails.
template <class W>
expected<result> run(const W& w, const run_options& options = {}) {
  static_assert(W::template has<slot::target>,
                "raidbench::run: a workload needs a target: target::file, target::file_set or target::descriptor");
  if constexpr (W::template has<slot::target>) {  // no cascade of errors after the one above
    using mix_policy = typename W::template policy_for<slot::mix>;
    result out;
    out.workload = describe(w);
    const auto access = w.template get<slot::access>();
    const auto mixing = w.template get<slot::mix>();
    const auto engine = w.template get<slot::engine>();
    const auto target = w.template get<slot::target>();
    const int open_bits = w.template get<slot::open_flags>().bits();

    detail::run_request request;
    request.description = &out.workload;
    request.target = &target;
    request.open_target = &detail::open_target_as<std::decay_t<decltype(target)>>;
    request.engine = W::template policy_for<slot::engine>::kind;
    request.verify = W::template policy_for<slot::verify>::kind;
    request.stop = w.template get<slot::stop>();
    request.body = &detail::kernel_of<W>::body;
    const auto timing_policy = w.template get<slot::timing>();
    if constexpr (requires { timing_policy.rate; }) {
      request.rate = timing_policy.rate;
      request.arrival = timing_policy.process;
      if (timing_policy.observe) request.observe = &timing_policy.observe;
    }
    detail::kernel_inputs& in = request.inputs;
    in.block_size = out.workload.block_size;
    in.queue_depth = out.workload.queue_depth;
    in.open_bits = open_bits;
    in.use = detail::use_of(mixing);
    if constexpr (requires { engine.flush_on_writer; }) in.flush_on_writer = engine.flush_on_writer;
    in.flush = detail::flush_settings_of(w.template get<slot::sync>());
    if constexpr (mix_policy::kind == mix::kind::random_mix) in.read_fraction = mixing.read_fraction();
    if constexpr (mix_policy::kind == mix::kind::interleaved) in.reads_per_write = mixing.reads_per_write;
    in.access = &access;
    if constexpr (W::template policy_for<slot::verify>::kind == verify::kind::stamps) in.session = w.template get<slot::verify>().with;
    in.writes_durable = (open_bits & O_DSYNC) != 0 && request.engine != engine::kind::mmap;  // O_SYNC holds O_DSYNC's bit

    auto stats = detail::execute(std::move(request), options);
    if (!stats) return stats.err();
    out.stats = std::move(*stats);
    return out;
  } else {
    return fail("no target");
  }
}

/// A workload that failed its checks: the compiler has said why, and this keeps that the only error.
inline expected<result> run(const detail::invalid_workload&, const run_options& = {}) {
  return fail("raidbench::run: the workload failed its compile-time checks");
}

}  // namespace raidbench
