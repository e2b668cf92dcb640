#pragma once
// rb-fileio's command line: sysbench 1.0.20's fileio options with their defaults, the general
// options it shares with every sysbench test, and the 0.4 spellings old write-ups use.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/report/sysbench_fileio.hpp"

namespace rb_fileio {

/// help: `--help`, sysbench's general usage; test_help: `fileio help`, the test's options; script:
/// no test named, where sysbench runs a Lua script read from standard input.
enum class command : unsigned char { prepare, run, cleanup, help, test_help, version, script };
enum class output_format : unsigned char { sysbench, sysbench04, json };

/// Every option, parsed and checked; nothing on disk has been touched yet.
struct options {
  command cmd = command::help;
  bool mode_given = false;
  raidbench::report::fileio_mode mode = raidbench::report::fileio_mode::rndrd;
  std::string io_mode = "sync";
  std::uint32_t backlog = 128;
  bool extra_sync = false, extra_dsync = false, extra_direct = false;
  std::uint32_t files = 128;
  std::uint64_t block_size = 16384;
  std::uint64_t total_size = 2ULL << 30;
  std::uint64_t fsync_freq = 100;
  bool fsync_all = false;
  bool fsync_end = true;
  bool fdatasync = false;
  std::uint64_t merged_requests = 0;
  double rw_ratio = 1.5;
  unsigned threads = 1;
  double time_seconds = 10;
  std::uint64_t events = 0;
  unsigned report_interval = 0;
  std::vector<unsigned> checkpoints;  ///< --report-checkpoints: seconds from the start, ascending
  bool validate = false;              ///< --validate: blocks checked as sysbench's (engine::psync_checked)
  unsigned verbosity = 3;  ///< sysbench's logger levels: 0–2 only FATAL (and WARNING at 2), 3 default, 4 INFO, 5 DEBUG
  unsigned percentile = 95;
  bool histogram = false;
  std::uint64_t rand_seed = 0;
  bool init_rng = false;  ///< 0.4's --init-rng: sysbench 1.0 seeds from the time anyway
  output_format format = output_format::sysbench;
  bool context = false;                       ///< print the storage context and controller first
  std::vector<std::string> controller_files;  ///< saved RAID tool dumps for --json and --context
  bool look_for_controller = true;            ///< run the RAID tools found on PATH when no dump is given
  bool controller_owns_target = false;        ///< the user asserts the controller holds the files' disk
  /// sysbench 1.0.20's deprecation warnings for the 0.4 spellings, printed before anything else as it
  /// does: --max-time and --max-requests on stdout, --test on stderr.
  std::vector<std::string> stdout_warnings, stderr_warnings;
  // The 0.4 spellings (--num-threads, --max-requests, --max-time) and --tx-rate, as given: they
  // replace the new ones when set.
  unsigned old_threads = 0;
  std::uint64_t old_events = 0;
  double old_time_seconds = 0;
  std::int32_t old_rate = 0;
  std::int32_t rate = 0;  ///< --rate as given: requests per second over all threads (as unsigned), 0: unpaced
  bool debug = false;      ///< --debug: a DEBUG line per request and per-thread statistics; verbosity 5

  std::uint64_t file_size() const noexcept { return total_size / files; }
  int open_bits() const noexcept;
  raidbench::report::fileio_settings settings() const;
};

/// Parses argv (without the program name, given apart as invoked); a bad option is one line saying
/// which and why.
/// The `call` of a refusal sysbench makes before its banner: its general options (threads, time,
/// rate, verbosity, …) are read first; the fileio test's own, and unknown options, after the banner.
inline constexpr std::string_view refused_before_banner = "general option";

raidbench::expected<options> parse(const std::vector<std::string_view>& args, std::string_view program);

/// The --help text.
std::string usage(std::string_view program);

/// sysbench 1.0.20's list of fileio options, as `sysbench fileio help` prints it.
extern const std::string_view fileio_options_help;

}  // namespace rb_fileio
