// rb-fileio: sysbench 1.0.20's fileio test on raidbench's policies and runner.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/run_storage.hpp"
#include "files.hpp"
#include "options.hpp"
#include "plan.hpp"
#include "raidbench/context/memory.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/sysbench_fileio.hpp"
#include "raidbench/run/interval_statistics.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/verdict/page_cache_reads.hpp"

namespace {

using namespace rb_fileio;
using raidbench::report::fileio_mode;

// sysbench's banner, with raidbench in the parentheses: scripts and sysbench's own tests match
// "sysbench 1.0.20 (…)".
constexpr const char* first_line = "sysbench 1.0.20 (raidbench rb-fileio 0.1.0)\n\n";

/// --json: stdout holds the JSON or nothing, so every complaint goes to stderr.
bool json_output = false;

/// --verbosity as sysbench's logger reads it: FATAL lines always, WARNING from 2, everything it
/// normally prints (NOTICE) from 3, the default; 4 adds how the run ended and "Done.", 5 DEBUG lines.
unsigned verbosity = 3;

/// As invoked (argv[0]'s base name): the usage names the program a script called.
std::string program_name = "rb-fileio";

void print(const std::string& s);

/// Where sysbench puts a failure: "FATAL: …" lines on stdout after its banner; a complaint about the
/// command line (an option or value it cannot read, a missing command) on stderr. Exit status 1.
int failed(const std::string& message) {
  if (json_output) {
    std::fprintf(stderr, "rb-fileio: %s\n", message.starts_with("FATAL: ") ? message.c_str() + 7 : message.c_str());
  } else if (message.starts_with("Invalid value for verbosity: ")) {
    print(message + "\n");  // sysbench's logger's words, on its stream
  } else if (message.starts_with("FATAL: ")) {
    // A WARNING line that follows (the prepare hint) is sysbench's logger's too: from verbosity 2.
    const std::size_t warning = message.find("\nWARNING: ");
    print(message.substr(0, warning) + "\n");
    if (warning != std::string::npos && verbosity >= 2) print(message.substr(warning + 1) + "\n");
  } else {
    std::fprintf(stderr, "%s\n", message.c_str());
  }
  return 1;
}

// sysbench's logger prefixes each line it logs at the fatal level (a failed block check is three).
int fatal(const std::string& message) {
  std::string lines = "FATAL: " + message;
  for (std::size_t at = lines.find('\n'); at != std::string::npos; at = lines.find('\n', at + 1)) lines.insert(at + 1, "FATAL: ");
  return failed(lines);
}

/// The first failed write to stdout's errno: the run goes on as sysbench's does, and ends with status 1.
int stdout_errno = 0;

void print(const std::string& s) {
  errno = 0;
  if ((std::fwrite(s.data(), 1, s.size(), stdout) != s.size() || std::fflush(stdout) != 0) && stdout_errno == 0)
    stdout_errno = errno != 0 ? errno : EIO;
}

/// What sysbench prints at its default verbosity (3) and above; with --json, nothing (stdout holds
/// the JSON of a run, and prepare and cleanup have none).
void report(const std::string& s) {
  if (verbosity >= 3 && !json_output) print(s);
}

/// sysbench's WARNING lines: from verbosity 2.
void warn(std::FILE* stream, const std::string& line) {
  if (verbosity < 2) return;
  std::fprintf(stream, "%s\n", line.c_str());
  std::fflush(stream);
}

// The end of a run: 0, or for a run a signal stopped, the notice on stderr (stdout keeps sysbench's
// layout) and the end sysbench meets: death by that signal, which the shell sees as 128 + it.
int finish(const raidbench::result& r) {
  if (!r.stats.interrupted) return 0;
  const int signal = raidbench::stopping_signal();
  std::fprintf(stderr, "rb-fileio: interrupted by SIG%s: the figures above cover the run until then\n", ::sigabbrev_np(signal));
  std::fflush(nullptr);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
  return 128 + signal;  // the default action of these signals ends the process: not reached
}

// The engine slot's table: sysbench's --file-io-mode to the translation unit of that engine.
using engine_runner = raidbench::expected<raidbench::result> (*)(const plan&, const raidbench::run_options&);
engine_runner engine_for(const std::string& io_mode, bool validate) {
  if (io_mode == "async") return validate ? run_io_uring_checked : run_io_uring;
  if (io_mode == "mmap") return validate ? run_mmap_checked : run_mmap;
  return validate ? run_psync_checked : run_psync;
}

bool sequential(fileio_mode m) {
  return m == fileio_mode::seqwr || m == fileio_mode::seqrewr || m == fileio_mode::seqrd;
}

// sysbench's logger folds a message equal to the one before it into "(last message repeated N
// times)", printed when a different message comes (sb_logger.c): two requests in a row at one block
// fold so, and each thread's "Event limit exceeded" after the first. One for the run, as sysbench's
// logger is one; its lock keeps the threads' lines whole.
class folding_log {
 public:
  void print(std::FILE* stream, const std::string& line) {
    const std::lock_guard lock(mutex_);
    if (line == last_) {
      ++repeated_;
      return;
    }
    flush_locked(stream);
    last_ = line;
    std::fwrite(line.data(), 1, line.size(), stream);
  }
  /// The fold still pending, before a message that does not pass through here.
  void flush(std::FILE* stream) {
    const std::lock_guard lock(mutex_);
    flush_locked(stream);
  }

