#include "options.hpp"

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/units.hpp"
#include "raidbench/run/checked_block.hpp"

namespace rb_fileio {

using raidbench::expected;
using raidbench::report::fileio_mode;

// As sysbench prints it for `fileio help` and after a missing --file-test-mode (its typo included).
const std::string_view fileio_options_help =
    "fileio options:\n"
    "  --file-num=N                  number of files to create [128]\n"
    "  --file-block-size=N           block size to use in all IO operations [16384]\n"
    "  --file-total-size=SIZE        total size of files to create [2G]\n"
    "  --file-test-mode=STRING       test mode {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}\n"
    "  --file-io-mode=STRING         file operations mode {sync,async,mmap} [sync]\n"
    "  --file-async-backlog=N        number of asynchronous operatons to queue per thread [128]\n"
    "  --file-extra-flags=[LIST,...] list of additional flags to use to open files {sync,dsync,direct} []\n"
    "  --file-fsync-freq=N           do fsync() after this number of requests (0 - don't use fsync()) [100]\n"
    "  --file-fsync-all[=on|off]     do fsync() after each write operation [off]\n"
    "  --file-fsync-end[=on|off]     do fsync() at the end of test [on]\n"
    "  --file-fsync-mode=STRING      which method to use for synchronization {fsync, fdatasync} [fsync]\n"
    "  --file-merged-requests=N      merge at most this number of IO requests if possible (0 - don't merge) [0]\n"
    "  --file-rw-ratio=N             reads/writes ratio for combined test [1.5]\n";

namespace {

// sysbench's words for a value it cannot read (on stderr after the banner), and for one out of range
// (a FATAL line on stdout after the banner: see `fatal`).
raidbench::error unreadable(std::string_view name, std::string_view v) {
  std::string option(name);
  std::replace(option.begin(), option.end(), '-', '_');
  return raidbench::error{fmt::format("Invalid value for the '{}' option: '{}'", option, v)};
}

raidbench::error fatal(std::string message) { return raidbench::error{"FATAL: " + std::move(message)}; }

// What rb-fileio cannot do where sysbench would run: a FATAL line after the banner, whatever option.
raidbench::error own_refusal(std::string message) {
  raidbench::error e = fatal(std::move(message));
  e.call = "rb-fileio";
  return e;
}

expected<std::uint64_t> to_unsigned(std::string_view name, std::string_view v, std::uint64_t max) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || ec != std::errc{} || end != v.data() + v.size()) return unreadable(name, v);
  if (n > max) return fatal(fmt::format("Invalid value for --{}: {}", name, v));
  return n;
}

// A rate as sysbench 1.0.20 reads its int options (strtol: a sign allowed, empty is 0, a value
// outside a C int is unreadable). sysbench keeps it unsigned: -1 is a rate of 4294967295 per second.
expected<std::int32_t> to_rate(std::string_view name, std::string_view v) {
  if (v.empty()) return 0;
  const std::string_view digits = v.starts_with('+') ? v.substr(1) : v;
  long long n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || n > INT_MAX || n < INT_MIN)
    return unreadable(name, v);
  return static_cast<std::int32_t>(n);
}

expected<double> to_double(std::string_view name, std::string_view v) {
  double d = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
  if (v.empty() || ec != std::errc{} || end != v.data() + v.size()) return unreadable(name, v);
  if (!std::isfinite(d) || d < 0) return fatal(fmt::format("Invalid value for --{}: {}", name, v));
  return d;
}

expected<bool> to_flag(std::string_view name, std::string_view v) {
  if (v == "on" || v == "yes" || v == "true" || v == "1") return true;
  if (v == "off" || v == "no" || v == "false" || v == "0") return false;
  return raidbench::error{fmt::format("invalid option: --{}={}", name, v)};
}

expected<std::uint64_t> to_size(std::string_view name, std::string_view v) {
  auto s = raidbench::parse_size(v);
  if (!s) return fatal(fmt::format("Invalid value for {}: {} ({})", name, v, s.message()));
  return *s;
}

