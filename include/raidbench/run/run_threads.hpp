#pragma once
/// The part of a run that does not depend on the policies: start the threads together, watch
/// them (progress snapshots), join them, and fold their statistics. Not a template, so it is
/// compiled once per translation unit however many workloads a tool instantiates.
#include <algorithm>
#include <array>
#include <cerrno>
#include <exception>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <latch>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/clock.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/run/event_pacer.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/stats/run_statistics.hpp"
#include "raidbench/stats/thread_cpu.hpp"
#include "raidbench/stats/thread_stats.hpp"

namespace raidbench::detail {

/// Where a worker waits, after its untimed set-up, for every other worker and the start signal.
class start_gate {
 public:
  start_gate(std::latch& ready, std::latch& go) noexcept : ready_(&ready), go_(&go) {}
  /// The gate of the one worker that runs on the calling thread: passing it starts the clock.
  start_gate(thread_job& job, std::chrono::nanoseconds time_limit) noexcept : job_(&job), time_limit_(time_limit) {}
  /// True once wait_for_start has been called.
  bool passed() const noexcept { return passed_; }
  void wait_for_start() {
    passed_ = true;
    if (job_ != nullptr) {
      job_->start_ns = now_ns();
      job_->deadline_ns = time_limit_.count() > 0 ? job_->start_ns + static_cast<std::uint64_t>(time_limit_.count()) : UINT64_MAX;
    } else {
      ready_->arrive_and_wait();
      go_->wait();
    }
    cpu_at_start_ = calling_thread_cpu();
  }
  /// The CPU time the calling thread (the one that passed the gate) used since it passed; the set-up
  /// before it is not counted.
  thread_cpu cpu_since_start() const noexcept { return passed_ ? cpu_between(cpu_at_start_, calling_thread_cpu()) : thread_cpu{}; }

 private:
  std::latch* ready_ = nullptr;
  std::latch* go_ = nullptr;
  thread_job* job_ = nullptr;
  std::chrono::nanoseconds time_limit_{0};
  bool passed_ = false;
  thread_cpu cpu_at_start_;
};

/// A worker's whole life: set up (allocate, open a ring), `gate.wait_for_start()` exactly once,
/// then the hot loop. A set-up failure goes to `setup_error`, and the body must still pass the gate.
/// Called once per thread, so the type erasure costs nothing per I/O.
using thread_body = std::function<void(thread_job& job, start_gate& gate, error& setup_error)>;

/// Starts one thread per job, waits until all finished their set-up, starts the clock for all at
/// once, and reports progress until they are done.
inline void watch_threads(std::vector<thread_job>& jobs, const thread_body& body, std::chrono::nanoseconds time_limit,
                          const run_options& options, std::vector<thread_stats>& stats, std::atomic<bool>& abort,
                          std::vector<error>& setup_errors, event_pacer* pacer) {
  const auto n_threads = static_cast<unsigned>(jobs.size());
  std::latch ready(n_threads + 1), go(1);
  std::mutex done_mutex;
  std::condition_variable done_cv;
  unsigned done = 0;

  std::vector<std::thread> workers;
  workers.reserve(n_threads);
  for (unsigned i = 0; i < n_threads; ++i) {
    try {
      workers.emplace_back([&, i] {
        start_gate gate(ready, go);
        body(jobs[i], gate, setup_errors[i]);
        jobs[i].stats->cpu = gate.cpu_since_start();
        if (jobs[i].failure || !setup_errors[i].message.empty()) abort.store(true, std::memory_order_relaxed);
        std::lock_guard lock(done_mutex);
        ++done;
        done_cv.notify_all();
      });
    } catch (const std::exception& e) {
      // More threads than the system gives (a user's --threads): an error, after the started ones
      // pass the gate, see the abort and end.
      const auto* system = dynamic_cast<const std::system_error*>(&e);
      setup_errors[i] = error{fmt::format("cannot start thread {} of {}: {}", i + 1, n_threads,
                                          system ? system->code().message() : std::string(e.what())),
                              system ? system->code().value() : ENOMEM};
      abort.store(true);
      ready.count_down(n_threads - i);
      break;
    }
  }
  const auto started = static_cast<unsigned>(workers.size());
  ready.arrive_and_wait();
  for (const auto& e : setup_errors)
    if (!e.message.empty()) abort.store(true);
  const std::uint64_t start = now_ns();
  const std::uint64_t deadline = time_limit.count() > 0 ? start + static_cast<std::uint64_t>(time_limit.count()) : UINT64_MAX;
  for (auto& job : jobs) {
    job.start_ns = start;
    job.deadline_ns = deadline;
  }
  if (pacer) {
    try {
      pacer->start(start, deadline, jobs[0].stop, &abort);
    } catch (const std::system_error& e) {
      // As a worker the system cannot start: the run fails, once every started thread passed the gate.
      setup_errors[0] = error{fmt::format("cannot start the thread that paces the requests: {}", e.code().message()),
                              e.code().value()};
      abort.store(true);
    }
  }
  go.count_down();

  // Progress at fixed ticks from the start (not an interval after the last report, which drifts);
  // a tick the run reaches as it ends is still reported, as sysbench's report thread does.
  const auto interval_ns = static_cast<std::uint64_t>(std::chrono::nanoseconds(options.progress_interval).count());
  std::uint64_t next_tick = start + interval_ns;
  auto report_progress = [&] {
    progress_snapshot snap;
    snap.elapsed_ns = now_ns() - start;
    for (const auto& s : stats) {
      for (std::size_t k = 0; k < op_kind_count; ++k) {
        snap.latency[k].merge(s.latency[k].live_copy());
        snap.op_counts[k] += s.live_ops(static_cast<op_kind>(k));
        snap.bytes[k] += s.live_bytes(static_cast<op_kind>(k));
      }
      snap.thread_events.push_back(s.live_ops(op_kind::read) + s.live_ops(op_kind::write));
      snap.thread_flushes.push_back(s.live_ops(op_kind::flush));
      snap.thread_busy_ns.push_back(s.live_busy_ns());
    }
    options.on_progress(snap);
    // A report that came late (a slow reader of its output) does not make the missed ticks' reports
    // come back to back: the next one is the next tick still ahead, as sysbench's report thread does.
    const std::uint64_t after = now_ns();
    do next_tick += interval_ns;
    while (next_tick <= after && interval_ns > 0);
  };
  {
    std::unique_lock lock(done_mutex);
    while (done < started) {
      if (!options.on_progress) {
        done_cv.wait(lock);
        continue;
      }
      const std::uint64_t now = now_ns();
      if (now < next_tick && done_cv.wait_for(lock, std::chrono::nanoseconds(next_tick - now), [&] { return done == started; }))
        break;
      if (now_ns() < next_tick) continue;
      lock.unlock();
      report_progress();
      lock.lock();
    }
  }
  if (options.on_progress && !abort.load() && interval_ns > 0 && now_ns() >= next_tick) report_progress();
  for (auto& t : workers) t.join();
  if (pacer) pacer->finish();
}

/// The first failure (named with `file_names`), or the merged statistics.
inline expected<run_statistics> fold(const std::vector<thread_job>& jobs, const std::vector<thread_stats>& stats,
                                     const std::vector<error>& setup_errors, const std::atomic<bool>* stop_flag,
                                     const std::vector<std::string>& file_names) {
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!setup_errors[i].message.empty()) return setup_errors[i];
    if (!jobs[i].failure_detail.empty()) return error{jobs[i].failure_detail};
    if (const auto& f = jobs[i].failure) {
      const std::string name = f.file < file_names.size() ? file_names[f.file] : std::string();
      if (f.errnum == 0)  // a short transfer, not a failed call
        return error{fmt::format("{} {}: short {}: the file ended within a block (truncated during the run?) or the "
                                 "filesystem is full", f.call, name, f.call),
                     0, f.call};
      return system_failure(f.call, name, f.errnum);
    }
  }
  run_statistics merged;
  for (const auto& s : stats) {
    merged.add_thread(s);
    merged.elapsed_ns = std::max(merged.elapsed_ns, s.elapsed_ns);
  }
  merged.interrupted = stop_flag->load();
  return merged;
}

