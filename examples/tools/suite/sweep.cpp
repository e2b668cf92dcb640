// `raidbench sweep iometer|atto|cdm`: prepares one file in the scratch directory, runs each point of
// the matrix (warm-up not counted), prints the table in the write-ups' shape and writes the points as
// JSON (schema raidbench.sweep: each point's raidbench.result, so rb-compare compares sweeps point by
// point) and, with --html, a self-contained page.
#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../common/arguments.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/context/context_json.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/text/toolkit.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/run/sweep.hpp"
#include "phases.hpp"
#include "sweep.hpp"
#include "sweep_report.hpp"
#include "tool.hpp"

namespace rb_suite {

namespace {

using namespace raidbench;

constexpr std::string_view sweep_usage = R"(usage: raidbench sweep iometer|atto|cdm [options]
Runs a classic benchmark matrix on one file in a scratch directory, with O_DIRECT:
  iometer   IOMeter's access specifications: block sizes x read share x sequential/random x queue
            depth (512 B, 4 KiB, 256 KiB, 1 MiB x 100/50/0 % read x both patterns x QD 1 and 32)
  atto      ATTO's curve: sequential write and read at each power of two from 512 B to 64 MiB,
            one pass of 256 MiB each, queue depth 4
  cdm       CrystalDiskMark 8's default profile: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1,
            read and write, 5 passes of 5 s over 1 GiB; the best pass as CDM reports, and the median
Options:
  --dir DIR        scratch directory (default ./raidbench-scratch; created and removed if new)
  --quick          a short version: under a minute on a fast disk
  --size SIZE      the test file (iometer 1 GiB, atto 256 MiB, cdm 1 GiB)
  --seconds S      iometer: seconds per point (default 5); cdm: per pass (default 5)
  --warmup S       iometer: seconds before each point, not counted (default 1)
  --passes N       cdm: passes per test (default 5)
  --bs LIST        iometer: block sizes (512,4k,256k,1m); atto: the smallest and largest (512,64m)
  --read-pct LIST  iometer: read shares in percent (100,50,0)
  --pattern LIST   iometer: sequential, random or both (sequential,random)
  --qd LIST        iometer: queue depths (1,32); atto: one depth (4)
  --buffered       run without O_DIRECT (when the filesystem refuses it); the table says so
  --json FILE      the points as JSON (default ./sweep-KIND.json)
  --html FILE      also a self-contained HTML page with the charts
  --no-progress    no progress output on stderr
Ctrl-C stops the running point, removes the file and reports the points finished (exit 130).
)";

struct sweep_options {
  sweep_kind kind = sweep_kind::iometer;
  fs::path dir = "./raidbench-scratch";
  bool dir_named = false;  // --dir given: a link there is the user's to follow
  bool quick = false, buffered = false, progress = true;
  std::optional<std::uint64_t> size;
  std::optional<double> seconds, warmup;
  std::optional<unsigned> passes;
  std::vector<std::uint64_t> block_sizes;
  std::vector<unsigned> read_percents, queue_depths;
  std::vector<bool> patterns;
  fs::path json, html;
};

double seconds_option(const std::string& name, const std::string& text, bool zero) {
  if (const auto s = seconds_in(text, zero)) return *s;
  die(fmt::format("{}: '{}' is not a number of seconds {} 86400", name, text, zero ? "from 0 to" : "above 0 up to"));
}

sweep_options parse_sweep(int argc, char** argv) {
  sweep_options o;
  if (argc < 2) die("sweep needs a kind: iometer, atto or cdm (raidbench sweep --help)");
  const std::string kind = argv[1];
  if (kind == "--help" || kind == "-h") {
    raidbench::tools::print_out(sweep_usage);
    std::exit(raidbench::tools::stdout_complete("raidbench") ? 0 : 1);
  }
  if (kind == "iometer") o.kind = sweep_kind::iometer;
  else if (kind == "atto") o.kind = sweep_kind::atto;
  else if (kind == "cdm") o.kind = sweep_kind::cdm;
  else die(fmt::format("unknown sweep '{}': iometer, atto or cdm", kind));
  raidbench::tools::option_walker args(argc, argv, 2, die, sweep_usage);
  const auto value = [&] { return std::string(args.value()); };
  while (args.next()) {
    const std::string arg(args.arg());
    if (arg == "--dir") o.dir = value(), o.dir_named = true;
    else if (arg == "--quick") o.quick = true;
    else if (arg == "--buffered") o.buffered = true;
    else if (arg == "--no-progress") o.progress = false;
    else if (arg == "--json") o.json = value();
    else if (arg == "--html") o.html = value();
    else if (arg == "--size") {
      const auto v = parse_size(value());
      if (!v || *v < (1u << 20)) die(fmt::format("--size: {}", v ? "at least 1 MiB" : v.message()));
      o.size = *v;
    } else if (arg == "--seconds") o.seconds = seconds_option(arg, value(), false);
    else if (arg == "--warmup") o.warmup = seconds_option(arg, value(), true);
    else if (arg == "--passes") {
      const auto n = text::parse_uint(value());
      if (!n || *n < 1 || *n > 100) die("--passes: a number of passes from 1 to 100");
      o.passes = *n;
    } else if (arg == "--bs") {
      // The lists' items are views of argv, which outlives the loops.
      for (const std::string_view t : text::split_at(args.value(), ',')) {
        const auto v = parse_size(t);
        if (!v || *v < 512 || *v % 512 != 0 || *v > (1ull << 30)) die(fmt::format("--bs: '{}' is not a block size of 512 B to 1 GiB in whole 512 B", t));
        o.block_sizes.push_back(*v);
      }
    } else if (arg == "--read-pct") {
      for (const std::string_view t : text::split_at(args.value(), ',')) {
        const auto n = text::parse_uint(t);
        if (!n || *n > 100) die(fmt::format("--read-pct: '{}' is not a percentage from 0 to 100", t));
        o.read_percents.push_back(*n);
      }
    } else if (arg == "--pattern") {
      for (const std::string_view t : text::split_at(args.value(), ',')) {
        if (t == "sequential" || t == "seq") o.patterns.push_back(false);
        else if (t == "random" || t == "rand") o.patterns.push_back(true);
        else die(fmt::format("--pattern: '{}' is neither sequential nor random", t));
      }
    } else if (arg == "--qd") {
      for (const std::string_view t : text::split_at(args.value(), ',')) {
        const auto n = text::parse_uint(t);
        if (!n || *n < 1 || *n > 4096) die(fmt::format("--qd: '{}' is not a queue depth from 1 to 4096", t));
        o.queue_depths.push_back(*n);
      }
    } else {
      die(fmt::format("unknown option '{}' (raidbench sweep --help)", arg));
    }
  }
  const bool iometer_only = !o.read_percents.empty() || !o.patterns.empty() || o.warmup;
  if (iometer_only && o.kind != sweep_kind::iometer) die("--read-pct, --pattern and --warmup are for the iometer sweep");
  if (o.passes && o.kind != sweep_kind::cdm) die("--passes is for the cdm sweep");
  if (o.kind == sweep_kind::atto && (o.block_sizes.size() == 1 || o.block_sizes.size() > 2 || o.queue_depths.size() > 1))
    die("atto: --bs takes the smallest and the largest block size, --qd one depth");
  if (o.kind == sweep_kind::cdm && (!o.block_sizes.empty() || !o.queue_depths.empty())) die("cdm: its tests are fixed; --bs and --qd are for iometer and atto");
  if (o.json.empty()) o.json = fmt::format("./sweep-{}.json", to_string(o.kind));
  return o;
}

sweep_plan plan_of(const sweep_options& o) {
  switch (o.kind) {
    case sweep_kind::iometer: {
      iometer_axes axes;
      if (o.quick) axes.block_sizes = {4_KiB, 1_MiB};
      if (!o.block_sizes.empty()) axes.block_sizes = o.block_sizes;
      if (!o.read_percents.empty()) axes.read_percents = o.read_percents;
      if (!o.patterns.empty()) axes.random = o.patterns;
      if (!o.queue_depths.empty()) axes.queue_depths = o.queue_depths;
      return iometer_plan(axes, o.size.value_or(o.quick ? 256_MiB : 1_GiB), o.seconds.value_or(o.quick ? 0.5 : 5),
                          o.warmup.value_or(o.quick ? 0.2 : 1));
    }
    case sweep_kind::atto: {
      const std::uint64_t smallest = o.block_sizes.empty() ? 512 : std::min(o.block_sizes[0], o.block_sizes[1]);
      const std::uint64_t largest = o.block_sizes.empty() ? (o.quick ? 8_MiB : 64_MiB) : std::max(o.block_sizes[0], o.block_sizes[1]);
      // A point at 512 B on a slow disk would take minutes for 256 MiB: each is cut at 10 s (2 s quick).
      return atto_plan(smallest, largest, o.size.value_or(o.quick ? 32_MiB : 256_MiB), o.queue_depths.empty() ? 4 : o.queue_depths[0],
                       o.quick ? 2 : 10);
    }
    case sweep_kind::cdm: break;
  }
  return cdm_plan(o.size.value_or(o.quick ? 128_MiB : 1_GiB), o.passes.value_or(o.quick ? 2 : 5), o.seconds.value_or(o.quick ? 1 : 5));
}

}  // namespace