expected<fileio_mode> to_mode(std::string_view v) {
  if (v == "seqwr") return fileio_mode::seqwr;
  if (v == "seqrewr") return fileio_mode::seqrewr;
  if (v == "seqrd") return fileio_mode::seqrd;
  if (v == "rndrd") return fileio_mode::rndrd;
  if (v == "rndwr") return fileio_mode::rndwr;
  if (v == "rndrw") return fileio_mode::rndrw;
  return fatal(fmt::format("Invalid IO operations mode: {}.", v));
}

// sysbench 1.0.20's own options (sysbench.c, sb_rand.c, sb_logger.c), read before the test's. A flag
// among them with a value it cannot read is still refused after the banner, as sysbench's option
// parser does for any flag.
bool is_general_option(std::string_view name) {
  static constexpr std::string_view general[] = {
      "threads", "events", "time", "forced-shutdown", "thread-stack-size", "rate", "report-interval",
      "report-checkpoints", "config-file", "tx-rate", "max-requests", "max-time", "num-threads", "rand-type",
      "rand-spec-iter", "rand-spec-pct", "rand-spec-res", "rand-seed", "rand-pareto-h", "verbosity", "percentile"};
  return std::find(std::begin(general), std::end(general), name) != std::end(general);
}

// "--name=value" or "--flag" as name, value (empty for a bare flag) and whether "=" was given.
struct option_parts {
  std::string_view name, value;
  bool has_value;
};
option_parts split_option(std::string_view a) {
  const auto eq = a.find('=');
  if (eq == std::string_view::npos) return {a.substr(2), {}, false};
  return {a.substr(2, eq - 2), a.substr(eq + 1), true};
}

