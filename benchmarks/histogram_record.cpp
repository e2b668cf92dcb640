// Cost of latency_histogram::record in ns per record, on realistic latencies: a precomputed mix
// of page-cache hits (~1-3 µs), device reads (~50-200 µs) and slow flushes (~1-20 ms), so neither
// the generation of values nor a single hot bucket flatters the figure.
// Usage: histogram_record [RECORDS_MILLIONS=200]
// Prints the median and best ns/record over 7 trials, in this thread's CPU time, so that other
// processes sharing the cores do not inflate it (they can still evict its caches).
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "raidbench/stats/latency_histogram.hpp"

namespace {

// Makes the compiler assume `p`'s memory is read and written here: the records cannot be elided.
inline void escape(const void* p) { asm volatile("" : : "g"(p) : "memory"); }

std::uint64_t thread_cpu_ns() {
  timespec ts;
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

std::vector<std::uint64_t> realistic_latencies(std::size_t n) {
  std::mt19937_64 gen(42);
  std::lognormal_distribution<double> hit(std::log(1500.0), 0.4), device(std::log(100'000.0), 0.5),
      flush(std::log(4'000'000.0), 0.8);
  std::uniform_real_distribution<double> which(0, 1);
  std::vector<std::uint64_t> v(n);
  for (auto& x : v) {
    const double u = which(gen);
    x = static_cast<std::uint64_t>(u < 0.70 ? hit(gen) : u < 0.95 ? device(gen) : flush(gen)) + 1;
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const long millions = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 200;
  if (millions <= 0) {
    std::fprintf(stderr, "usage: histogram_record [RECORDS_MILLIONS=200]\n");
    return 2;
  }
  const std::vector<std::uint64_t> values = realistic_latencies(std::size_t{1} << 16);  // 512 KiB: L2
  const std::uint64_t passes = static_cast<std::uint64_t>(millions) * 1'000'000 / values.size();
  std::vector<double> trials;
  std::uint64_t checksum = 0;
  for (int trial = 0; trial < 7; ++trial) {
    raidbench::latency_histogram h;
    escape(&h);
    const std::uint64_t start = thread_cpu_ns();
    for (std::uint64_t p = 0; p < passes; ++p) {
      for (const std::uint64_t v : values) h.record(v);
      escape(&h);
    }
    const std::uint64_t elapsed = thread_cpu_ns() - start;
    trials.push_back(static_cast<double>(elapsed) / static_cast<double>(passes * values.size()));
    checksum += h.count() + static_cast<std::uint64_t>(h.percentile_ns(99));
  }
  std::sort(trials.begin(), trials.end());
  std::printf("records %llu x 7 trials  ns/record median %.2f best %.2f worst %.2f  (checksum %llu)\n",
              static_cast<unsigned long long>(passes * values.size()), trials[3], trials.front(), trials.back(),
              static_cast<unsigned long long>(checksum));
}
