#pragma once
/// Timing policies: whether every call is timed into the latency histograms, or only the run; and
/// whether each request first passes a gate (an arrival rate, an observer).
#include <cstdint>
#include <functional>
#include <string_view>

#include "raidbench/stats/op_kind.hpp"
#include "raidbench/workload/policy_of.hpp"
#include "raidbench/workload/slot.hpp"

namespace raidbench::timing {

/// What the kernel is keyed on: the three differ in the hot loop, nothing else in a timing policy does.
enum class kind : unsigned char { totals, per_call, gated };

/// Every read, write and flush is timed into its kind's latency histogram (the default). The clock
/// is read once per call boundary.
struct per_call_t : policy_of<raidbench::slot::timing, kind::per_call, "per_call"> {};

/// Counts operations and bytes and times the run as a whole; the histograms stay empty. For reports
/// that print no latency (dd's statistics line): two clock reads per 4 KiB record cost 2–4 % of a
/// page-cache-hot copy on a VM's kvm-clock. The clock is still read every 64 calls, for a time limit
/// and progress.
struct totals_t : policy_of<raidbench::slot::timing, kind::totals, "totals"> {};

/// A request about to be issued, as a gated run's observer sees it.
struct request {
  op_kind op;
  std::uint32_t file;    ///< index in the target's file set
  std::uint64_t offset;  ///< 0 for a flush
  std::uint64_t size;    ///< 0 for a flush
  unsigned thread;
};

/// How a paced run's requests arrive: at exponentially distributed intervals (Poisson, sysbench's
/// --rate, fio's rate_process=poisson) or at even ones (fio's rate_process=linear).
enum class arrival : unsigned char { poisson, uniform };

/// Every call timed, as per_call, and each request (each read, write, and periodic flush) first
/// passes a gate: with `rate`, it waits for its turn in an arrival process (`process`) of `rate`
/// requests per second shared by all threads (sysbench's --rate); then `observe`, when set, is
/// shown it (sysbench's --debug). A request's service latency starts after the gate: time spent
/// waiting for a turn or observing is no I/O's. With a rate, each request's response latency is
/// recorded too, from the time the schedule gave it: a device that stalls delays the requests
/// scheduled behind it, and only the response latency shows that. When the threads fall 131072
/// requests behind the rate, the run fails ("the event queue is full"), as sysbench's does.
/// `observe` is called from every worker thread at once: it must be thread-safe. Block workloads
/// only; not for copies.
struct gated {
  using slot = raidbench::slot::timing;
  static constexpr std::string_view name = "gated";
  static constexpr timing::kind kind = timing::kind::gated;
  std::uint32_t rate = 0;  ///< requests per second over all threads; 0: no pacing
  /// Sees each request before it runs (rb-fileio --debug). `= {}` keeps g++ from warning on `{.rate = N}`.
  std::function<void(const request&)> observe = {};
  arrival process = arrival::poisson;  ///< with a rate: how the requests arrive
};

inline constexpr per_call_t per_call{};
inline constexpr totals_t totals{};

}  // namespace raidbench::timing
