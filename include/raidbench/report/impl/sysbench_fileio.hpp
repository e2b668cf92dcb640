#pragma once
// sysbench fileio's report definitions (see core/linkage.hpp): included by sysbench_fileio.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <fcntl.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/report/sysbench_fileio.hpp"
#include "raidbench/report/sysbench.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/stats/run_statistics.hpp"

namespace raidbench::report {

namespace detail {
inline bool random_mode(fileio_mode m) {
  return m == fileio_mode::rndrd || m == fileio_mode::rndwr || m == fileio_mode::rndrw;
}
inline std::string_view io_words(std::string_view io) {
  return io == "async" ? "asynchronous" : io == "mmap" ? "fast mmaped" : "synchronous";
}

// What file_print_mode() words differently in 0.4 and 1.0.
struct file_mode_words {
  std::string (*size)(std::uint64_t bytes);  // a size in the version's units
  std::string_view merging;                  // 0.4 puts two spaces before "up to"
  std::string_view requests;
  bool says_validation;                      // 1.0's "Using checksums validation."
};

// file_print_mode()'s lines after the open flags: the file set, the requests, the flushes, the I/O
// mode and the test.
inline std::string file_mode_lines(const fileio_settings& s, const file_mode_words& w) {
  std::string out = fmt::format("{} files, {} each\n", s.files, w.size(s.file_size));
  out += fmt::format("{} total file size\n", w.size(s.file_size * s.files));
  out += fmt::format("Block size {}\n", w.size(s.block_size));
  if (s.merged_requests > 0)
    out += fmt::format("{} {} for sequential IO.\n", w.merging, w.size(s.block_size * s.merged_requests));
  if (random_mode(s.mode)) {
    out += fmt::format("{} {}\n", w.requests, s.max_events);
    out += fmt::format("Read/Write ratio for combined random IO test: {:2.2f}\n", s.rw_ratio);
  }
  if (s.fsync_freq > 0) out += fmt::format("Periodic FSYNC enabled, calling fsync() each {} requests.\n", s.fsync_freq);
  if (s.fsync_end) out += "Calling fsync() at the end of test, Enabled.\n";
  if (s.fsync_all) out += "Calling fsync() after each write operation.\n";
  out += fmt::format("Using {} I/O mode\n", io_words(s.io_mode));
  if (w.says_validation && s.validate) out += "Using checksums validation.\n";
  out += fmt::format("Doing {} test\n", mode_words(s.mode));
  return out;
}
}  // namespace detail

RAIDBENCH_API std::string sysbench_fileio_flags_line(const fileio_settings& s) {
  const bool none = !s.extra_sync && !s.extra_dsync && !s.extra_direct;
  return fmt::format("Extra file open flags: {}{}{}{}\n", none ? "(none)" : "", s.extra_sync ? "sync " : "",
                     s.extra_dsync ? "dsync " : "", s.extra_direct ? "directio" : "");
}

RAIDBENCH_API std::string sysbench_fileio_banner(const fileio_settings& s) {
  std::string out = "Running the test with following options:\n";
  out += fmt::format("Number of threads: {}\n", s.threads);
  if (s.rate) out += fmt::format("Target transaction rate: {}/sec\n", s.rate);
  if (s.report_interval) out += fmt::format("Report intermediate results every {} second(s)\n", s.report_interval);
  if (!s.checkpoints.empty()) out += fmt::format("Report checkpoint(s) at {} seconds\n", fmt::join(s.checkpoints, ", "));
  if (s.debug) out += "Debug mode enabled.\n\n";
  if (s.validate) out += "Validation checks: on.\n\n";
  out += s.seed ? fmt::format("Initializing random number generator from seed ({}).\n", s.seed)
                : std::string("Initializing random number generator from current time\n");
  out += "\n\n";
  out += sysbench_fileio_flags_line(s);
  out += detail::file_mode_lines(s, {.size = [](std::uint64_t bytes) { return sysbench_size(bytes) + "B"; },
                                     .merging = "Merging requests up to",
                                     .requests = "Number of IO requests:",
                                     .says_validation = true});
  out += "Initializing worker threads...\n\nThreads started!\n\n";
  return out;
}

RAIDBENCH_API std::string sysbench_fileio_report(const run_statistics& st, const fileio_settings& s,
                                                 double total_seconds) {
  const double seconds = st.seconds() > 0 ? st.seconds() : 1e-9;
  constexpr double mebibyte = 1024.0 * 1024.0;
  const auto& reads = st.of(op_kind::read);
  const auto& writes = st.of(op_kind::write);
  std::string out = "\nFile operations:\n";
  out += fmt::format("    reads/s:                      {:4.2f}\n", static_cast<double>(reads.ops) / seconds);
  out += fmt::format("    writes/s:                     {:4.2f}\n", static_cast<double>(writes.ops) / seconds);
  out += fmt::format("    fsyncs/s:                     {:4.2f}\n", static_cast<double>(st.of(op_kind::flush).ops) / seconds);
  out += "\nThroughput:\n";
  out += fmt::format("    read, MiB/s:                  {:4.2f}\n", static_cast<double>(reads.bytes) / mebibyte / seconds);
  out += fmt::format("    written, MiB/s:               {:4.2f}\n\n", static_cast<double>(writes.bytes) / mebibyte / seconds);
  const latency_histogram latency = st.combined_latency();
  sysbench_summary sum{total_seconds >= 0 ? total_seconds : st.seconds(), sysbench_fileio_events(st, s), &latency,
                       s.percentile, {}, {}};
  for (std::size_t i = 0; i < st.thread_events.size(); ++i) {
    sum.thread_events.push_back(static_cast<double>(sysbench_fileio_thread_events(st, s, i)));
    sum.thread_seconds.push_back(static_cast<double>(st.thread_busy_ns[i]) / 1e9);
  }
  return out + sysbench_general_report(sum);
}

RAIDBENCH_API std::string sysbench_fileio_thread_details(const run_statistics& st, const fileio_settings& s) {
  std::string out = "DEBUG: Verbose per-thread statistics:\n\n";
  for (std::size_t i = 0; i < st.thread_events.size(); ++i) {
    const std::uint64_t events = sysbench_fileio_thread_events(st, s, i);
    const double busy = static_cast<double>(st.thread_busy_ns[i]) / 1e9;
    const auto seconds = [&](const std::vector<std::uint64_t>& v) { return i < v.size() ? static_cast<double>(v[i]) / 1e9 : 0.0; };
    out += fmt::format("DEBUG:     thread #{:3}: min: {:.4f}s  avg: {:.4f}s  max: {:.4f}s  events: {}\n", i,
                       seconds(st.thread_min_ns), events ? busy / static_cast<double>(events) : 0.0,
                       seconds(st.thread_max_ns), events);
    out += fmt::format("DEBUG:                  total time taken by event execution: {:.4f}s\n", busy);
  }
  return out + "\n";
}

RAIDBENCH_API std::string sysbench_fileio_request_line(op_kind op, std::uint32_t file, std::uint64_t offset, std::uint64_t size) {
  const int number = op == op_kind::read ? 1 : op == op_kind::write ? 2 : 3;
  return fmt::format("DEBUG: Executing request, operation: {}, file_id: {}, pos: {}, size: {}\n", number, file,
                     static_cast<int>(static_cast<std::uint32_t>(offset)), static_cast<int>(static_cast<std::uint32_t>(size)));
}

RAIDBENCH_API std::string sysbench_fileio_interval(const progress_snapshot& now, const progress_snapshot& before,
                                                   unsigned percentile) {
  constexpr double mebibyte = 1024.0 * 1024.0;
  const double seconds = static_cast<double>(now.elapsed_ns - before.elapsed_ns) / 1e9;
  auto per_second = [&](double v) { return seconds > 0 ? v / seconds : 0.0; };
  latency_histogram interval;
  for (std::size_t k = 0; k < op_kind_count; ++k) interval.merge(now.latency[k].since(before.latency[k]));
  const auto bytes = [&](op_kind k) { return static_cast<double>(now.bytes_of(k) - before.bytes_of(k)); };
  return sysbench_interval_prefix(static_cast<double>(now.elapsed_ns) / 1e9) +
         fmt::format("reads: {:4.2f} MiB/s writes: {:4.2f} MiB/s fsyncs: {:4.2f}/s latency (ms,{}%): {:4.3f}\n",
                     per_second(bytes(op_kind::read) / mebibyte), per_second(bytes(op_kind::write) / mebibyte),
                     per_second(static_cast<double>(now.ops(op_kind::flush) - before.ops(op_kind::flush))), percentile,
                     interval.percentile_ns(percentile) / 1e6);
}

RAIDBENCH_API std::string sysbench04_banner() { return "sysbench 0.4.12:  multi-threaded system evaluation benchmark\n\n"; }

RAIDBENCH_API std::string sysbench04_prepare_lines(const fileio_settings& s) {
  return fmt::format("{} files, {}Kb each, {}Mb total\nCreating files for the test...\n", s.files, s.file_size / 1024,
                     s.file_size * s.files / (1024 * 1024));
}

RAIDBENCH_API std::string sysbench04_fileio_report(const run_statistics& st, const fileio_settings& s) {
  // print_run_mode(): its messages that end in "\n" print a blank line after them.
  std::string out = "Running the test with following options:\n";
  out += fmt::format("Number of threads: {}\n", s.threads);
  if (s.timer_seeded) out += "Initializing random number generator from timer.\n\n";
  out += "\n";
  // file_print_mode(): 0.4.12 takes one extra flag and prints open(2)'s bits in decimal ("%d"; later
  // 0.4 sources print hex).
  const int flags = (s.extra_sync ? O_SYNC : 0) | (s.extra_dsync ? O_DSYNC : 0) | (s.extra_direct ? O_DIRECT : 0);
  out += fmt::format("Extra file open flags: {}\n", flags);
  out += detail::file_mode_lines(s, {.size = sysbench04_size,
                                     .merging = "Merging requests  up to",
                                     .requests = "Number of random requests for random IO:",
                                     .says_validation = false});
  out += "Threads started!\n";
  // Each thread says it met the time limit; the logger prints a repeated message once and counts it.
  if (st.interrupted || s.max_events == 0 || st.events() < s.max_events) {
    out += "Time limit exceeded, exiting...\n";
    if (s.threads > 1) out += fmt::format("(last message repeated {} times)\n", s.threads - 1);
  }
  out += "Done.\n\n";

  // file_print_stats(): sizes as sb_print_value_size() writes them, followed by "b".
  const double seconds = st.seconds() > 0 ? st.seconds() : 1e-9;
  const auto& reads = st.of(op_kind::read);
  const auto& writes = st.of(op_kind::write);
  const std::uint64_t other = st.of(op_kind::flush).ops;
  out += fmt::format("Operations performed:  {} Read, {} Write, {} Other = {} Total\n", reads.ops, writes.ops, other,
                     reads.ops + writes.ops + other);
  const auto per_second = static_cast<std::uint64_t>(static_cast<double>(reads.bytes + writes.bytes) / seconds);
  out += fmt::format("Read {}  Written {}  Total transferred {}  ({}/sec)\n", sysbench04_size(reads.bytes),
                     sysbench04_size(writes.bytes), sysbench04_size(reads.bytes + writes.bytes), sysbench04_size(per_second));
  out += fmt::format("{:8.2f} Requests/sec executed\n", static_cast<double>(st.events()) / seconds);

  // The logger's summary (oper_handler_done()).
  const latency_histogram latency = st.combined_latency();
  std::uint64_t busy = 0;
  for (auto ns : st.thread_busy_ns) busy += ns;
  out += "\nTest execution summary:\n";
  out += fmt::format("    total time:                          {:.4f}s\n", st.seconds());
  out += fmt::format("    total number of events:              {}\n", st.events());
  out += fmt::format("    total time taken by event execution: {:.4f}\n", static_cast<double>(busy) / 1e9);
  out += "    per-request statistics:\n";
  out += fmt::format("         min:                            {:10.2f}ms\n", static_cast<double>(latency.min_ns()) / 1e6);
  out += fmt::format("         avg:                            {:10.2f}ms\n", latency.mean_ns() / 1e6);
  out += fmt::format("         max:                            {:10.2f}ms\n", static_cast<double>(latency.max_ns()) / 1e6);
  const unsigned rank = s.percentile ? s.percentile : 95;  // 0.4.12 has no "off"
  if (st.events() > 0)
    out += fmt::format("         approx. {:3d} percentile:         {:10.2f}ms\n", rank, latency.percentile_ns(rank) / 1e6);
  std::vector<double> events, busy_s;
  for (std::size_t i = 0; i < st.thread_events.size(); ++i) {
    events.push_back(static_cast<double>(st.thread_events[i]));
    busy_s.push_back(static_cast<double>(st.thread_busy_ns[i]) / 1e9);
  }
  const spread e = spread_of(events), b = spread_of(busy_s);
  out += "\nThreads fairness:\n";
  out += fmt::format("    events (avg/stddev):           {:.4f}/{:3.2f}\n", e.avg, e.stddev);
  out += fmt::format("    execution time (avg/stddev):   {:.4f}/{:3.2f}\n\n", b.avg, b.stddev);
  return out;
}

}  // namespace raidbench::report
