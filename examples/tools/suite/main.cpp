// raidbench: the seed suite in one command. In a scratch directory it creates and removes, it runs a
// dd-style sequential write and read-back (buffered and O_DIRECT), pg_test_fsync's commit methods,
// and sysbench fileio's rndrw and rndrd; then prints the storage context, the controller summary,
// a results table and the verdicts, and writes the report as JSON (by default
// ./report-HOST-TIME.json and its copy ./report.json; --report, --json).
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
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

#include "raidbench/session/command_line.hpp"
#include "../common/controller_options.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "../common/json_output.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "../common/progress_display.hpp"
#include "raidbench/session/standard_output.hpp"
#include "../common/verify_options.hpp"
#include "raidbench/session/durability_option.hpp"
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
#include "ab.hpp"
#include "html_from.hpp"
#include "report.hpp"
#include "sweep.hpp"
#include "tool.hpp"

using namespace rb_suite;

namespace {

struct options {
  fs::path dir = "./raidbench-scratch";
  bool dir_named = false;  // --dir given: a link there is the user's to follow
  std::optional<fs::path> report;       // none: --json alone, without --report
  std::optional<fs::path> latest_copy;  // the default report's copy under a stable name
  std::string report_option = "--report";  // how the user named it, for messages
  raidbench::tools::json_output json;
  std::string mode = "default";
  std::optional<std::uint64_t> size;
  std::optional<double> test_seconds;
  bool steady = false;
  unsigned max_rounds = 30;
  double ramp_seconds = 0;
  unsigned repeat = 1;
  raidbench::controller_request controller;
  bool progress = true;
  bool direct = false;
  fs::path html;
  fs::path html_from;  // --html-from: draw the page from this JSON, run nothing
  raidbench::tools::verify_options verification;
  std::optional<std::string> durability;
};

/// "./report-db01-20261202T073000Z.json": this host and the UTC time, one file per run; a name an
/// earlier run took in the same second gets "-2", "-3", ….
fs::path default_report_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::snprintf(host, sizeof host, "localhost");
  std::string name;
  for (const char* c = host; *c; ++c)  // a host name is a file name's part here: no '/' or blanks
    name += (std::isalnum(static_cast<unsigned char>(*c)) || *c == '-' || *c == '.') ? *c : '_';
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
  const std::string base = fmt::format("./report-{}-{}", name, stamp);
  fs::path path = base + ".json";
  for (int n = 2; fs::exists(fs::symlink_status(path)); ++n) path = fmt::format("{}-{}.json", base, n);
  return path;
}

