#pragma once
/// The parts of sysbench 1.0's report that every test shares: sizes, general statistics, latency,
/// threads fairness, the interval prefix and the latency histogram.
#include <cstdint>
#include <string>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/run_statistics.hpp"

namespace raidbench::report {

/// A size as sysbench prints it before a "B": "2Mi", "1.1719Gi", "1000" (binary prefixes).
RAIDBENCH_API std::string sysbench_size(std::uint64_t bytes);

/// A size as sysbench 0.4 prints it: "1.1719Gb", "16Kb", "150Gb".
RAIDBENCH_API std::string sysbench04_size(std::uint64_t bytes);

/// The figures the common part of the report needs, as sysbench counts them.
struct sysbench_summary {
  double seconds = 0;                        ///< total time
  std::uint64_t events = 0;                  ///< total number of events
  const latency_histogram* latency = nullptr; ///< every timed event
  unsigned percentile = 95;                  ///< 0: percentile stats disabled
  std::vector<double> thread_events;         ///< events per thread
  std::vector<double> thread_seconds;        ///< time in events per thread (async I/O: its wall time)
};

/// "General statistics:", "Latency (ms):" and "Threads fairness:", each followed by a blank line.
RAIDBENCH_API std::string sysbench_general_report(const sysbench_summary& s);

/// "[ 3s ] ", the prefix of a --report-interval line.
RAIDBENCH_API std::string sysbench_interval_prefix(double elapsed_seconds);

/// "Latency histogram (values are in milliseconds)": the counts gathered into sysbench's 1024
/// logarithmic bins from 0.001 ms to 100 s, one row per non-empty bin, bars scaled to the fullest.
RAIDBENCH_API std::string sysbench_histogram(const latency_histogram& h);

}  // namespace raidbench::report

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/sysbench.hpp"
#endif
