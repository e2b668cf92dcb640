#pragma once
/// The statistics of a whole run: per-kind totals and histograms merged over threads, plus fairness.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/op_kind.hpp"
#include "raidbench/stats/record_counts.hpp"
#include "raidbench/stats/thread_cpu.hpp"
#include "raidbench/stats/thread_stats.hpp"

namespace raidbench {

/// Totals of one operation kind over all threads.
struct kind_statistics {
  std::uint64_t ops = 0;
  std::uint64_t bytes = 0;
  latency_histogram latency;
};

/// Average and standard deviation of a per-thread figure (sysbench's "Threads fairness").
struct spread {
  double avg = 0;
  double stddev = 0;
};

/// Population mean and standard deviation, as sysbench prints them.
inline spread spread_of(std::span<const double> values) noexcept {
  if (values.empty()) return {};
  double sum = 0;
  for (double v : values) sum += v;
  const double avg = sum / static_cast<double>(values.size());
  double squares = 0;
  for (double v : values) squares += (v - avg) * (v - avg);
  return {avg, std::sqrt(squares / static_cast<double>(values.size()))};
}

/// Everything a run measured.
struct run_statistics {
  std::array<kind_statistics, op_kind_count> kinds{};
  std::uint64_t elapsed_ns = 0;             ///< wall time from the synchronised start to the last thread's end
  std::vector<std::uint64_t> thread_events;   ///< events per thread
  std::vector<std::uint64_t> thread_busy_ns;  ///< time in operations per thread
  std::vector<std::uint64_t> thread_flushes;  ///< flushes per thread during the run (closing ones excluded)
  std::vector<thread_cpu> thread_cpu_time;    ///< CPU time per thread, user and system (empty: not measured)
  /// A paced run's response latency per kind (op_kind order), from each request's scheduled start;
  /// empty when the run was not paced. The kinds' `latency` is the service latency, from submission.
  std::vector<latency_histogram> response;
  /// Per thread, its fastest and slowest timed operation (sysbench's --debug statistics); not in JSON.
  std::vector<std::uint64_t> thread_min_ns, thread_max_ns;
  std::uint64_t closing_flushes = 0;         ///< flushes after the last I/O, counted in the flush kind too
  bool interrupted = false;                  ///< stopped by a signal: a partial result
  record_counts records{};                   ///< full and partial records (copy workloads only)

  /// The response latency of a kind in a paced run; null when the run was not paced.
  const latency_histogram* response_of(op_kind kind) const noexcept {
    return response.empty() ? nullptr : &response[static_cast<std::size_t>(kind)];
  }

  kind_statistics& of(op_kind kind) noexcept { return kinds[static_cast<std::size_t>(kind)]; }
  const kind_statistics& of(op_kind kind) const noexcept { return kinds[static_cast<std::size_t>(kind)]; }

  /// Reads and writes (not flushes), sysbench's "total number of events".
  std::uint64_t events() const noexcept { return of(op_kind::read).ops + of(op_kind::write).ops; }
  std::uint64_t bytes() const noexcept { return of(op_kind::read).bytes + of(op_kind::write).bytes; }
  double seconds() const noexcept { return static_cast<double>(elapsed_ns) / 1e9; }

  /// All kinds in one histogram, for reports that print one latency line as sysbench does.
  latency_histogram combined_latency() const noexcept {
    latency_histogram all;
    for (const auto& k : kinds) all.merge(k.latency);
    return all;
  }

  spread events_fairness() const {
    std::vector<double> v(thread_events.begin(), thread_events.end());
    return spread_of(v);
  }
  /// Per-thread time spent in operations, in seconds.
  spread busy_time_fairness() const {
    std::vector<double> v;
    v.reserve(thread_busy_ns.size());
    for (auto ns : thread_busy_ns) v.push_back(static_cast<double>(ns) / 1e9);
    return spread_of(v);
  }

  /// Folds a later run of the same workload into this one, as the rounds of a steady-state window:
  /// counts, bytes, time and histograms add up, thread by thread.
  void add_round(const run_statistics& r) {
    for (std::size_t k = 0; k < op_kind_count; ++k) {
      kinds[k].ops += r.kinds[k].ops;
      kinds[k].bytes += r.kinds[k].bytes;
      kinds[k].latency.merge(r.kinds[k].latency);
    }
    elapsed_ns += r.elapsed_ns;
    const auto add = [](auto& into, const auto& from) {
      into.resize(std::max(into.size(), from.size()));
      for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
    };
    add(thread_events, r.thread_events);
    add(thread_busy_ns, r.thread_busy_ns);
    add(thread_flushes, r.thread_flushes);
    if (!r.response.empty()) add_response(r.response);
    add(thread_cpu_time, r.thread_cpu_time);
    // A thread the first rounds did not have starts from its own first figure.
    const auto keep = [](std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from, auto better) {
      for (std::size_t i = 0; i < from.size(); ++i) {
        if (i < into.size()) into[i] = better(into[i], from[i]);
        else into.push_back(from[i]);
      }
    };
    keep(thread_min_ns, r.thread_min_ns, [](std::uint64_t a, std::uint64_t b) { return std::min(a, b); });
    keep(thread_max_ns, r.thread_max_ns, [](std::uint64_t a, std::uint64_t b) { return std::max(a, b); });
    closing_flushes += r.closing_flushes;
    interrupted = interrupted || r.interrupted;
    records += r.records;
  }

  /// Folds one finished thread into the totals.
  void add_thread(const thread_stats& t) {
    for (std::size_t k = 0; k < op_kind_count; ++k) {
      kinds[k].ops += t.ops[k];
      kinds[k].bytes += t.bytes[k];
      kinds[k].latency.merge(t.latency[k]);
    }
    records += t.records;
    if (t.response) add_response(*t.response);
    thread_events.push_back(t.events());
    thread_busy_ns.push_back(t.busy_ns);
    thread_flushes.push_back(t.ops_of(op_kind::flush) - t.closing_flushes);
    thread_cpu_time.push_back(t.cpu);
    std::uint64_t fastest = UINT64_MAX, slowest = 0;
    for (const auto& h : t.latency)
      if (h.count() != 0) {
        fastest = std::min(fastest, h.min_ns());
        slowest = std::max(slowest, h.max_ns());
      }
    thread_min_ns.push_back(fastest == UINT64_MAX ? 0 : fastest);
    thread_max_ns.push_back(slowest);
    closing_flushes += t.closing_flushes;
  }

 private:
  // A paced run's response times, of a round or a thread, per kind of operation.
  template <class Histograms>
  void add_response(const Histograms& from) {
    response.resize(op_kind_count);
    for (std::size_t k = 0; k < op_kind_count; ++k) response[k].merge(from[k]);
  }
};

}  // namespace raidbench
