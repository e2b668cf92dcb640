// `raidbench ab`: two setups of one host — two scratch directories (--a, --b) and/or commands that
// switch a setting before each side's run (--a-setup, --b-setup) — run alternately in ABBA rounds
// (AB, BA, AB, …), each run a whole suite with its own report, start time, context and controller
// facts; then one comparison of the sides, paired by round (rb-compare --paired), which cancels a
// drift common to both sides. docs/suite.md, "raidbench ab".
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/compare/printable.hpp"
#include "raidbench/core/child_process.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/session/command_line.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/rb_compare.hpp"
#include "ab.hpp"
#include "tool.hpp"

namespace rb_suite {

namespace {

/// Rounds by default: enough for the paired t to call a 20 % change at 5 % noise (90 % of the time;
/// docs/compare.md) and to show a drift.
constexpr unsigned default_rounds = 10;

struct side_setup {
  std::string label;                  // "A" or "B"
  std::optional<std::string> dir;     // --a / --b: the side's scratch directory
  std::optional<std::string> setup;   // --a-setup / --b-setup: a shell command run before each of its runs
};

struct ab_options {
  side_setup a{"A", {}, {}}, b{"B", {}, {}};
  unsigned rounds = default_rounds;
  double setup_seconds = 120;
  fs::path out = "./raidbench-ab";
  bool out_named = false;
  std::string format = "text";
  std::string html;
  std::optional<double> min_effect;
  bool all_metrics = false;
  bool progress = true;
  std::vector<std::string> suite;  // the suite's options, after --
};

[[noreturn]] void fail(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "raidbench ab: %s\n", raidbench::printable(message).c_str());
  std::exit(1);
}

ab_options parse(int argc, char** argv) {
  ab_options o;
  raidbench::tools::command_line cl("raidbench ab",
                                    "raidbench ab: compares two setups of this host in interleaved ABBA rounds of the suite "
                                    "(AB, BA, AB, ...) and writes one comparison, paired by round, so that a drift of the "
                                    "host during the runs cancels instead of looking like a difference.");
  cl.text("--a DIR", o.a.dir, "side A's scratch directory (default: the suite's, ./raidbench-scratch)");
  cl.text("--b DIR", o.b.dir, "side B's scratch directory (default: the suite's, ./raidbench-scratch)");
  cl.text("--a-setup CMD", o.a.setup,
          "a shell command (/bin/sh -c) run before each of side A's runs, e.g. one that switches a controller's cache or "
          "a queue's scheduler; it fails the run when it exits non-zero");
  cl.text("--b-setup CMD", o.b.setup, "the same for side B");
  cl.whole("--rounds N", o.rounds, 2, 1000,
           fmt::format("ABBA rounds, 2 to 1000 (default {}: enough for the paired t to call a 20 % change at 5 % noise 9 "
                       "times in 10; 2 rounds measure, but a call needs 3); each round runs each side once",
                       default_rounds));
  cl.decimal("--setup-timeout SECONDS", o.setup_seconds, 0.1, 86400,
             "a setup command still running after this long (default 120) is killed with its process group, and the run stops");
  cl.path("--out DIR", o.out,
          "where the rounds' reports (DIR/A/round-NN.json, DIR/B/…), the record of the rounds (DIR/ab.json) and the "
          "comparison (DIR/comparison.json) go; a new or empty directory (default ./raidbench-ab)");
  cl.choice("--format", o.format, {"text", "markdown", "csv", "json"}, "the comparison on stdout: text (default), markdown, csv or json");
  cl.text("--html FILE", o.html, "also write the comparison as a self-contained HTML page");
  cl.decimal("--min-effect PERCENT", o.min_effect, 0, 50, "the smallest change called, in percent (default 5)");
  cl.flag("--all-metrics", o.all_metrics, "compare every figure, not only each test's rate and tail latency");
  cl.flag("--no-progress", [&o] { o.progress = false; }, "no progress output on stderr");
  cl.positionals("SUITE-OPTION", o.suite,
                 "after --: the suite's options for every run (--quick, --size, --test-seconds, --controller-file…; "
                 "raidbench --help); not --dir, --report, --json, --html or --repeat, which raidbench ab sets");
  cl.footer(R"(A side is its scratch directory and/or its setup command; sides that differ in neither are an A/A
run, the noise of one setup. Each setup command runs in its own process group, stdin from /dev/null,
with RAIDBENCH_AB_SIDE (A or B) and RAIDBENCH_AB_ROUND (1, 2, ...) in its environment; its output is
kept in DIR/ab.json. Each run's report records its start time, the storage context and the controller
facts, so a setting that did not take effect shows in the comparison's "What differs".
Examples:
  raidbench ab --a /srv/h730/scratch --b /srv/h720/scratch -- --quick
  raidbench ab --a-setup 'storcli /c0/v0 set wrcache=wt' --b-setup 'storcli /c0/v0 set wrcache=wb' -- --quick
Exit status: 0 compared, 1 an error (a setup command or a run failed, an output could not be written),
2 a usage error, 128+N stopped by signal N.)");
  cl.parse(argc, argv);
  o.out_named = cl.given("--out");
  for (const auto& arg : o.suite)
    for (const char* own : {"--dir", "--report", "--json", "--html", "--html-from", "--repeat"})
      if (arg == own || arg.starts_with(std::string(own) + "="))
        cl.usage_error(fmt::format("{} after --: raidbench ab sets it for each run (--a, --b, --out; --rounds for the runs)", own));
  return o;
}

// --out: held (never through a link the tool would create), new or empty, with a folder per side.
raidbench::held_directory hold_out(const ab_options& o) {
  auto held = raidbench::held_directory::open_or_create(o.out, o.out_named ? raidbench::named_by::user : raidbench::named_by::tool);
  if (!held) fail(fmt::format("--out {}", held.message()));
  const int listing = ::openat(held->fd(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR* d = listing < 0 ? nullptr : ::fdopendir(listing);
  if (!d) fail(fmt::format("--out {}: {}", o.out.string(), std::strerror(errno)));
  bool empty = true;
  while (const dirent* e = ::readdir(d)) empty = empty && (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0);
  ::closedir(d);
  if (!empty) fail(fmt::format("--out {} is not empty: name a new directory (raidbench ab writes only its own files)", o.out.string()));
  for (const char* side : {"A", "B"})
    if (::mkdirat(held->fd(), side, 0755) != 0) fail(fmt::format("--out {}: cannot create {}: {}", o.out.string(), side, std::strerror(errno)));
  return std::move(*held);
}

// What a setup command did, for ab.json, and its one line when it failed ("" when it did not).
struct setup_outcome {
  nlohmann::json record;
  std::string failure;
  int interrupted_by = 0;
};

// The last line the command printed (stderr first), for the one line of a failure.
std::string last_line(const raidbench::child_output& r) {
  for (const std::string* text : {&r.err, &r.out}) {
    std::string t = *text;
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' ')) t.pop_back();
    if (t.empty()) continue;
    const auto nl = t.rfind('\n');
    t = nl == std::string::npos ? t : t.substr(nl + 1);
    return t.size() > 200 ? t.substr(0, 200) + "…" : t;
  }
  return "";
}

setup_outcome run_setup(const side_setup& side, const std::string& command, unsigned round, double limit) {
  ::setenv("RAIDBENCH_AB_SIDE", side.label.c_str(), 1);
  ::setenv("RAIDBENCH_AB_ROUND", std::to_string(round).c_str(), 1);
  const auto started = std::chrono::steady_clock::now();
  const auto r = raidbench::run_child("/bin/sh", {"-c", command},
                                      {std::chrono::milliseconds(static_cast<long long>(std::llround(limit * 1000))), std::size_t{1} << 20});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  constexpr std::size_t kept = 4096;  // of what it printed, the end
  auto tail = [&](const std::string& t) { return t.size() > kept ? t.substr(t.size() - kept) : t; };
  setup_outcome o;
  o.record = {{"command", command},
              {"exit_status", r.status >= 0 ? nlohmann::json(r.status) : nlohmann::json()},
              {"failure", r.failure.empty() ? nlohmann::json() : nlohmann::json(r.failure)},
              {"seconds", seconds},
              {"stdout", tail(r.out)},
              {"stderr", tail(r.err)}};
  o.interrupted_by = r.interrupted_by;
  const std::string said = last_line(r);
  if (!r.failure.empty()) o.failure = r.failure;
  else if (r.status != 0) o.failure = fmt::format("exit status {}", r.status);
  if (!o.failure.empty() && !said.empty()) o.failure += ": " + said;
  return o;
}

}  // namespace

