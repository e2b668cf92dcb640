#pragma once
/// sysbench fileio's report: the options banner, the final report and the --report-interval line of
/// sysbench 1.0.20, and the final report of sysbench 0.4.12, from a result and the test's settings.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/report/sysbench.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/stats/run_statistics.hpp"

namespace raidbench::report {

/// sysbench fileio's test modes.
enum class fileio_mode : unsigned char { seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw };

/// What the banner and the report say about a fileio test: sysbench's options, as values.
struct fileio_settings {
  fileio_mode mode = fileio_mode::rndrd;
  std::string_view io_mode = "sync";  ///< sync, async, mmap
  bool extra_sync = false, extra_dsync = false, extra_direct = false;
  std::uint32_t files = 128;
  std::uint64_t file_size = 0;
  std::uint64_t block_size = 16384;
  std::uint64_t merged_requests = 0;
  std::uint64_t max_events = 0;
  double rw_ratio = 1.5;
  std::uint64_t fsync_freq = 100;  ///< 0 when --file-fsync-all overrides it
  bool fsync_end = true;          ///< false when --file-fsync-all overrides it
  bool fsync_all = false;
  unsigned threads = 1;
  unsigned report_interval = 0;
  std::vector<unsigned> checkpoints;  ///< --report-checkpoints, seconds, ascending
  bool validate = false;              ///< --validate: checked blocks
  std::uint64_t seed = 0;  ///< 0: from the current time
  unsigned percentile = 95;
  bool timer_seeded = false;  ///< 0.4's --init-rng=on, which its layout reports
  std::int32_t rate = 0;      ///< --rate as given: "Target transaction rate" (sysbench prints it signed)
  bool debug = false;         ///< --debug: "Debug mode enabled."
};

namespace detail {
inline std::string_view mode_words(fileio_mode m) {
  switch (m) {
    case fileio_mode::seqwr: return "sequential write (creation)";
    case fileio_mode::seqrewr: return "sequential rewrite";
    case fileio_mode::seqrd: return "sequential read";
    case fileio_mode::rndrd: return "random read";
    case fileio_mode::rndwr: return "random write";
    case fileio_mode::rndrw: return "random r/w";
  }
  return "?";
}
}  // namespace detail

/// "Extra file open flags: (none)" or "… sync dsync directio", as sysbench spells them.
RAIDBENCH_API std::string sysbench_fileio_flags_line(const fileio_settings& s);

/// From "Running the test with following options:" to "Threads started!" and its blank line.
RAIDBENCH_API std::string sysbench_fileio_banner(const fileio_settings& s);

/// Thread `i`'s events: its reads and writes, and its periodic fsyncs unless --file-fsync-all folds
/// them into the writes.
inline std::uint64_t sysbench_fileio_thread_events(const run_statistics& st, const fileio_settings& s, std::size_t i) {
  const std::uint64_t flushes = s.fsync_all || i >= st.thread_flushes.size() ? 0 : st.thread_flushes[i];
  return st.thread_events[i] + flushes;
}

/// sysbench's events: reads, writes and the periodic fsyncs (each one an event of its own, as
/// sysbench hands them out); not the closing fsyncs, nor those --file-fsync-all folds into writes.
inline std::uint64_t sysbench_fileio_events(const run_statistics& st, const fileio_settings& s) {
  std::uint64_t n = st.events();
  if (!s.fsync_all)
    for (auto f : st.thread_flushes) n += f;
  return n;
}

/// The report after the run: "File operations:" to "Threads fairness:" and its blank line. Rates
/// are over `st`'s time; "total time" shows `total_seconds` when given (a checkpoint report: the
/// time since the start, the figures of the interval since the last checkpoint).
RAIDBENCH_API std::string sysbench_fileio_report(const run_statistics& st, const fileio_settings& s,
                                                 double total_seconds = -1);

/// --debug's statistics after the report: per thread, its fastest, average and slowest event, its
/// events and their total time.
RAIDBENCH_API std::string sysbench_fileio_thread_details(const run_statistics& st, const fileio_settings& s);

/// --debug's line for one request, before it is issued: sysbench's operation numbers (1 read,
/// 2 write, 3 fsync) and its offset as a C int.
RAIDBENCH_API std::string sysbench_fileio_request_line(op_kind op, std::uint32_t file, std::uint64_t offset, std::uint64_t size);

/// One --report-interval line for the interval between two progress snapshots.
RAIDBENCH_API std::string sysbench_fileio_interval(const progress_snapshot& now, const progress_snapshot& before,
                                                   unsigned percentile);

/// sysbench 0.4.12's layout, from its own format strings (sysbench.c, sb_logger.c, sb_fileio.c of
/// the 0.4 branch as released): every command starts with the banner line and a blank line.
RAIDBENCH_API std::string sysbench04_banner();

/// 0.4.12's prepare: "128 files, 1228800Kb each, 153600Mb total" and "Creating files for the test...".
RAIDBENCH_API std::string sysbench04_prepare_lines(const fileio_settings& s);

/// 0.4.12's run after the banner: the options, "Threads started!", how it ended ("Time limit
/// exceeded, exiting..." once per thread, which its logger folds into one line and a count), the
/// operations and "Test execution summary" with its indents, and the threads' fairness.
RAIDBENCH_API std::string sysbench04_fileio_report(const run_statistics& st, const fileio_settings& s);

}  // namespace raidbench::report

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/sysbench_fileio.hpp"
#endif