/// Runs `body` on one thread per job (on the calling thread when there is one job and no progress
/// to report), starts them together, reports progress, and returns the merged statistics or the
/// first failure (named with `file_names`). A paced run (`pacer`) fails when its threads lost the pace.
inline expected<run_statistics> run_threads(std::vector<thread_job>& jobs, const thread_body& body,
                                            std::chrono::nanoseconds time_limit, const run_options& options,
                                            const std::vector<std::string>& file_names, event_pacer* pacer = nullptr) {
  const auto n_threads = static_cast<unsigned>(jobs.size());
  std::vector<thread_stats> stats(n_threads);
  std::atomic<bool> abort{false};
  const std::atomic<bool>* stop_flag = options.stop_flag ? options.stop_flag : &stop_request();
  for (unsigned i = 0; i < n_threads; ++i) {
    jobs[i].stats = &stats[i];
    jobs[i].stop = stop_flag;
    jobs[i].abort = &abort;
    jobs[i].pacer = pacer;
    if (pacer) stats[i].response = std::make_unique<std::array<latency_histogram, op_kind_count>>();
  }
  std::vector<error> setup_errors(n_threads);
  if (n_threads == 1 && !options.on_progress && !pacer) {
    // One worker and nobody watching: it runs on the calling thread. A process that never starts a
    // second thread keeps glibc's single-thread path in every read(2) and write(2) wrapper (no
    // cancellation bookkeeping): a few percent of a page-cache-hot 4 KiB I/O.
    start_gate gate(jobs[0], time_limit);
    body(jobs[0], gate, setup_errors[0]);
    stats[0].cpu = gate.cpu_since_start();
  } else {
    watch_threads(jobs, body, time_limit, options, stats, abort, setup_errors, pacer);
  }
  if (pacer && pacer->overflowed()) return error{std::string(event_pacer::overflow_message)};
  return fold(jobs, stats, setup_errors, stop_flag, file_names);
}

}  // namespace raidbench::detail