int sweep_main(int argc, char** argv) {
  const sweep_options o = parse_sweep(argc, argv);
  raidbench::stop_on_signals stop_guard;
  std::vector<raidbench::tools::named_file> outputs{{"--json " + o.json.string(), o.json}};
  if (!o.html.empty()) outputs.push_back({"--html " + o.html.string(), o.html});
  if (auto distinct = raidbench::tools::check_distinct(outputs, {}); !distinct) die(distinct.message());
  if (auto writable = raidbench::tools::check_output_file(o.json); !writable) die(fmt::format("--json: {}", writable.message()));
  if (!o.html.empty())
    if (auto writable = raidbench::tools::check_output_file(o.html); !writable) die(fmt::format("--html: {}", writable.message()));
  sweep_plan plan = plan_of(o);
  plan.direct = !o.buffered;

  scratch s = scratch::open(o.dir, o.dir_named);
  const scratch_guard cleaned(s);
  auto give_up = [&](const std::string& message) {
    s.clean();
    die(message);
  };
  // Every point's values, checked before the file is prepared: a block larger than the file is
  // refused now, not after the points before it ran.
  run_options check_only;
  check_only.check_only = true;
  for (const auto& p : plan.points)
    if (auto ok = run_sweep_point(s.dir, "sweep.dat", plan.file_size, p, plan.direct, p.seconds, plan.time_limit, 0, check_only); !ok)
      give_up(fmt::format("{}: {}", p.name, ok.message()));
  auto context = gather_storage_context(o.dir);
  if (!context) give_up(context.message());
  if (context->filesystem.available_bytes && *context->filesystem.available_bytes < plan.file_size + (1u << 20))
    give_up(fmt::format("{} has {} free; the sweep needs {} (use --size)", o.dir.string(),
                        format_iec(*context->filesystem.available_bytes), format_iec(plan.file_size)));

  const std::string file = s.file("sweep.dat");
  progress_display progress(o.progress, plan.points.size() + 1);
  run_options ro;
  ro.progress_interval = std::chrono::milliseconds(250);
  ro.on_progress = [&](const progress_snapshot& snap) { progress.update(snap); };
  progress.start(0, "prepare file (not counted)", 0, plan.file_size);
  auto prepared = sequential_write(s.dir, file, plan.file_size, ro);
  progress.finish();
  if (!prepared) give_up(fmt::format("prepare {}: {}", s.dir.shown(file), prepared.message()));
  if (plan.direct && !s.dir.opens_with(file, O_RDONLY | O_DIRECT))
    give_up(fmt::format("{}'s filesystem refuses O_DIRECT (tmpfs before Linux 6.6 does): run with --buffered, and the "
                        "figures will say the page cache may have served them", o.dir.string()));

  sweep_outcome outcome{plan, {}, false, std::move(*context), {}};
  // A point that fails ends the sweep; the points before it are kept, printed and written.
  const auto failed = [&](const sweep_point& p, const error& e) { outcome.failure = fmt::format("{}: {}", p.name, e.message); };
  for (std::size_t i = 0; i < plan.points.size() && !stop_request().load() && !prepared->stats.interrupted; ++i) {
    const sweep_point& p = plan.points[i];
    if (plan.warmup_seconds > 0) {
      progress.start(i + 1, p.name + " (warm-up)", plan.warmup_seconds, 0);
      auto warm = run_sweep_point(s.dir, file, plan.file_size, p, plan.direct, plan.warmup_seconds, 0, 1000 + i, ro);
      progress.finish();
      if (!warm) failed(p, warm.err());
      if (!warm || warm->stats.interrupted) break;
    }
    point_outcome done{p, {}, 0, 0};
    for (unsigned pass = 0; pass < p.passes && !stop_request().load(); ++pass) {
      progress.start(i + 1, p.passes > 1 ? fmt::format("{} (pass {}/{})", p.name, pass + 1, p.passes) : p.name, p.seconds,
                     p.seconds > 0 ? 0 : plan.file_size);
      auto r = run_sweep_point(s.dir, file, plan.file_size, p, plan.direct, p.seconds, plan.time_limit, i * 100 + pass, ro);
      progress.finish();
      if (!r) failed(p, r.err());
      if (!r || r->stats.interrupted) break;  // a cut pass would understate the point: it is not kept
      done.passes.push_back(std::move(*r));
    }
    if (done.passes.size() < p.passes) break;
    rank_passes(done);
    outcome.points.push_back(std::move(done));
  }
  outcome.interrupted = stop_request().load();
  s.clean();

  // The JSON first, then the table, then the page: one that cannot be written is one line and exit
  // status 1, and costs none of the others.
  bool complete = true;
  const auto written = [&](const char* option, const expected<void>& w) {
    if (!w) std::fprintf(stderr, "raidbench: %s: %s\n", option, w.message().c_str()), complete = false;
    return bool(w);
  };
  const bool json_written = written("--json", raidbench::tools::write_output_file(o.json, sweep_json(outcome).dump(1) + "\n"));
  raidbench::tools::print_out(sweep_table(outcome));
  if (json_written) raidbench::tools::print_out(fmt::format("\npoints written to {}\n", o.json.string()));
  if (!o.html.empty() && written("--html", raidbench::tools::write_output_file(o.html, sweep_html(outcome))))
    raidbench::tools::print_out(fmt::format("page written to {}\n", o.html.string()));
  if (!raidbench::tools::stdout_complete("raidbench")) complete = false;
  if (!outcome.failure.empty()) {
    std::fprintf(stderr, "raidbench: sweep stopped at %s (%zu of %zu points finished%s)\n", outcome.failure.c_str(),
                 outcome.points.size(), plan.points.size(), json_written ? ", and written" : "");
    return 1;
  }
  if (!complete) return 1;
  if (outcome.interrupted) {
    std::fprintf(stderr, "raidbench: interrupted: %zu of %zu points finished\n", outcome.points.size(), plan.points.size());
    return interrupted_exit_status();
  }
  return 0;
}

}  // namespace rb_suite