// Applies one --name=value; `value` is empty with `has_value` false for a bare --flag.
expected<void> apply(options& o, std::string_view name, std::string_view value, bool has_value) {
  auto need = [&]() -> expected<void> {
    if (!has_value || value.empty())
      return raidbench::error{fmt::format("invalid option: --{}{}", name, has_value ? "=" : "")};
    return {};
  };
  auto set = [](auto& field, auto parsed) -> expected<void> {
    if (!parsed) return parsed.err();
    field = static_cast<std::remove_reference_t<decltype(field)>>(*parsed);
    return {};
  };
  auto flag = [&](bool& field) { return set(field, has_value ? to_flag(name, value) : expected<bool>(true)); };
  constexpr std::uint64_t u32 = std::numeric_limits<std::uint32_t>::max();

  if (name == "file-fsync-all") return flag(o.fsync_all);
  if (name == "file-fsync-end") return flag(o.fsync_end);
  if (name == "histogram") return flag(o.histogram);
  if (name == "context") return flag(o.context);
  if (name == "controller-owns-target") return flag(o.controller_owns_target);
  if (name == "no-controller") {
    if (has_value) return raidbench::error{fmt::format("invalid option: --no-controller={}", value)};
    o.look_for_controller = false;
    return {};
  }
  // 0.4: sysbench 1.0 always seeds from the time unless --rand-seed; the 0.4.12 layout says so.
  if (name == "init-rng") return flag(o.init_rng);
  if (name == "json") {
    if (has_value) return raidbench::error{fmt::format("invalid option: --json={}", value)};
    o.format = output_format::json;
    return {};
  }
  // sysbench's general options rb-fileio takes without a change to the run: its threads stop at
  // --time by themselves (--forced-shutdown) and need no stack of a chosen size.
  if (name == "forced-shutdown") {
    if (value != "off" && !value.empty() && value.find_first_not_of("0123456789") != std::string_view::npos &&
        !(value.back() == '%' && value.size() > 1 && value.substr(0, value.size() - 1).find_first_not_of("0123456789") == std::string_view::npos))
      return fatal(fmt::format("Invalid value for --forced-shutdown: '{}'", value));
    return {};
  }
  if (name == "thread-stack-size") {
    // sysbench reads what it cannot parse as 0, and refuses 0.
    const auto n = raidbench::parse_size(value);
    if (!n || *n == 0) return fatal("Invalid value for thread-stack-size: 0.\n");
    return {};
  }
  if (name == "rate") return set(o.rate, to_rate(name, value));
  if (name == "tx-rate") return set(o.old_rate, to_rate(name, value));
  if (name == "validate") return flag(o.validate);
  if (name == "debug") return flag(o.debug);
  // A comma-separated list of seconds from the start, as sysbench reads it (strtol, 0 to INT_MAX,
  // at most 256), sorted.
  if (name == "report-checkpoints") {
    o.checkpoints.clear();
    for (std::size_t from = 0; has_value && from <= value.size();) {
      const std::size_t comma = std::min(value.find(',', from), value.size());
      const std::string item(value.substr(from, comma - from));
      from = comma + 1;
      if (item.empty() && value.empty()) break;
      char* end = nullptr;
      errno = 0;
      const long n = std::strtol(item.c_str(), &end, 10);
      if (*end != '\0' || n < 0 || n > INT_MAX || errno == ERANGE)
        return fatal(fmt::format("Invalid value for --report-checkpoints: '{}'", item));
      if (o.checkpoints.size() == 256) return fatal("Too many checkpoints in --report-checkpoints (up to 256 can be defined)");
      o.checkpoints.push_back(static_cast<unsigned>(n));
    }
    std::sort(o.checkpoints.begin(), o.checkpoints.end());
    return {};
  }
  // An empty list is no extra flag, as sysbench reads it.
  if (name == "file-extra-flags" && has_value && value.empty()) {
    o.extra_sync = o.extra_dsync = o.extra_direct = false;
    return {};
  }
  if (auto r = need(); !r) return r;
  if (name == "controller-file") {
    o.controller_files.emplace_back(value);
    return {};
  }
  if (name == "test") {
    if (value != "fileio") return fatal(fmt::format("--test={}: rb-fileio only runs the fileio test", value));
    o.stderr_warnings.emplace_back(
        "WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.");
    return {};
  }
  if (name == "file-num") {
    auto n = to_unsigned(name, value, u32);
    if (n && *n == 0) return fatal("Invalid value for file-num: 0");
    return set(o.files, n);
  }
  if (name == "file-block-size") {
    auto n = to_size(name, value);
    if (n && (*n == 0 || *n > (1u << 30))) return fatal(fmt::format("Invalid value for file-block-size: {}.", value));
    return set(o.block_size, n);
  }
  if (name == "file-total-size") {
    auto n = to_size(name, value);
    if (n && *n == 0) return fatal("Invalid value for file-total-size: 0");
    return set(o.total_size, n);
  }
  if (name == "file-test-mode") {
    o.mode_given = true;
    return set(o.mode, to_mode(value));
  }
  if (name == "file-io-mode") {
    if (value != "sync" && value != "async" && value != "mmap")
      return fatal(fmt::format("unknown I/O mode: {}", value));
    o.io_mode = std::string(value);
    return {};
  }
  if (name == "file-async-backlog") {
    auto n = to_unsigned(name, value, 4096);
    if (n && *n == 0) return fatal("Invalid value of file-async-backlog: 0");
    return set(o.backlog, n);
  }
  if (name == "file-extra-flags") {
    o.extra_sync = o.extra_dsync = o.extra_direct = false;
    std::string_view rest = value;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      const std::string_view f = rest.substr(0, comma);
      if (f == "sync") o.extra_sync = true;
      else if (f == "dsync") o.extra_dsync = true;
      else if (f == "direct") o.extra_direct = true;
      else return fatal(fmt::format("Invalid value for file-extra-flags: {}", value));
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
    return {};
  }
  if (name == "file-fsync-freq") return set(o.fsync_freq, to_unsigned(name, value, u32));
  if (name == "file-fsync-mode") {
    if (value != "fsync" && value != "fdatasync")
      return fatal(fmt::format("Invalid fsync mode: {}.", value));
    o.fdatasync = value == "fdatasync";
    return {};
  }
  if (name == "file-merged-requests") return set(o.merged_requests, to_unsigned(name, value, 1u << 20));
  if (name == "file-rw-ratio") return set(o.rw_ratio, to_double(name, value));
  if (name == "threads") return set(o.threads, to_unsigned(name, value, 4096));  // 0: refused below
  // The 0.4 spellings: kept apart, as sysbench reads them over the new ones only when set (parse()).
  if (name == "num-threads") return set(o.old_threads, to_unsigned(name, value, 4096));
  if (name == "max-time") return set(o.old_time_seconds, to_double(name, value));
  if (name == "max-requests") return set(o.old_events, to_unsigned(name, value, UINT64_MAX));
  if (name == "time") return set(o.time_seconds, to_double(name, value));
  if (name == "events") return set(o.events, to_unsigned(name, value, UINT64_MAX));
  if (name == "report-interval") return set(o.report_interval, to_unsigned(name, value, 86400));
  if (name == "verbosity") {
    auto n = to_unsigned(name, value, UINT64_MAX);
    // sysbench's logger refuses it in its own words, on stdout, without "FATAL:".
    if (n && *n > 5) return raidbench::error{fmt::format("Invalid value for verbosity: {}", value)};
    return set(o.verbosity, n);
  }
  // sysbench 1.0.20's fileio picks its offsets uniformly whatever the distribution: these are read
  // and checked, and change nothing, as in sysbench.
  if (name == "rand-type") {
    if (value != "uniform" && value != "gaussian" && value != "special" && value != "pareto")
      return fatal(fmt::format("Invalid random numbers distribution: {}.", value));
    return {};
  }
  if (name == "rand-spec-iter" || name == "rand-spec-pct" || name == "rand-spec-res") {
    if (auto n = to_unsigned(name, value, UINT32_MAX); !n) return n.err();
    return {};
  }
  if (name == "rand-pareto-h") {
    if (auto d = to_double(name, value); !d) return d.err();
    return {};
  }
  if (name == "percentile") return set(o.percentile, to_unsigned(name, value, 100));
  if (name == "rand-seed") return set(o.rand_seed, to_unsigned(name, value, u32));
  if (name == "format") {
    if (value == "sysbench" || value == "sysbench-1.0") o.format = output_format::sysbench;
    else if (value == "sysbench-0.4") o.format = output_format::sysbench04;
    else if (value == "json") o.format = output_format::json;
    else return fatal(fmt::format("invalid --format '{}': use sysbench, sysbench-0.4 or json", value));
    return {};
  }
  return raidbench::error{fmt::format("invalid option: --{}{}{}", name, has_value ? "=" : "", value)};
}

}  // namespace