 private:
  void flush_locked(std::FILE* stream) {
    if (repeated_ > 0) fmt::print(stream, "(last message repeated {} times)\n", repeated_);
    repeated_ = 0;
  }
  std::mutex mutex_;
  std::string last_;
  unsigned repeated_ = 0;
};

folding_log& sysbench_log() {
  static folding_log log;
  return log;
}

// Where sysbench's logger writes: stdout, or stderr when stdout holds the JSON.
std::FILE* log_stream(const options& o) { return o.format == output_format::json ? stderr : stdout; }

plan plan_of(const options& o, held_directory& here) {
  plan p;
  p.mode = o.mode;
  p.directory = &here;
  p.files = o.files;
  p.file_size = o.file_size();
  p.block_size = o.block_size * (sequential(o.mode) && o.merged_requests ? o.merged_requests : 1);
  p.open_bits = o.open_bits();
  const auto s = o.settings();
  p.fsync_freq = s.fsync_freq;
  p.fsync_end = s.fsync_end;
  p.fsync_all = s.fsync_all;
  p.fdatasync = o.fdatasync;
  p.rw_ratio = o.rw_ratio;
  p.threads = o.threads;
  p.backlog = o.backlog;
  // --validate: each request in flight holds its block, so fewer are queued than there are blocks.
  if (o.validate && o.io_mode == "async") {
    const std::uint64_t blocks = p.file_size / p.block_size * p.files;
    p.backlog = static_cast<std::uint32_t>(std::clamp<std::uint64_t>((blocks - 1) / o.threads, 1, p.backlog));
  }
  p.seed = o.rand_seed ? o.rand_seed : raidbench::now_ns();
  p.time = std::chrono::nanoseconds(static_cast<std::int64_t>(o.time_seconds * 1e9));
  p.events = o.events;
  p.rate = static_cast<std::uint32_t>(o.rate);  // as sysbench's unsigned: -1 is 4294967295 per second
  // --debug: sysbench's line per request, through its folding logger.
  if (o.debug)
    p.observe = [stream = log_stream(o)](const raidbench::timing::request& r) {
      sysbench_log().print(stream, raidbench::report::sysbench_fileio_request_line(r.op, r.file, r.offset, r.size));
    };
  return p;
}

// The note for a person at a terminal when the page cache may have served the reads (the verdicts' own
// question, verdict/page_cache_reads.hpp).
std::string page_cache_note(const raidbench::result& r, std::uint64_t ram) {
  return fmt::format("Note: the file set ({}) fits in RAM ({}) and is not opened with O_DIRECT "
                     "(--file-extra-flags=direct): reads may be served by the page cache, not the storage.\n",
                     raidbench::format_iec(r.workload.total_size), raidbench::format_iec(ram));
}

int run_test(const options& o, held_directory& here) {
  const bool text = o.format != output_format::json;
  // A dump read is never one of the test files the run writes.
  std::vector<raidbench::tools::named_file> dumps;
  for (const auto& f : o.controller_files) dumps.push_back({"--controller-file=" + f, f});
  if (auto distinct = raidbench::tools::check_distinct(raidbench::tools::numbered_outputs(".", "test_file.", o.files, dumps), dumps);
      !distinct)
    return fatal(distinct.message());
  // Before any file is touched, so a bad dump costs nothing.
  raidbench::controller_request controller_asked{{o.controller_files.begin(), o.controller_files.end()},
                                                 o.look_for_controller, {}, o.controller_owns_target};
  std::optional<raidbench::controller_snapshot> controller;
  std::optional<raidbench::storage_context> context;
  if (o.context || !text) {
    auto found = raidbench::gather_controller(controller_asked);
    if (!found) return fatal(found.message());
    controller = std::move(*found);
    auto c = raidbench::gather_storage_context(".");
    if (!c) return fatal(c.message());
    context = std::move(*c);
    if (o.context && text)
      report(raidbench::storage_text(*context, controller, controller_asked) + "\n");
  }
  // sysbench prints its options, then opens the files (and says FATAL there when one is missing),
  // then starts the threads.
  const auto settings = o.settings();
  const std::string options_banner = raidbench::report::sysbench_fileio_banner(settings);
  const std::size_t threads_start = options_banner.find("Initializing worker threads...");
  // --verbosity=5: sysbench's DEBUG lines for the files it opens and the threads it starts.
  std::string opened, started;
  for (std::uint32_t i = 0; verbosity >= 5 && i < o.files; ++i) opened += fmt::format("DEBUG: Opening file: test_file.{}\n", i);
  // sysbench starts its helper threads first: intermediate reports, the event generator (--rate), checkpoints.
  if (verbosity >= 5 && o.report_interval > 0) started += "DEBUG: Reporting thread started\n";
  if (verbosity >= 5 && o.rate != 0) started += "DEBUG: Event generating thread started\n";
  if (verbosity >= 5 && !o.checkpoints.empty()) started += "DEBUG: Checkpoints report thread started\n";
  for (unsigned i = 0; verbosity >= 5 && i < o.threads; ++i) started += fmt::format("DEBUG: Worker thread (#{}) started\n", i);
  for (unsigned i = 0; verbosity >= 5 && i < o.threads; ++i) started += fmt::format("DEBUG: Worker thread (#{}) initialized\n", i);
  if (o.format == output_format::sysbench) report(first_line + options_banner.substr(0, threads_start) + opened);
  if (o.format == output_format::sysbench04) report(raidbench::report::sysbench04_banner());
  if (o.mode != fileio_mode::seqwr) {
    if (auto ok = check_prepared(here, o); !ok) return failed(ok.message());
  } else {
    if (auto ok = check_replaceable(here, o); !ok) return failed(ok.message());
    remove_files(here, o);  // sequential write creates the files, as sysbench's seqwr does
  }
  // Before "Threads started!": a signal after it ends the run with its report, never unhandled.
  raidbench::stop_on_signals signals;
  if (o.format == output_format::sysbench) {
    const std::string tail = options_banner.substr(threads_start);  // "Initializing worker threads...\n\nThreads started!\n\n"
    const std::size_t threads_started = tail.find("Threads started!");
    report(tail.substr(0, threads_started) + started + tail.substr(threads_started));
  }

  raidbench::run_options ro;
  raidbench::progress_snapshot last, last_checkpoint;
  std::size_t next_checkpoint = 0;
  // sysbench's checkpoints are whole seconds: with any, the snapshots come every second and the
  // --report-interval lines every report_interval of them.
  const bool checkpoints = !o.checkpoints.empty() && o.format == output_format::sysbench;
  if ((o.report_interval > 0 || checkpoints) && o.format == output_format::sysbench) {
    ro.progress_interval = std::chrono::seconds(checkpoints ? 1 : o.report_interval);
    ro.on_progress = [&](const raidbench::progress_snapshot& now) {
      const auto second = static_cast<unsigned>((now.elapsed_ns + 500'000'000) / 1'000'000'000);
      // A checkpoint: the full report of what happened since the last one, then the counters start again.
      while (next_checkpoint < o.checkpoints.size() && o.checkpoints[next_checkpoint] == 0) ++next_checkpoint;
      if (next_checkpoint < o.checkpoints.size() && second >= o.checkpoints[next_checkpoint]) {
        while (next_checkpoint < o.checkpoints.size() && second >= o.checkpoints[next_checkpoint]) ++next_checkpoint;
        const auto interval = raidbench::statistics_between(now, last_checkpoint);
        report(raidbench::report::sysbench_interval_prefix(static_cast<double>(now.elapsed_ns) / 1e9) +
               "Checkpoint report:\n" +
               raidbench::report::sysbench_fileio_report(interval, settings, static_cast<double>(now.elapsed_ns) / 1e9));
        last_checkpoint = now;
      }
      // sysbench's checkpoint thread prints before its intermediate-report thread in the same second.
      if (o.report_interval > 0 && (!checkpoints || second % o.report_interval == 0)) {
        report(raidbench::report::sysbench_fileio_interval(now, last, o.percentile));
        last = now;
      }
    };
  }
  auto r = engine_for(o.io_mode, o.validate)(plan_of(o, here), ro);
  sysbench_log().flush(log_stream(o));  // before whatever is printed next, as sysbench's next message would
  if (!r) return fatal(r.message());

  if (!text) {
    nlohmann::json j = *r;
    j["fileio"] = {{"test_mode", std::string(raidbench::report::detail::mode_words(o.mode))},
                   {"io_mode", o.io_mode},
                   {"events", raidbench::report::sysbench_fileio_events(r->stats, settings)},
                   {"fsync_period_counts", settings.fsync_freq ? "requests" : "writes"},
                   {"fsync_covers", settings.fsync_all ? "written_file" : "all_files"},
                   {"page_cache_may_serve_reads", raidbench::page_cache_may_serve_reads(*r, context->ram_bytes)}};
    const raidbench::named_result judged[] = {{std::string(raidbench::report::detail::mode_words(o.mode)), *r}};
    raidbench::add_storage_json(j, *context, controller, controller_asked, judged);
    print(j.dump(2) + "\n");
    return finish(*r);
  }
  std::string out;
  if (o.format == output_format::sysbench04) {
    out = raidbench::report::sysbench04_fileio_report(r->stats, settings);
  } else {
    // --verbosity=4: how the run ended, logged by each thread (the logger folds all but the first),
    // and "Done.".
    if (verbosity >= 4 && !r->stats.interrupted) {
      const bool by_count = o.events > 0 && raidbench::report::sysbench_fileio_events(r->stats, settings) >= o.events;
      for (unsigned i = 0; i < o.threads; ++i)
        sysbench_log().print(stdout, by_count ? "Event limit exceeded, exiting...\n" : "Time limit exceeded, exiting...\n");
      sysbench_log().print(stdout, "Done.\n\n");
    }
    if (o.histogram) out += raidbench::report::sysbench_histogram(r->stats.combined_latency());
    // After checkpoints, the final report is of what came after the last one, as sysbench's.
    out += last_checkpoint.elapsed_ns == 0
               ? raidbench::report::sysbench_fileio_report(r->stats, settings)
               : raidbench::report::sysbench_fileio_report(raidbench::statistics_since(r->stats, last_checkpoint), settings,
                                                           r->stats.seconds());
    if (o.debug) out += raidbench::report::sysbench_fileio_thread_details(r->stats, settings);
  }
  report(out);
  // raidbench's own interpretation goes to stderr, and only to a person at a terminal: stdout is
  // sysbench's layout for the parsers of it, and sysbench's own tests (cram) read stderr with stdout.
  // Scripts find it in --json (page_cache_may_serve_reads).
  if (const auto ram = raidbench::ram_bytes(); raidbench::page_cache_may_serve_reads(*r, ram) && ::isatty(STDERR_FILENO))
    std::fputs(page_cache_note(*r, *ram).c_str(), stderr);
  return finish(*r);
}


int run_tool(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  for (auto a : args) {
    json_output = json_output || a == "--json" || a == "--format=json";
    // Read first, as sysbench does, so that even a complaint about another option minds it.
    if (a.starts_with("--verbosity=") && a.size() == 13 && a[12] >= '0' && a[12] <= '5') verbosity = static_cast<unsigned>(a[12] - '0');
  }
  auto parsed = parse(args, program_name);
  if (!parsed) {
    // sysbench's banner comes before any complaint but a third command word and its general
    // options' (threads, time, rate, verbosity…), refused before it.
    if (!json_output && !parsed.message().starts_with("Unrecognized command line argument: ") &&
        parsed.err().call != refused_before_banner)
      report(first_line);
    return failed(parsed.message());
  }
  const options& o = *parsed;
  verbosity = o.verbosity;
  // sysbench 1.0.20's deprecation warnings: not 0.4.12's (it had none), and not on JSON's stdout.
  for (const auto& w : o.stdout_warnings)
    if (o.format != output_format::sysbench04) warn(o.format == output_format::json ? stderr : stdout, w);
  const std::string banner = o.format == output_format::sysbench04 ? raidbench::report::sysbench04_banner() : first_line;
  // The working directory, held once for every file operation of prepare, run and cleanup: its
  // files are shown by their bare names, as sysbench shows them.
  const auto hold_working_directory = [] {
    auto here = held_directory::open("");
    if (!here) std::exit(fatal(here.message()));
    return std::move(*here);
  };
  for (const auto& w : o.stderr_warnings)
    if (o.format != output_format::sysbench04) warn(stderr, w);
  switch (o.cmd) {
    case command::help: print(usage(program_name)); return 0;
    case command::test_help: report(banner + std::string(fileio_options_help) + "\n"); return 0;
    // sysbench's version line, with raidbench named inside its parentheses as in the banner.
    case command::version: print(std::string(first_line).substr(0, std::string_view(first_line).find('\n') + 1)); return 0;
    case command::script: {
      // sysbench runs the Lua script on standard input; an empty one does nothing after the banner.
      // rb-fileio runs no Lua: a script is refused. A terminal is not waited on: the test is asked for.
      report(banner);
      if (::isatty(STDIN_FILENO)) return failed("The 'fileio' test requires a command argument. See 'sysbench fileio help'");
      // Read until the end or the first byte of a script, never the whole of an endless input.
      char chunk[4096];
      for (ssize_t n; (n = ::read(STDIN_FILENO, chunk, sizeof chunk)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fatal(fmt::format("cannot read the script on standard input: {}", std::strerror(errno)));
        if (std::string_view(chunk, static_cast<std::size_t>(n)).find_first_not_of(" \t\r\n") != std::string_view::npos)
          return fatal("a Lua script on standard input: rb-fileio runs sysbench's fileio test only; name the test (fileio) and a command");
      }
      return 0;
    }
    case command::cleanup:
      report(banner + "Removing test files...\n");
      remove_files(hold_working_directory(), o);
      return 0;
    case command::prepare: {
      // 0.4.12 prints two lines before it creates the files and nothing per file.
      report(o.format == output_format::sysbench04 ? banner + raidbench::report::sysbench04_prepare_lines(o.settings())
                                                   : banner);
      held_directory here = hold_working_directory();
      if (auto ok = check_free_space(here, o); !ok) return fatal(ok.message());
      auto ok = prepare_files(here, o, [&](const std::string& line) {
        if (o.format != output_format::sysbench04) report(line);
      });
      return ok ? 0 : fatal(ok.message());
    }
    case command::run: {
      held_directory here = hold_working_directory();
      return run_test(o, here);
    }
  }
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0 && argv[0] != nullptr && *argv[0] != '\0') program_name = std::filesystem::path(argv[0]).filename().string();
  const int status = raidbench::tools::last_resort(program_name, [&] { return run_tool(argc, argv); });
  // What stdout lost (a full device, a closed terminal) is a failure, whatever the run did.
  if (stdout_errno != 0) {
    std::fprintf(stderr, "%s: write error on standard output: %s\n", program_name.c_str(), std::strerror(stdout_errno));
    return 1;
  }
  return status;
}
