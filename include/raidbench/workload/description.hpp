#pragma once
/// describe(w): a workload as plain values (workload_description), for results, reports and JSON.
#include <chrono>
#include <string>
#include <type_traits>

#include "raidbench/workload/copy.hpp"
#include "raidbench/workload/mix.hpp"
#include "raidbench/workload/open_flags.hpp"
#include "raidbench/workload/sync.hpp"
#include "raidbench/workload/target.hpp"
#include "raidbench/workload/workload.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench {

namespace detail {
inline void describe_target(workload_description& d, const target::file& t) {
  d.target = "file";
  d.path = t.shown().string();
  d.total_size = t.size;
}
inline void describe_target(workload_description& d, const target::file_set& t) {
  d.target = "file_set";
  d.path = t.where().string();
  d.files = t.count;
  d.total_size = t.file_size() * t.count;
}
inline void describe_target(workload_description& d, const target::descriptor& t) {
  d.target = "descriptor";
  d.total_size = t.size;
}
inline void describe_target(workload_description& d, const target::pair&) { d.target = "pair"; }
}  // namespace detail

/// The values of a workload's policies, defaults included.
template <class W>
workload_description describe(const W& w) {
  workload_description d;
  using access_policy = typename W::template policy_for<slot::access>;
  using mix_policy = typename W::template policy_for<slot::mix>;
  using sync_policy = typename W::template policy_for<slot::sync>;
  const mix_policy mixing = w.template get<slot::mix>();
  const sync_policy syncing = w.template get<slot::sync>();
  const auto stop = w.template get<slot::stop>();
  d.access = std::string(access_policy::name);
  d.mix = std::string(policy_name(mixing));
  if constexpr (mix_policy::kind == mix::kind::random_mix || mix_policy::kind == mix::kind::interleaved)
    d.read_fraction = mixing.read_fraction();
  else d.read_fraction = mix_policy::kind == mix::kind::reads ? 1.0 : 0.0;
  d.block_size = w.template get<slot::block>().bytes;
  d.sync = std::string(policy_name(syncing));
  if constexpr (sync_policy::kind == sync::kind::periodic) d.sync_every = syncing.writes;
  d.sync_at_end = sync::flushes_at_end(syncing);
  d.open_flags = open::describe(w.template get<slot::open_flags>().bits());
  d.engine = std::string(W::template policy_for<slot::engine>::name);
  d.queue_depth = w.template get<slot::queue_depth>().value;
  detail::describe_target(d, w.template get<slot::target>());
  d.threads = w.template get<slot::threads>().count;
  d.seed = w.template get<slot::seed>().value;
  d.stop_seconds = std::chrono::duration<double>(stop.time).count();
  d.stop_ops = stop.ops;
  d.stop_bytes = stop.bytes;
  d.timing = std::string(W::template policy_for<slot::timing>::name);
  if constexpr (requires { w.template get<slot::timing>().rate; }) {
    const auto gate = w.template get<slot::timing>();
    d.rate = gate.rate;
    if (gate.rate > 0) d.rate_process = gate.process == timing::arrival::uniform ? "uniform" : "poisson";
  }
  d.verify = std::string(W::template policy_for<slot::verify>::name);
  return d;
}

}  // namespace raidbench