int options::open_bits() const noexcept {
  return (extra_sync ? O_SYNC : 0) | (extra_dsync ? O_DSYNC : 0) | (extra_direct ? O_DIRECT : 0);
}

raidbench::report::fileio_settings options::settings() const {
  raidbench::report::fileio_settings s;
  s.mode = mode;
  s.io_mode = io_mode;
  s.extra_sync = extra_sync;
  s.extra_dsync = extra_dsync;
  s.extra_direct = extra_direct;
  s.files = files;
  s.file_size = file_size();
  s.block_size = block_size;
  s.merged_requests = merged_requests;
  s.max_events = events;
  s.rw_ratio = rw_ratio;
  // --file-fsync-all overrides --file-fsync-freq and --file-fsync-end, as in sysbench.
  s.fsync_freq = fsync_all ? 0 : fsync_freq;
  s.fsync_end = fsync_all ? false : fsync_end;
  s.fsync_all = fsync_all;
  s.threads = threads;
  s.report_interval = report_interval;
  s.checkpoints = checkpoints;
  s.validate = validate;
  s.seed = rand_seed;
  s.percentile = percentile;
  s.timer_seeded = init_rng;
  s.rate = rate;
  s.debug = debug;
  return s;
}

// sysbench 1.0.20 reads an old spelling over the new one when it is set (above 1 threads, above 0
// else), and warns, in this order whatever the order on the command line; its init() does so for
// every command but --help and --version.
void resolve_old_spellings(options& o) {
  if (o.old_threads > 1) {
    o.stdout_warnings.emplace_back("WARNING: --num-threads is deprecated, use --threads instead");
    o.threads = o.old_threads;
  }
  if (o.old_events > 0) {
    o.stdout_warnings.emplace_back("WARNING: --max-requests is deprecated, use --events instead");
    o.events = o.old_events;
  }
  if (o.old_time_seconds > 0) {
    o.stdout_warnings.emplace_back("WARNING: --max-time is deprecated, use --time instead");
    o.time_seconds = o.old_time_seconds;
  }
  if (o.events == 0 && o.time_seconds == 0)
    o.stdout_warnings.emplace_back("WARNING: Both event and time limits are disabled, running an endless test");
  if (o.old_rate != 0) {  // above 0 as sysbench's unsigned reads it
    o.stdout_warnings.emplace_back("WARNING: --tx-rate is deprecated, use --rate instead");
    o.rate = o.old_rate;
  }
  if (o.debug) o.verbosity = 5;  // sysbench's --debug raises its logger to DEBUG
}

