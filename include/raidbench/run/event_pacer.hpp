#pragma once
/// The arrival process of a paced run (timing::gated with a rate): one thread releases requests at
/// exponentially distributed intervals (Poisson arrivals, as sysbench's --rate) or at even ones,
/// the workers take them in turn, each with the time it was scheduled for: its response latency
/// counts from there, so a stalled device cannot hide behind the schedule.
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "raidbench/core/clock.hpp"
#include "raidbench/core/random.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/workload/timing.hpp"

namespace raidbench::detail {

class event_pacer {
 public:
  /// Released requests no worker has taken yet, at most; one more fails the run (sysbench's queue).
  static constexpr std::uint64_t capacity = 131072;
  static constexpr std::string_view overflow_message =
      "The event queue is full. This means the worker threads are unable to keep up with the specified event "
      "generation rate";

  event_pacer(std::uint32_t per_second, std::uint64_t seed, timing::arrival process = timing::arrival::poisson)
      : mean_gap_ns_(1e9 / per_second), process_(process), rng_(seed), due_(capacity) {}
  event_pacer(const event_pacer&) = delete;
  event_pacer& operator=(const event_pacer&) = delete;
  ~event_pacer() { finish(); }

  /// Releases requests from `start_ns` until `deadline_ns`, a stop request or an abort; on overflow
  /// it sets `abort`, so every worker ends.
  void start(std::uint64_t start_ns, std::uint64_t deadline_ns, const std::atomic<bool>* stop, std::atomic<bool>* abort) {
    generator_ = std::thread([=, this] { release(start_ns, deadline_ns, stop, abort); });
  }
  /// Stops releasing (the workers are done) and waits for the releasing thread.
  void finish() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    changed_.notify_all();
    if (generator_.joinable()) generator_.join();
  }
  /// Blocks until a request may go, and gives the time (now_ns) it was scheduled for. False: the run
  /// ends first (time, a stop, the overflow).
  bool take(const thread_job& job, std::uint64_t& scheduled_ns) {
    std::unique_lock lock(mutex_);
    while (released_ == 0) {
      if (closed_ || job.told_to_stop()) return false;
      changed_.wait_for(lock, poll);
    }
    scheduled_ns = pop();
    return true;
  }
  /// Takes a released request if there is one, without waiting, and gives its scheduled time.
  bool try_take(std::uint64_t& scheduled_ns) {
    std::lock_guard lock(mutex_);
    if (released_ == 0) return false;
    scheduled_ns = pop();
    return true;
  }
  bool overflowed() const {
    std::lock_guard lock(mutex_);
    return overflow_;
  }

 private:
  // How often a waiting thread looks at the stop flags: a signal's stop is seen within it.
  static constexpr std::chrono::milliseconds poll{50};

  double next_gap_ns() noexcept {
    return process_ == timing::arrival::uniform ? mean_gap_ns_ : -mean_gap_ns_ * std::log(1.0 - rng_.unit());
  }
  // The oldest released request's scheduled time (the lock held, one released).
  std::uint64_t pop() noexcept {
    const std::uint64_t at = due_[oldest_];
    oldest_ = (oldest_ + 1) % capacity;
    --released_;
    return at;
  }

  void release(std::uint64_t start_ns, std::uint64_t deadline_ns, const std::atomic<bool>* stop, std::atomic<bool>* abort) {
    // A schedule, not a series of sleeps: a release that comes late is followed at once by those due.
    // `due` counts from the start, so a double keeps nanoseconds however long the machine has run.
    double due = next_gap_ns();
    std::unique_lock lock(mutex_);
    for (;;) {
      if (closed_ || stop->load(std::memory_order_relaxed) || abort->load(std::memory_order_relaxed)) break;
      const std::uint64_t now = now_ns();
      if (now >= deadline_ns) break;
      if (const double since = static_cast<double>(now - start_ns); since < due) {
        const auto wait = std::min<std::uint64_t>(static_cast<std::uint64_t>(due - since) + 1, deadline_ns - now);
        changed_.wait_for(lock, std::min<std::chrono::nanoseconds>(std::chrono::nanoseconds(wait), poll));
        continue;
      }
      if (released_ == capacity) {
        overflow_ = true;
        abort->store(true);
        break;
      }
      due_[(oldest_ + released_) % capacity] = start_ns + static_cast<std::uint64_t>(due);
      ++released_;
      due += next_gap_ns();
      lock.unlock();
      changed_.notify_one();
      lock.lock();
    }
    closed_ = true;
    lock.unlock();
    changed_.notify_all();
  }

  const double mean_gap_ns_;
  const timing::arrival process_;
  random_generator rng_;
  std::vector<std::uint64_t> due_;  ///< a ring: the scheduled times of the released requests not yet taken
  std::size_t oldest_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable changed_;  ///< a release, or the end
  std::uint64_t released_ = 0;
  bool closed_ = false;
  bool overflow_ = false;
  std::thread generator_;
};

}  // namespace raidbench::detail
