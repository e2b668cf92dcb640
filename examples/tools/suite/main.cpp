// raidbench: the seed suite in one command. In a scratch directory it creates and removes, it runs a
// dd-style sequential write and read-back (buffered and O_DIRECT), pg_test_fsync's commit methods,
// and sysbench fileio's rndrw and rndrd; then prints the storage context, the controller summary,
// a results table and the verdicts, and writes report.json.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "../common/arguments.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/session/run_storage.hpp"
#include "phases.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/text/toolkit.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_section.hpp"
#include "raidbench/run/rounds.hpp"
#include "raidbench/run/rounds_json.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/verify/check_files.hpp"
#include "raidbench/verify/lineage.hpp"
#include "raidbench/verify/report.hpp"
#include "report.hpp"
#include "sweep.hpp"
#include "tool.hpp"

using namespace rb_suite;

namespace {

constexpr std::string_view usage = R"(usage: raidbench [options]
       raidbench sweep iometer|atto|cdm [options]   (raidbench sweep --help)
Runs the seed suite in a scratch directory and prints one report (also written as JSON).
  --dir DIR                scratch directory (default ./raidbench-scratch; created and removed if new;
                           only raidbench's own files are ever removed)
  --quick                  about 20-30 s: 256 MiB files, 1 s per commit method, 4 s random tests
  --full                   as the write-ups: files of at least 2x RAM, 5 s per commit method, 60 s random tests
  --size SIZE              size of the sequential file and of the file set (overrides the mode's)
  --controller-file FILE   a saved dump of a RAID tool (MegaCLI, StorCLI, ssacli, arcconf, mdadm, mdstat);
                           repeatable (AdpAllInfo + PDList + AdpBbuCmd merge). Without one, the RAID
                           tools found on PATH (and md arrays in /proc/mdstat) are read
  --no-controller          do not look for a RAID controller
  --controller-owns-target the controller read holds the disk under --dir, when raidbench cannot see it
                           (a dump without PCI address or target ids); the report says it was asserted
  --test-seconds S         seconds per timed test (commit methods, rndrw, rndrd), overriding the mode's
  --steady                 run rndrw and rndrd in rounds (a fifth of their time each) until the last 5
                           are at steady state as SNIA's PTS defines it, or --max-rounds ran
                           (default: exactly 5 rounds, judged, within the test's time)
  --max-rounds N           the rounds --steady may run (5-1000, default 30)
  --ramp S                 before rndrw and rndrd, run S seconds of each without counting them
  --repeat N               run each test N times in a row (1-100, default 1) and report the median
                           run with the spread of all N; rb-compare judges noise from them (N >= 3)
  --report FILE            where to write the JSON report (default ./report.json)
  --html FILE              also write the report as a self-contained HTML page with charts
  --no-progress            no progress output on stderr
  --verify                 stamp every 512-byte sector of the random tests' file set (file, offset, write
                           generation, CRC-32C), check every read, re-read it all at the end and journal
                           the acknowledged writes (docs/verify.md); exit status 3 on any error, the
                           file set and the journal are then kept
  --journal FILE           the journal (default DIR/rndrw.journal); after a crash:
                           rb-run --verify-only --journal FILE
  --journal-batch N        acknowledgements per journal commit (default 1)
  --verify-payload K       random (default), compressible or zero
  --verify-errors N        error messages shown (default 20; all are counted)
The default takes about 1-2 minutes: 1 GiB files, 2 s per commit method, 15 s random tests.
Ctrl-C stops the running test, removes the scratch files and prints what was measured.
)";


struct options {
  fs::path dir = "./raidbench-scratch";
  bool dir_named = false;  // --dir given: a link there is the user's to follow
  fs::path report = "./report.json";
  std::string mode = "default";
  std::optional<std::uint64_t> size;
  std::optional<double> test_seconds;
  bool steady = false;
  unsigned max_rounds = 30;
  double ramp_seconds = 0;
  unsigned repeat = 1;
  raidbench::controller_request controller;
  bool progress = true;
  fs::path html;
  bool verify = false;
  fs::path journal;
  std::uint32_t journal_batch = 1;
  raidbench::verify::payload payload = raidbench::verify::payload::random;
  std::uint32_t verify_errors = 20;
};

options parse(int argc, char** argv) {
  options o;
  raidbench::tools::option_walker args(argc, argv, 1, die, usage);
  while (args.next()) {
    const std::string_view arg = args.arg();
    if (arg == "--dir") {
      o.dir = args.value();
      o.dir_named = true;
      if (o.dir.empty()) die("--dir needs a directory");
    } else if (arg == "--html") {
      o.html = args.value();
      if (o.html.empty()) die("--html needs a file name");
    } else if (arg == "--report") {
      o.report = args.value();
      if (o.report.empty()) die("--report needs a file name");
    } else if (arg == "--quick" || arg == "--full") {
      if (o.mode != "default") die("--quick and --full exclude each other");
      o.mode = arg.substr(2);
    } else if (arg == "--size") {
      auto v = raidbench::parse_size(args.value());
      if (!v) die(fmt::format("--size: {}", v.message()));
      if (*v < (1u << 20) || *v % (1u << 20) != 0) die("--size must be a whole number of MiB, at least 1 MiB");
      o.size = *v;
    } else if (arg == "--test-seconds") {
      const std::string text(args.value());
      o.test_seconds = seconds_in(text, false);
      if (!o.test_seconds) die(fmt::format("--test-seconds: '{}' is not a number of seconds above 0", text));
    } else if (arg == "--steady") {
      o.steady = true;
    } else if (arg == "--max-rounds") {
      const std::string text(args.value());
      const auto n = raidbench::text::parse_uint(text);
      if (!n || *n < 5 || *n > 1000) die(fmt::format("--max-rounds: '{}' is not a number of rounds from 5 to 1000", text));
      o.max_rounds = *n;
    } else if (arg == "--ramp") {
      const std::string text(args.value());
      const auto s = seconds_in(text, true);
      if (!s) die(fmt::format("--ramp: '{}' is not a number of seconds from 0 to 86400", text));
      o.ramp_seconds = *s;
    } else if (arg == "--repeat") {
      const std::string text(args.value());
      const auto n = raidbench::text::parse_uint(text);
      if (!n || *n < 1 || *n > 100) die(fmt::format("--repeat: '{}' is not a number of runs from 1 to 100", text));
      o.repeat = *n;
    } else if (args.controller_option(o.controller)) {
    } else if (arg == "--no-progress") {
      o.progress = false;
    } else if (arg == "--verify") {
      o.verify = true;
    } else if (arg == "--journal") {
      o.journal = args.value();
      if (o.journal.empty()) die("--journal needs a file name");
    } else if (arg == "--journal-batch" || arg == "--verify-errors") {
      const std::string text(args.value());
      const auto n = raidbench::text::parse_uint(text);
      if (!n || *n > 1'000'000 || (*n == 0 && arg == "--journal-batch"))
        die(fmt::format("{}: '{}' is not a number from {} to 1000000", arg, text, arg == "--journal-batch" ? 1 : 0));
      (arg == "--journal-batch" ? o.journal_batch : o.verify_errors) = static_cast<std::uint32_t>(*n);
    } else if (arg == "--verify-payload") {
      const auto v = args.value();
      if (v == "random") o.payload = raidbench::verify::payload::random;
      else if (v == "compressible") o.payload = raidbench::verify::payload::compressible;
      else if (v == "zero") o.payload = raidbench::verify::payload::zero;
      else die(fmt::format("--verify-payload: unknown payload '{}' (random, compressible, zero)", v));
    } else {
      die(fmt::format("unknown option '{}' (see --help)", arg));
    }
  }
  return o;
}

/// Sizes and times of one mode.
struct plan {
  std::uint64_t sequential_size;
  std::uint64_t set_size;
  std::uint32_t set_files;
  double commit_seconds;
  double random_seconds;
};

plan plan_for(const options& o, std::optional<std::uint64_t> ram) {
  plan p{1ull << 30, 1ull << 30, 16, 2, 15};
  if (o.mode == "quick") p = {256ull << 20, 256ull << 20, 8, 1, 4};
  if (o.mode == "full") {
    if (!ram) die("--full needs the RAM size, and /proc/meminfo does not give it: use --size");
    const std::uint64_t twice = (2 * *ram + (128ull << 20) - 1) / (128ull << 20) * (128ull << 20);
    p = {twice, twice, 128, 5, 60};
  }
  if (o.size) p.sequential_size = p.set_size = *o.size;
  if (o.test_seconds) p.commit_seconds = p.random_seconds = *o.test_seconds;
  while (p.set_files > 1 && p.set_size / p.set_files < (1u << 20)) p.set_files /= 2;
  p.set_size = p.set_size / p.set_files / (1u << 20) * (1u << 20) * p.set_files;  // whole MiB per file
  return p;
}

/// Rounds of a device-bound test: SNIA PTS's window, run within the test's own time.
constexpr unsigned steady_rounds = 5;

/// One test of the suite: how it appears in the report and how it runs.
struct step {
  std::string name;
  std::string latency_of;
  bool commits = false;
  bool in_results = true;  // false for the untimed preparation of the file set
  double expected_seconds = 0;
  std::uint64_t expected_bytes = 0;
  std::function<raidbench::expected<raidbench::result>(const raidbench::run_options&)> run;
  std::function<void()> after;  // removes files the next tests do not need
  // Device-bound timed tests run as steady_rounds rounds of expected_seconds / steady_rounds each,
  // within the same time: the report says whether they were at steady state (run/rounds.hpp).
  std::function<raidbench::expected<raidbench::result>(const raidbench::run_options&, unsigned round, double seconds)> run_round;
};

int run_suite(int argc, char** argv) {
  const options o = parse(argc, argv);
  const auto started = raidbench::now_ns();
  raidbench::stop_on_signals stop_guard;

  // Outputs that would replace an input or each other, refused before anything runs.
  std::vector<raidbench::tools::named_file> outputs{{"--report " + o.report.string(), o.report}}, inputs;
  if (!o.html.empty()) outputs.push_back({"--html " + o.html.string(), o.html});
  for (const auto& f : o.controller.files) inputs.push_back({"--controller-file " + f.string(), f});
  if (auto distinct = raidbench::tools::check_distinct(outputs, inputs); !distinct) die(distinct.message());
  // Read before anything is written, so a bad dump costs nothing.
  auto found = raidbench::gather_controller(o.controller);
  if (!found && found.err().errnum == EINTR) {
    std::fprintf(stderr, "raidbench: %s; nothing was measured\n", found.message().c_str());
    return raidbench::interrupted_exit_status();
  }
  if (!found) die(fmt::format("--controller-file: {}", found.message()));
  const std::optional<raidbench::controller_snapshot> controller = std::move(*found);
  if (auto writable = raidbench::tools::check_output_file(o.report); !writable) die(fmt::format("--report: {}", writable.message()));
  if (!o.html.empty())
    if (auto writable = raidbench::tools::check_output_file(o.html); !writable) die(fmt::format("--html: {}", writable.message()));

  scratch s = scratch::open(o.dir, o.dir_named);
  const scratch_guard cleaned(s);
  auto give_up = [&](const std::string& message) {
    s.clean();
    die(message);
  };

  suite_report report;
  report.mode = o.mode;
  report.repeat = o.repeat;
  report.scratch_dir = o.dir.string();
  report.controller = controller ? nlohmann::json(*controller) : nlohmann::json();
  auto context = raidbench::gather_storage_context(o.dir);
  if (!context) give_up(context.message());
  report.context = std::move(*context);
  report.rounds = o.steady ? fmt::format("rounds of a fifth of the test's time until steady, at most {}", o.max_rounds)
                           : fmt::format("the test's time in {} rounds", steady_rounds);
  if (o.ramp_seconds > 0) report.rounds += fmt::format(", after a {} s ramp not counted", o.ramp_seconds);
  report.device_under_test = raidbench::tie_controller(report.context, controller, o.controller);
  const plan p = plan_for(o, report.context.ram_bytes);
  const std::uint64_t needed = std::max(p.sequential_size, p.set_size) + (1u << 20);
  if (report.context.filesystem.available_bytes && *report.context.filesystem.available_bytes < needed)
    give_up(fmt::format("{} has {} free; this mode needs {} (use --size or --quick)", o.dir.string(),
                        raidbench::format_iec(*report.context.filesystem.available_bytes), raidbench::format_iec(needed)));

  const std::string seq = s.file("seq.dat");
  const std::string commit = s.file("commit.dat");
  std::vector<std::string> set_names, set_files;
  for (std::uint32_t i = 0; i < p.set_files; ++i) {
    set_names.push_back(s.file(fmt::format("{}{}", file_set_prefix, i)));
    set_files.push_back(fs::absolute(o.dir / set_names.back()).string());
  }
  // --verify: a new lineage over the file set, its journal beside it (a scratch file, removed by its
  // record) or where asked.
  std::unique_ptr<raidbench::verify::session> verified;
  const std::string journal_name = "rndrw.journal";
  const fs::path journal = !o.verify ? fs::path() : o.journal.empty() ? o.dir / s.file(journal_name) : o.journal;
  if (o.verify) {
    auto started = raidbench::verify::open_lineage({journal, set_files, p.set_size / p.set_files, 16384, o.payload,
                                                    o.journal_batch, o.verify_errors, false, false});
    if (!started) give_up(started.message());
    verified = std::move(started->verified);
    if (o.journal.empty()) (void)s.dir.adopt(journal_name);
  }
  const std::string mib = raidbench::format_iec(p.sequential_size);

  std::vector<step> steps;
  steps.push_back({fmt::format("seq write {}", mib), "write", false, true, 0, p.sequential_size,
                   [&](const auto& ro) { return sequential_write(s.dir, seq, p.sequential_size, ro); }, {}, {}});
  steps.push_back({"seq read buffered", "read", false, true, 0, p.sequential_size,
                   [&](const auto& ro) { return sequential_read(s.dir, seq, p.sequential_size, false, ro); }, {}, {}});
  steps.push_back({"seq read O_DIRECT", "read", false, true, 0, p.sequential_size,
                   [&](const auto& ro) { return sequential_read(s.dir, seq, p.sequential_size, true, ro); },
                   [&] { s.dir.remove(seq); }, {}});
  steps.push_back({"prepare commit file", "write", false, false, 0, commit_block,
                   [&](const auto& ro) { return sequential_write(s.dir, commit, commit_block, ro, commit_block); }, {}, {}});
  const std::pair<const char*, commit_method> methods[] = {{"open_datasync 8 kB", commit_method::open_datasync},
                                                           {"fdatasync 8 kB", commit_method::fdatasync},
                                                           {"fsync 8 kB", commit_method::fsync},
                                                           {"open_sync 8 kB", commit_method::open_sync}};
  for (const auto& [name, each_method] : methods) {
    // A named copy for the lambda: clang 14 (the sanitizer build's compiler) cannot capture a
    // structured binding, which C++20 allows.
    const commit_method method = each_method;
    const bool flushes = method == commit_method::fdatasync || method == commit_method::fsync;
    steps.push_back({name, flushes ? "flush" : "write", true, true, p.commit_seconds, 0,
                     [&, method](const auto& ro) { return commit_test(s.dir, commit, method, p.commit_seconds, ro); }, {}, {}});
  }
  steps.back().after = [&] { s.dir.remove(commit); };
  steps.push_back({"prepare file set", "write", false, false, 0, p.set_size,
                   [&](const auto& ro) { return prepare_file_set(s.dir, p.set_files, p.set_size, ro, verified.get()); }, {}, {}});
  steps.push_back({"rndrw 16 KiB fsync/100", "all", false, true, p.random_seconds, 0, {}, {},
                   [&](const auto& ro, unsigned round, double seconds) {
                     return random_read_write(s.dir, p.set_files, p.set_size, seconds, round, ro, verified.get());
                   }});
  steps.push_back({"rndrd 16 KiB", "read", false, true, p.random_seconds, 0, {}, {},
                   [&](const auto& ro, unsigned round, double seconds) {
                     return random_read(s.dir, p.set_files, p.set_size, seconds, round, ro, verified.get());
                   }});

  progress_display progress(o.progress, steps.size());
  raidbench::run_options ro;
  ro.progress_interval = std::chrono::milliseconds(250);
  ro.on_progress = [&](const raidbench::progress_snapshot& snap) { progress.update(snap); };
  for (std::size_t i = 0; i < steps.size() && !raidbench::stop_request().load(); ++i) {
    const step& st = steps[i];
    if (st.run_round && o.ramp_seconds > 0) {
      progress.start(i + 1, st.name + " (ramp, not counted)", o.ramp_seconds, 0);
      // Its own random stream: no measured round replays the warm-up's blocks.
      auto warm = st.run_round(ro, 1000000 + static_cast<unsigned>(i), o.ramp_seconds);
      progress.finish();
      if (!warm) give_up(fmt::format("{}: {}", st.name, warm.message()));
      if (warm->stats.interrupted) break;
    }
    // --repeat: the same test again and again before the next, so that every test sees the same drift.
    const unsigned runs = st.in_results ? o.repeat : 1;
    std::vector<raidbench::result> repetitions;
    std::vector<double> started_at;
    std::vector<std::optional<raidbench::steady_rounds>> rounds_of;
    bool interrupted = false;
    for (unsigned run = 0; run < runs && !interrupted; ++run) {
      const std::string label = runs > 1 ? fmt::format("{} [run {}/{}]", st.name, run + 1, runs) : st.name;
      std::optional<raidbench::steady_rounds> rounds;
      raidbench::expected<raidbench::result> r = raidbench::result{};
      const double started = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
      if (st.run_round) {
        auto ran = raidbench::run_until_steady(
            [&](unsigned round) {
              progress.start(i + 1, o.steady ? fmt::format("{} (round {})", label, round + 1)
                                             : fmt::format("{} ({}/{})", label, round + 1, steady_rounds),
                             st.expected_seconds / steady_rounds, 0);
              auto one = st.run_round(ro, run * 1000 + round, st.expected_seconds / steady_rounds);
              progress.finish();
              return one;
            },
            o.steady ? o.max_rounds : steady_rounds, [](unsigned, double) {});
        if (ran) r = ran->window, rounds = std::move(*ran);
        else r = ran.err();
      } else {
        progress.start(i + 1, label, st.expected_seconds, st.expected_bytes);
        r = st.run(ro);
        progress.finish();
      }
      if (!r) give_up(fmt::format("{}: {}", st.name, r.message()));
      interrupted = r->stats.interrupted;
      // An interrupted repetition after complete ones would only pull the median down: it is dropped.
      if (interrupted && !repetitions.empty()) break;
      repetitions.push_back(std::move(*r));
      started_at.push_back(started);
      rounds_of.push_back(std::move(rounds));
    }
    if (st.in_results) {
      const std::size_t median = median_repetition(repetitions, st.commits);
      report.tests.push_back({st.name, st.latency_of, st.commits, repetitions[median], {}, {}, {}, std::move(started_at)});
      if (repetitions.size() > 1) report.tests.back().repetitions = std::move(repetitions);
      if (rounds_of[median]) {
        report.tests.back().steady_state = raidbench::steady_state_json(*rounds_of[median]);
        report.tests.back().steady_note = raidbench::describe_steady_state(*rounds_of[median]);
      }
    }
    if (interrupted) break;
    if (st.after) st.after();
  }
  report.interrupted = raidbench::stop_request().load();
  // --verify: the final pass over the file set, before anything is removed; errors keep it and the journal.
  std::optional<raidbench::verify::check_report> final_pass;
  if (verified) {
    auto pass = raidbench::verify::check_files(*verified, {});
    if (!pass) give_up(fmt::format("verify: {}", pass.message()));
    final_pass = *pass;
  }
  const bool verify_failed = verified && verified->errors().total() != 0;
  if (verify_failed) {  // the evidence stays: the file set and the journal
    for (const auto& name : set_names) s.dir.keep(name);
    s.dir.keep(journal_name);
  }
  s.clean();
  if (verified && !o.journal.empty() && !verify_failed) {
    // A journal where the user asked for it, which this run wrote: removed through its directory, if still ours.
    if (auto dir = raidbench::held_directory::open(o.journal.parent_path()); dir && dir->adopt(o.journal.filename().string()))
      dir->remove(o.journal.filename().string());
  }

  std::vector<raidbench::named_result> named;
  for (const auto& t : report.tests) named.push_back({t.name, t.result});
  report.verdicts = raidbench::judge_run(report.context, controller, report.device_under_test, named);
  report.elapsed_seconds = static_cast<double>(raidbench::now_ns() - started) / 1e9;

  // The JSON first, then the text, then the page: one that cannot be written is one line and exit
  // status 1, and costs none of the others.
  bool complete = true;
  const auto written = [&](const char* option, const raidbench::expected<void>& w) {
    if (!w) std::fprintf(stderr, "raidbench: %s: %s\n", option, w.message().c_str()), complete = false;
    return bool(w);
  };
  // The random tests' figures are of stamped blocks: the run and its cost, measured over rndrw.
  const raidbench::verify::verification_report checked{verified.get(), final_pass ? &*final_pass : nullptr, false, {}, verify_failed};
  nlohmann::json j = report;
  if (verified) j["verification"] = raidbench::verify::verification_json(checked);
  const bool json_written = written("--report", raidbench::tools::write_output_file(o.report, j.dump(2) + "\n"));
  const std::string controller_text = raidbench::format_controller_section(controller, o.controller, &report.device_under_test);
  raidbench::tools::print_out(format_report(report, controller_text));
  if (verified) raidbench::tools::print_out("\n" + raidbench::verify::format_verification(checked));
  if (!o.html.empty()) written("--html", raidbench::tools::write_output_file(o.html, report_html(report, controller_text)));
  if (json_written) raidbench::tools::print_out(fmt::format("\nreport written to {}\n", o.report.string()));
  if (!raidbench::tools::stdout_complete("raidbench") || !complete) return 1;
  if (verify_failed) {
    std::fprintf(stderr, "raidbench: verification found errors; the file set and journal %s are kept\n", journal.c_str());
    return 3;
  }
  return report.interrupted ? raidbench::interrupted_exit_status() : 0;
}

}  // namespace

int main(int argc, char** argv) {
  raidbench::tools::ignore_sigpipe();
  return raidbench::tools::last_resort("raidbench", [&] {
    if (argc > 1 && std::string_view(argv[1]) == "sweep") return sweep_main(argc - 1, argv + 1);
    return run_suite(argc, argv);
  });
}