expected<options> parse(const std::vector<std::string_view>& args, std::string_view program) {
  options o;
  // sysbench's words: the first word that is not a "--" option names the test ("-h" too), the second
  // the command, a third is refused before anything else. Invoked under its own name, rb-fileio also
  // takes the command alone (no "fileio"); as "sysbench", `sysbench run` fails as sysbench's does.
  std::vector<std::string_view> words;
  for (std::string_view a : args)
    if (!a.starts_with("--")) words.push_back(a);
  const auto is_command = [](std::string_view w) { return w == "prepare" || w == "run" || w == "cleanup" || w == "help"; };
  if (program != "sysbench" && !words.empty() && is_command(words.front())) words.insert(words.begin(), "fileio");
  if (words.size() > 2) return raidbench::error{fmt::format("Unrecognized command line argument: {}", words[2])};
  // Then, as in sysbench, --help and --version before the test's name and any other option.
  const auto given = [&](std::string_view flag) {  // --flag or --flag=on
    return std::any_of(args.begin(), args.end(),
                       [&](std::string_view a) { return a.starts_with(flag) && (a.size() == flag.size() || a.substr(flag.size()) == "=on"); });
  };
  if (given("--help")) return o;  // command::help
  if (given("--version")) {
    o.cmd = command::version;
    return o;
  }
  // sysbench's general options, checked before anything else (and before its banner), in order.
  for (std::string_view a : args) {
    if (!a.starts_with("--")) continue;
    const auto [name, value, has_value] = split_option(a);
    if (!is_general_option(name)) continue;
    if (auto r = apply(o, name, value, has_value); !r) {
      raidbench::error e = r.err();
      if (e.call.empty()) e.call = refused_before_banner;
      return e;
    }
  }
  // --threads=0 is refused once the old spelling had its say (--num-threads above 1 replaces it).
  if (o.threads == 0 && o.old_threads <= 1) {
    raidbench::error e = fatal("Invalid value for --threads: 0.\n");
    e.call = refused_before_banner;
    return e;
  }
  // No test named: sysbench reads a Lua script from standard input and hands it the options unread.
  if (words.empty()) {
    o.cmd = command::script;
    return o;
  }
  if (words.front() != "fileio")
    return fatal(fmt::format("Cannot find benchmark '{}': no such built-in test, file or module", words.front()));

  bool command_given = false, test_named = false;
  for (std::string_view a : args) {
    if (a == "help") {
      o.cmd = command::test_help;
      resolve_old_spellings(o);
      return o;
    }
    if (a.starts_with("--")) {
      const auto [name, value, has_value] = split_option(a);
      if (is_general_option(name)) continue;  // read above
      if (auto r = apply(o, name, value, has_value); !r) return r.err();
      continue;
    }
    // sysbench's test name, as in `sysbench fileio … run`: the first word only; a second "fileio" is
    // an unknown command to sysbench.
    if (a == "fileio" && !test_named) {
      test_named = true;
      continue;
    }
    if (a == "prepare" || a == "run" || a == "cleanup") {
      command_given = true;
      o.cmd = a == "prepare" ? command::prepare : a == "run" ? command::run : command::cleanup;
      continue;
    }
    return raidbench::error{fmt::format("Unknown command: {}", a)};
  }
  resolve_old_spellings(o);
  if (!command_given) return raidbench::error{"The 'fileio' test requires a command argument. See 'sysbench fileio help'"};
  if (o.cmd == command::run && !o.mode_given)
    return fatal("Missing required argument: --file-test-mode\n\n" + std::string(fileio_options_help));
  if (o.file_size() == 0)
    return fatal(fmt::format("--file-total-size ({} B) is smaller than --file-num ({}): every file would be empty",
                            o.total_size, o.files));
  if (o.extra_direct && o.io_mode == "mmap")
    return fatal("--file-extra-flags=direct cannot be used with --file-io-mode=mmap: mapped pages always go through the page cache");
  if (o.extra_direct && o.block_size % 512 != 0)
    return fatal(fmt::format("--file-extra-flags=direct needs a block size that is a multiple of 512 bytes, not {}", o.block_size));
  if (o.cmd == command::run) {
    const bool sequential = o.mode == fileio_mode::seqwr || o.mode == fileio_mode::seqrewr || o.mode == fileio_mode::seqrd;
    const std::uint64_t request = o.block_size * (sequential && o.merged_requests ? o.merged_requests : 1);
    if (o.file_size() < request)
      return fatal(fmt::format("each file ({} B) is smaller than one request ({} B): raise --file-total-size or lower --file-num",
                              o.file_size(), request));
  }
  if (o.time_seconds > 1e7) return fatal(fmt::format("--time {} is too long", o.time_seconds));
  if ((o.debug || o.rate != 0) && o.format == output_format::sysbench04)
    return own_refusal(fmt::format("{}: not in sysbench 0.4.12's layout (--format=sysbench-0.4)", o.debug ? "--debug" : "--rate"));
  if (o.validate && o.block_size < raidbench::checked_block_trailer)
    return own_refusal(fmt::format("--validate needs blocks of at least {} bytes", raidbench::checked_block_trailer));
  return o;
}