options parse(int argc, char** argv) {
  options o;
  raidbench::tools::command_line cl("raidbench", "raidbench: runs the seed suite in a scratch directory and prints one report, also written as JSON.");
  bool quick = false, full = false;
  fs::path report;
  cl.path("--dir DIR", o.dir,
          "scratch directory (default ./raidbench-scratch; created and removed if new; only raidbench's own files are ever "
          "removed)");
  cl.flag("--quick", quick, "256 MiB files, 1 s per commit method, 4 s random tests");
  cl.flag("--full", full, "as the write-ups: files of at least 2x RAM, 5 s per commit method, 60 s random tests");
  cl.exclusive({"--quick", "--full"});
  cl.flag("--direct", o.direct,
          "run the random tests (rndrw, rndrd) with O_DIRECT, so that files smaller than RAM measure the storage, not "
          "the page cache");
  cl.size("--size SIZE", o.size, 1ull << 20, 1ull << 50,
          "size of the sequential file and of the file set, in whole MiB up to 1 PiB (overrides the mode's)");
  cl.decimal("--test-seconds SECONDS", o.test_seconds, 0.001, 86400,
             "seconds per timed test (commit methods, rndrw, rndrd), 0.001 to 86400, overriding the mode's");
  cl.flag("--steady", o.steady,
          "run rndrw and rndrd in rounds (a fifth of their time each) until the last 5 are at steady state as SNIA's PTS "
          "defines it, or --max-rounds ran (default: exactly 5 rounds, judged, within the test's time)");
  cl.whole("--max-rounds N", o.max_rounds, 5, 1000, "the rounds --steady may run, 5 to 1000 (default 30)");
  cl.decimal("--ramp SECONDS", o.ramp_seconds, 0, 86400, "before rndrw and rndrd, run this long of each without counting it, up to 86400");
  cl.whole("--repeat N", o.repeat, 1, 100,
           "run each test N times in a row, 1 to 100 (default 1), and report the median run with the spread of all N; "
           "rb-compare judges noise from them (N >= 3)");
  raidbench::tools::add_controller_options(cl, o.controller);
  raidbench::tools::add_durability_option(cl, o.durability);
  cl.path("--report FILE", report,
          "where to write the JSON report (default ./report-HOST-TIME.json, copied to ./report.json)");
  o.json.add_to(cl, "the report");
  cl.path("--html FILE", o.html, "also write the report as a self-contained HTML page with charts");
  cl.path("--html-from JSON", o.html_from,
          "run nothing: draw the --html page of a report or a sweep from the JSON raidbench wrote (--report, sweep --json=FILE)");
  cl.flag("--no-progress", [&o] { o.progress = false; }, "no progress output on stderr");
  raidbench::tools::add_verify_options(cl, o.verification,
                                       "stamp every 512-byte sector of the random tests' file set (file, offset, write "
                                       "generation, CRC-32C), check every read, re-read it all at the end and journal the "
                                       "acknowledged writes (docs/verify.md); exit status 3 on any error, the file set and "
                                       "the journal are then kept",
                                       "DIR/rndrw.journal; after a crash: rb-run --verify-only --journal FILE");
  cl.footer(R"(The default: 1 GiB files, 2 s per commit method, 15 s random tests (docs/suite.md: the modes' times).
The report goes to ./report-HOST-TIME.json (this host's name, the UTC start time, 20261202T073000Z)
and its copy ./report.json (the latest run's, replaced whole), or to the file --report FILE or
--json=FILE names; --json alone prints it on stdout instead of the text and writes no file unless
--report names one.
SIZE takes a unit: 4k, 1M, 1GiB (binary), 64MB (decimal).
Ctrl-C stops the running test, removes the scratch files and prints what was measured (exit 130).
Examples:
  raidbench --quick
  raidbench --dir /srv/db/raidbench-scratch --report db01.json --html db01.html
  raidbench --quick --no-progress --json | jq .verdicts
  raidbench --html-from db01.json --html db01.html      (a saved report or sweep, drawn again)
Also: raidbench sweep iometer|atto|cdm [options]: the classic matrices (raidbench sweep --help);
raidbench ab [options] [-- suite options]: two setups in ABBA rounds, one comparison (raidbench ab --help).
Exit status: 0 done, 1 an error, 2 a usage error, 3 verification errors, 128+N stopped by signal N.)");
  cl.parse(argc, argv);
  if (cl.given("--html-from") && o.html.empty()) cl.usage_error("--html-from needs --html FILE, the page to write");
  o.dir_named = cl.given("--dir");
  if (quick) o.mode = "quick";
  if (full) o.mode = "full";
  if (o.size && *o.size % (1u << 20) != 0) cl.usage_error("--size must be a whole number of MiB, at least 1 MiB");
  if (cl.given("--report") && o.json.file) cl.usage_error("--report and --json=FILE both name the report: give one");
  if (cl.given("--report")) o.report = report;
  else if (o.json.file) o.report = *o.json.file, o.report_option = "--json";
  else if (!o.json.to_stdout()) o.report = default_report_name(), o.latest_copy = fs::path("./report.json"), o.report_option = "the report";
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

// The suite as `o` asks; `text`: the report as text on stdout too (not for raidbench ab's rounds).
int run_suite(const options& o, bool text) {
  if (!o.html_from.empty()) return html_from(o.html_from, o.html);
  const auto started = raidbench::now_ns();
  raidbench::stop_on_signals stop_guard;

  // Outputs that would replace an input or each other, refused before anything runs.
  std::vector<raidbench::tools::named_file> outputs, inputs;
  if (o.report)
    outputs.push_back({o.report_option == "--json" ? o.json.shown() : o.report_option + " " + o.report->string(), *o.report});
  if (o.latest_copy) outputs.push_back({"the report's copy " + o.latest_copy->string(), *o.latest_copy});
  if (!o.html.empty()) outputs.push_back({"--html " + o.html.string(), o.html});
  for (const auto& f : o.controller.files) inputs.push_back({"--controller-file " + f.string(), f});
  if (o.durability) inputs.push_back({"--durability " + *o.durability, *o.durability});
  if (auto distinct = raidbench::tools::check_distinct(outputs, inputs); !distinct) die(distinct.message());
  const auto durability = raidbench::tools::read_durability_option(o.durability);
  if (!durability) die(durability.message());
  // Read before anything is written, so a bad dump costs nothing.
  auto found = raidbench::gather_controller(o.controller);
  if (!found && found.err().errnum == EINTR) {
    std::fprintf(stderr, "raidbench: %s; nothing was measured\n", found.message().c_str());
    return raidbench::interrupted_exit_status();
  }
  if (!found) die(fmt::format("--controller-file: {}", found.message()));
  const std::optional<raidbench::controller_snapshot> controller = std::move(*found);
  if (o.report)
    if (auto writable = raidbench::tools::check_output_file(*o.report); !writable)
      die(fmt::format("{}: {}", o.report_option, writable.message()));
  if (o.latest_copy)
    if (auto writable = raidbench::tools::check_output_file(*o.latest_copy); !writable)
      die(fmt::format("the report's copy: {}", writable.message()));
  if (!o.html.empty())
    if (auto writable = raidbench::tools::check_output_file(o.html); !writable) die(fmt::format("--html: {}", writable.message()));

  scratch s = scratch::open(o.dir, o.dir_named);
  const scratch_guard cleaned(s);

  suite_report report;
  report.mode = o.mode;
  report.repeat = o.repeat;
  report.scratch_dir = o.dir.string();
  report.controller = controller ? nlohmann::json(*controller) : nlohmann::json();
  auto context = raidbench::gather_storage_context(o.dir);
  if (!context) s.give_up(context.message());
  report.context = std::move(*context);
  report.rounds = o.steady ? fmt::format("rounds of a fifth of the test's time until steady, at most {}", o.max_rounds)
                           : fmt::format("the test's time in {} rounds", steady_rounds);
  if (o.ramp_seconds > 0) report.rounds += fmt::format(", after a {} s ramp not counted", o.ramp_seconds);
  report.device_under_test = raidbench::tie_controller(report.context, controller, o.controller);
  const plan p = plan_for(o, report.context.ram_bytes);
  report.sizes = {p.sequential_size, p.set_size, p.set_files, p.commit_seconds, p.random_seconds, o.direct};
  const std::uint64_t needed = std::max(p.sequential_size, p.set_size) + (1u << 20);
  if (report.context.filesystem.available_bytes && *report.context.filesystem.available_bytes < needed)
    s.give_up(fmt::format("{} has {} free; this mode needs {} (use --size or --quick)", o.dir.string(),
                          raidbench::format_iec(*report.context.filesystem.available_bytes), raidbench::format_iec(needed)));
  // Said before the run, not only in the verdicts after it: the random tests may measure memory.
  // Once a process: raidbench ab's rounds all run in one.
  static bool ram_note_said = false;
  if (!o.direct && report.context.ram_bytes && p.set_size < *report.context.ram_bytes && !std::exchange(ram_note_said, true))
    std::fprintf(stderr,
                 "raidbench: the random tests' files (%s) are smaller than RAM (%s): the page cache may serve their reads; "
                 "--direct runs them with O_DIRECT, --full uses files of twice the RAM\n",
                 raidbench::format_iec(p.set_size).c_str(), raidbench::format_iec(*report.context.ram_bytes).c_str());

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
  const raidbench::tools::verify_options& v = o.verification;
  const fs::path journal = !v.verify ? fs::path() : v.journal.empty() ? o.dir / s.file(journal_name) : v.journal;
  if (v.verify) {
    auto started = raidbench::verify::open_lineage({journal, set_files, p.set_size / p.set_files, 16384, v.payload,
                                                    v.journal_batch, v.errors, false, false});
    if (!started) s.give_up(started.message());
    verified = std::move(started->verified);
    if (v.journal.empty()) (void)s.dir.adopt(journal_name);
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
                     return random_read_write(s.dir, p.set_files, p.set_size, {seconds, round, o.direct}, ro, verified.get());
                   }});
  steps.push_back({"rndrd 16 KiB", "read", false, true, p.random_seconds, 0, {}, {},
                   [&](const auto& ro, unsigned round, double seconds) {
                     return random_read(s.dir, p.set_files, p.set_size, {seconds, round, o.direct}, ro, verified.get());
                   }});

  raidbench::tools::progress_display progress("raidbench", o.progress, steps.size());
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
      if (!warm) s.give_up(fmt::format("{}: {}", st.name, warm.message()));
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
      if (!r) s.give_up(fmt::format("{}: {}", st.name, r.message()));
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
    if (!pass) s.give_up(fmt::format("verify: {}", pass.message()));
    final_pass = *pass;
  }
  const bool verify_failed = verified && verified->errors().total() != 0;
  if (verify_failed) {  // the evidence stays: the file set and the journal
    for (const auto& name : set_names) s.dir.keep(name);
    s.dir.keep(journal_name);
  }
  s.clean();
  if (verified && !v.journal.empty() && !verify_failed) {
    // A journal where the user asked for it, which this run wrote: removed through its directory, if still ours.
    if (auto dir = raidbench::held_directory::open(v.journal.parent_path()); dir && dir->adopt(v.journal.filename().string()))
      dir->remove(v.journal.filename().string());
  }

  std::vector<raidbench::named_result> named;
  for (const auto& t : report.tests) named.push_back({t.name, t.result});
  report.verdicts = raidbench::judge_run(report.context, controller, report.device_under_test, named,
                                         raidbench::shipped_rules, *durability);
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
  const std::string json_text = j.dump(2) + "\n";
  const bool json_written = o.report && written(o.report_option.c_str(), raidbench::tools::write_output_file(*o.report, json_text));
  const bool copy_written =
      json_written && o.latest_copy && written("the report's copy", raidbench::tools::write_output_file(*o.latest_copy, json_text));
  const std::string controller_text = raidbench::format_controller_section(controller, o.controller, &report.device_under_test);
  if (text && o.json.to_stdout()) {
    raidbench::tools::print_out(json_text);
  } else if (text) {
    raidbench::tools::print_out(format_report(report, controller_text));
    if (verified) raidbench::tools::print_out("\n" + raidbench::verify::format_verification(checked));
  }
  if (!o.html.empty()) written("--html", raidbench::tools::write_output_file(o.html, report_html(report, controller_text)));
  if (json_written && text && !o.json.to_stdout())
    raidbench::tools::print_out(fmt::format("\nreport written to {}{}\n", o.report->string(),
                                            copy_written ? fmt::format(" (the latest also in {})", o.latest_copy->string()) : ""));
  if (!raidbench::tools::stdout_complete("raidbench") || !complete) return 1;
  if (verify_failed) {
    std::fprintf(stderr, "raidbench: verification found errors; the file set and journal %s are kept\n", journal.c_str());
    return 3;
  }
  return report.interrupted ? raidbench::interrupted_exit_status() : 0;
}

// The suite's options from `args`, as if after "raidbench".
options parse(const std::vector<std::string>& args) {
  std::vector<char*> argv{const_cast<char*>("raidbench")};
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  return parse(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

void rb_suite::check_suite_options(const std::vector<std::string>& args) { (void)parse(args); }

int rb_suite::run_suite_quietly(const std::vector<std::string>& args) { return run_suite(parse(args), false); }

int main(int argc, char** argv) {
  raidbench::tools::ignore_sigpipe();
  return raidbench::tools::last_resort("raidbench", [&] {
    if (argc > 1 && std::string_view(argv[1]) == "sweep") return sweep_main(argc - 1, argv + 1);
    if (argc > 1 && std::string_view(argv[1]) == "ab") return ab_main(argc - 1, argv + 1);
    return run_suite(parse(argc, argv), true);
  });
}