int ab_main(int argc, char** argv) {
  const ab_options o = parse(argc, argv);
  // The suite's options, read now as every run will read them: a usage error costs nothing.
  for (const auto* side : {&o.a, &o.b}) {
    std::vector<std::string> args = o.suite;
    if (side->dir) args.insert(args.end(), {"--dir", *side->dir});
    check_suite_options(args);
  }
  raidbench::stop_on_signals stop_guard;
  if (!o.html.empty())
    if (auto writable = raidbench::tools::check_output_file(o.html); !writable) fail(fmt::format("--html: {}", writable.message()));
  const raidbench::held_directory out = hold_out(o);  // its A and B made through it; held for the run

  nlohmann::json record = {{"schema", "raidbench.ab"},
                           {"schema_version", 1},
                           {"order", "ABBA"},
                           {"rounds", o.rounds},
                           {"suite_options", o.suite},
                           {"sides", nlohmann::json::array()},
                           {"runs", nlohmann::json::array()},
                           {"comparison", nullptr},
                           {"stopped", nullptr}};
  for (const auto* side : {&o.a, &o.b})
    record["sides"].push_back({{"label", side->label},
                               {"dir", side->dir ? nlohmann::json(*side->dir) : nlohmann::json()},
                               {"setup", side->setup ? nlohmann::json(*side->setup) : nlohmann::json()}});
  const fs::path record_file = o.out / "ab.json";
  auto save = [&] {
    if (auto w = raidbench::tools::write_output_file(record_file, record.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"); !w)
      fail(w.message());
  };
  // The run ends early: the record says why, and so does one line.
  auto stop = [&](int status, const std::string& why) {
    record["stopped"] = why;
    save();
    std::fflush(stdout);
    std::fprintf(stderr, "raidbench ab: %s\n", raidbench::printable(why).c_str());
    return status;
  };
  auto interrupted = [&](const std::string& where) {
    return stop(raidbench::interrupted_exit_status(),
                fmt::format("stopped by SIG{} {}: no comparison; the runs done are in {}", ::sigabbrev_np(raidbench::stopping_signal()), where,
                            o.out.string()));
  };

  for (unsigned round = 1; round <= o.rounds; ++round) {
    const bool ab_order = round % 2 == 1;  // AB, BA, AB, BA, …
    for (const side_setup* side : ab_order ? std::vector{&o.a, &o.b} : std::vector{&o.b, &o.a}) {
      const std::string where = fmt::format("in round {} ({})", round, side->label);
      const std::string setup_option = side->label == "A" ? "--a-setup" : "--b-setup";
      if (raidbench::stop_request().load()) return interrupted(where);
      record["runs"].push_back({{"round", round}, {"side", side->label}, {"setup", nullptr}});
      nlohmann::json& run = record["runs"].back();
      if (side->setup) {
        const auto done = run_setup(*side, *side->setup, round, o.setup_seconds);
        run["setup"] = done.record;
        if (done.interrupted_by || raidbench::stop_request().load()) return interrupted("during " + setup_option + " " + where);
        if (!done.failure.empty()) return stop(1, fmt::format("{} failed {}: {}", setup_option, where, done.failure));
      }
      const std::string report = (o.out / side->label / fmt::format("round-{:02}.json", round)).string();
      std::vector<std::string> args = o.suite;
      if (side->dir) args.insert(args.end(), {"--dir", *side->dir});
      args.insert(args.end(), {"--report", report});
      if (!o.progress) args.push_back("--no-progress");
      else std::fprintf(stderr, "raidbench ab: round %u/%u, side %s\n", round, o.rounds, side->label.c_str());
      run["started_at"] = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
      run["report"] = report;
      const int status = run_suite_quietly(args);
      run["exit_status"] = status;
      if (raidbench::stop_request().load()) return interrupted(where);
      if (status != 0) return stop(status, fmt::format("the suite's run {} ended with exit status {}: no comparison", where, status));
      save();
    }
  }

  // One comparison, paired by round: rb-compare's, over the two sides' reports.
  const std::string json_file = (o.out / "comparison.json").string();
  std::vector<std::string> args{"raidbench ab", "A=" + (o.out / "A").string(), "B=" + (o.out / "B").string(), "--paired",
                                "--json=" + json_file, "--format", o.format};
  if (!o.html.empty()) args.insert(args.end(), {"--html", o.html});
  if (o.min_effect) args.insert(args.end(), {"--min-effect", fmt::format("{}", *o.min_effect)});
  if (o.all_metrics) args.push_back("--all-metrics");
  std::vector<char*> compare_argv;
  for (auto& a : args) compare_argv.push_back(a.data());
  compare_argv.push_back(nullptr);
  const int status = raidbench::rb_compare_main(static_cast<int>(args.size()), compare_argv.data());
  if (std::error_code ec; fs::exists(json_file, ec)) record["comparison"] = json_file;
  save();
  return status;
}

}  // namespace rb_suite