std::string usage(std::string_view program) {
  // sysbench's layout: "Usage:" alone on the first line (scripts and sysbench's own tests grep it),
  // then the general options; the test's options come with `fileio help`.
  const std::string name(program);
  return "Usage:\n  " + name + R"( [options]... [testname] [command]

Commands implemented by most tests: prepare run cleanup help

General options:
  --threads=N                   number of threads to use [1]
  --time=N                      limit for total execution time in seconds [10] (0: none)
  --events=N                    limit for total number of events [0] (0: none)
  --report-interval=N           report intermediate statistics every N seconds [0]
  --rate=N                      average rate of requests per second, all threads together, arriving
                                as a Poisson process; 0 for unlimited rate [0]
  --debug[=on|off]              a DEBUG line per request and per-thread statistics; verbosity 5 [off]
  --verbosity=N                 verbosity level {5 - debug, 0 - only critical messages} [3]
  --percentile=N                percentile to report, 1..100, 0 to disable [95]
  --histogram[=on|off]          print the latency histogram in the report [off]
  --rand-seed=N                 seed for the random generator; 0 seeds from the time [0]
  --format=STRING               sysbench (1.0.20 layout), sysbench-0.4 (0.4.12 layout) or json
  --json                        same as --format=json
  --context[=on|off]            print the storage context (kernel, filesystem, devices) and the RAID
                                controller first [off]; --json includes them in any case
  --controller-file=FILE        read the controller from a saved dump of MegaCLI, StorCLI, ssacli,
                                arcconf, mdadm or /proc/mdstat (repeatable); without one, the RAID
                                tools found on PATH are run
  --no-controller               do not look for a RAID controller
  --controller-owns-target[=on|off]  the controller read holds the disk under the files, when
                                rb-fileio cannot see it; reports say it was asserted [off]

  --report-checkpoints=LIST     full reports at these seconds from the start, each of the interval
                                since the last one, as sysbench's
  --validate[=on|off]           blocks carry a checksum and their offset, checked when read (any
                                I/O mode and thread count; no two requests hold one block) [off]

Accepted without effect, as sysbench's: --forced-shutdown, --thread-stack-size, --rand-type,
--rand-spec-iter/pct/res, --rand-pareto-h.

sysbench 0.4 spellings are accepted: --test=fileio, --num-threads, --max-time, --max-requests,
--init-rng (with sysbench 1.0.20's deprecation warnings for --test, --max-time and --max-requests).

Compiled-in tests:
  fileio - File I/O test

See ')" + name + R"( <testname> help' for a list of options for each test.

This is raidbench's replica of sysbench 1.0.20's fileio test: same options, defaults, files
(test_file.0 … in the current directory) and report; --json adds the result with separate read,
write and fsync latency histograms. It runs no Lua scripts.
)";
}

}  // namespace rb_fileio
