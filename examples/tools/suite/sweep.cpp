// `raidbench sweep iometer|atto|cdm`: prepares one file in the scratch directory, runs each point of
// the matrix (warm-up not counted), prints the table in the write-ups' shape and writes the points as
// JSON (schema raidbench.sweep: each point's raidbench.result, so rb-compare compares sweeps point by
// point) and, with --html, a self-contained page.
#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/command_line.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "../common/json_output.hpp"
#include "raidbench/session/output_file.hpp"
#include "../common/progress_display.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/context/context_json.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/text/toolkit.hpp"
#include "raidbench/core/decimal.hpp"
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
  raidbench::tools::json_output json;
  std::optional<fs::path> json_file;  // none: --json alone
  fs::path html;
};

/// Reads a comma-separated list item by item; `take` throws std::invalid_argument saying what an item must be.
std::function<void(const std::string&)> list_of(std::function<void(std::string_view)> take) {
  return [take = std::move(take)](const std::string& list) {
    for (const std::string_view item : text::split_at(list, ',')) {
      try {
        take(item);
      } catch (const std::invalid_argument& e) {
        if (item.size() == list.size()) throw std::invalid_argument(fmt::format("is not {}", e.what()));
        throw std::invalid_argument(fmt::format("has '{}', which is not {}", item, e.what()));
      }
    }
  };
}

/// A whole decimal number from `min` to `max`, or std::invalid_argument saying `what` it must be.
unsigned whole_item(std::string_view item, unsigned min, unsigned max, const char* what) {
  const auto n = parse_plain_whole(item);
  if (!n || *n < min || *n > max) throw std::invalid_argument(what);
  return static_cast<unsigned>(*n);
}

sweep_options parse_sweep(int argc, char** argv) {
  sweep_options o;
  raidbench::tools::command_line cl("raidbench sweep", "raidbench sweep iometer|atto|cdm [options]: runs a classic benchmark matrix "
                                                       "on one file in a scratch directory, with O_DIRECT.");
  // Its errors start as the suite's, "raidbench: ", and point to the sweep's own help.
  cl.on_usage_error(2, [](const std::string& message) { std::fprintf(stderr, "raidbench: %s (raidbench sweep --help)\n", message.c_str()); });
  cl.path("--dir DIR", o.dir, "scratch directory (default ./raidbench-scratch; created and removed if new)");
  cl.flag("--quick", o.quick, "a short version: under a minute on a fast disk");
  cl.size("--size SIZE", o.size, 1ull << 20, 1ull << 50, "the test file, 1 MiB to 1 PiB (iometer 1 GiB, atto 256 MiB, cdm 1 GiB)");
  cl.decimal("--seconds SECONDS", o.seconds, 0.001, 86400, "iometer: seconds per point (default 5); cdm: per pass (default 5); up to 86400");
  cl.decimal("--warmup SECONDS", o.warmup, 0, 86400, "iometer: seconds before each point, not counted (default 1), up to 86400");
  cl.whole("--passes N", o.passes, 1, 100, "cdm: passes per test, 1 to 100 (default 5)");
  cl.custom("--bs LIST", list_of([&o](std::string_view item) {
              const auto v = parse_size(item);
              if (!v || *v < 512 || *v % 512 != 0 || *v > (1ull << 30)) throw std::invalid_argument("a block size of 512 B to 1 GiB in whole 512 B");
              o.block_sizes.push_back(*v);
            }),
            "iometer: block sizes (512,4k,256k,1m); atto: the smallest and largest (512,64m); each 512 B to 1 GiB");
  cl.custom("--read-pct LIST", list_of([&o](std::string_view item) {
              o.read_percents.push_back(whole_item(item, 0, 100, "a percentage from 0 to 100"));
            }),
            "iometer: read shares in percent (100,50,0)");
  cl.custom("--pattern LIST", list_of([&o](std::string_view item) {
              if (item == "sequential" || item == "seq") o.patterns.push_back(false);
              else if (item == "random" || item == "rand") o.patterns.push_back(true);
              else throw std::invalid_argument("sequential or random");
            }),
            "iometer: sequential, random or both (sequential,random)");
  cl.custom("--qd LIST", list_of([&o](std::string_view item) {
              o.queue_depths.push_back(whole_item(item, 1, 4096, "a queue depth from 1 to 4096"));
            }),
            "iometer: queue depths (1,32); atto: one depth (4); each 1 to 4096");
  cl.flag("--buffered", o.buffered, "run without O_DIRECT (when the filesystem refuses it); the table says so");
  o.json.add_to(cl, "the points (default: written into ./sweep-KIND.json)");
  cl.path("--html FILE", o.html, "also a self-contained HTML page with the charts");
  cl.flag("--no-progress", [&o] { o.progress = false; }, "no progress output on stderr");
  cl.footer(R"(The sweeps:
  iometer   IOMeter's access specifications: block sizes x read share x sequential/random x queue
            depth (512 B, 4 KiB, 256 KiB, 1 MiB x 100/50/0 % read x both patterns x QD 1 and 32)
  atto      ATTO's curve: sequential write and read at each power of two from 512 B to 64 MiB,
            one pass of 256 MiB each, queue depth 4
  cdm       CrystalDiskMark 8's default profile: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1,
            read and write, 5 passes of 5 s over 1 GiB; the best pass as CDM reports, and the median
The points go to ./sweep-KIND.json unless --json=FILE names another file; --json alone prints them
on stdout instead of the table and writes no file.
Examples:
  raidbench sweep atto --quick
  raidbench sweep iometer --bs 4k,1m --qd 1,32 --seconds 10 --json=iometer.json --html iometer.html
Ctrl-C stops the running point, removes the file and reports the points finished (exit 130).
Exit status: 0 done, 1 an error, 2 a usage error, 128+N stopped by signal N.)");
  // The kind comes first, as a word: "raidbench sweep atto --quick".
  std::string kind;
  if (argc >= 2 && argv[1][0] != '-') kind = argv[1], --argc, ++argv;
  cl.parse(argc, argv);
  if (kind.empty()) cl.usage_error("sweep needs a kind: iometer, atto or cdm");
  if (kind == "iometer") o.kind = sweep_kind::iometer;
  else if (kind == "atto") o.kind = sweep_kind::atto;
  else if (kind == "cdm") o.kind = sweep_kind::cdm;
  else cl.usage_error(fmt::format("unknown sweep '{}': iometer, atto or cdm", kind));
  o.dir_named = cl.given("--dir");
  const bool iometer_only = !o.read_percents.empty() || !o.patterns.empty() || o.warmup;
  if (iometer_only && o.kind != sweep_kind::iometer) cl.usage_error("--read-pct, --pattern and --warmup are for the iometer sweep");
  if (o.passes && o.kind != sweep_kind::cdm) cl.usage_error("--passes is for the cdm sweep");
  if (o.kind == sweep_kind::atto && (o.block_sizes.size() == 1 || o.block_sizes.size() > 2 || o.queue_depths.size() > 1))
    cl.usage_error("atto: --bs takes the smallest and the largest block size, --qd one depth");
  if (o.kind == sweep_kind::cdm && (!o.block_sizes.empty() || !o.queue_depths.empty()))
    cl.usage_error("cdm: its tests are fixed; --bs and --qd are for iometer and atto");
  if (o.json.file) o.json_file = *o.json.file;
  else if (!o.json.given) o.json_file = fmt::format("./sweep-{}.json", to_string(o.kind));
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
  std::vector<raidbench::tools::named_file> outputs;
  if (o.json_file) outputs.push_back({o.json.file ? o.json.shown() : "the JSON " + o.json_file->string(), *o.json_file});
  if (!o.html.empty()) outputs.push_back({"--html " + o.html.string(), o.html});
  if (auto distinct = raidbench::tools::check_distinct(outputs, {}); !distinct) die(distinct.message());
  if (o.json_file)
    if (auto writable = raidbench::tools::check_output_file(*o.json_file); !writable) die(fmt::format("--json: {}", writable.message()));
  if (!o.html.empty())
    if (auto writable = raidbench::tools::check_output_file(o.html); !writable) die(fmt::format("--html: {}", writable.message()));
  sweep_plan plan = plan_of(o);
  plan.direct = !o.buffered;

  scratch s = scratch::open(o.dir, o.dir_named);
  const scratch_guard cleaned(s);
  // Every point's values, checked before the file is prepared: a block larger than the file is
  // refused now, not after the points before it ran.
  run_options check_only;
  check_only.check_only = true;
  for (const auto& p : plan.points)
    if (auto ok = run_sweep_point(s.dir, "sweep.dat", plan.file_size, p, plan.direct, p.seconds, plan.time_limit, 0, check_only); !ok)
      s.give_up(fmt::format("{}: {}", p.name, ok.message()));
  auto context = gather_storage_context(o.dir);
  if (!context) s.give_up(context.message());
  if (context->filesystem.available_bytes && *context->filesystem.available_bytes < plan.file_size + (1u << 20))
    s.give_up(fmt::format("{} has {} free; the sweep needs {} (use --size)", o.dir.string(),
                          format_iec(*context->filesystem.available_bytes), format_iec(plan.file_size)));

  const std::string file = s.file("sweep.dat");
  raidbench::tools::progress_display progress("raidbench", o.progress, plan.points.size() + 1);
  run_options ro;
  ro.progress_interval = std::chrono::milliseconds(250);
  ro.on_progress = [&](const progress_snapshot& snap) { progress.update(snap); };
  progress.start(0, "prepare file (not counted)", 0, plan.file_size);
  auto prepared = sequential_write(s.dir, file, plan.file_size, ro);
  progress.finish();
  if (!prepared) s.give_up(fmt::format("prepare {}: {}", s.dir.shown(file), prepared.message()));
  if (plan.direct && !s.dir.opens_with(file, O_RDONLY | O_DIRECT))
    s.give_up(fmt::format("{}'s filesystem refuses O_DIRECT (tmpfs before Linux 6.6 does): run with --buffered, and the "
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
  const std::string json = sweep_json(outcome).dump(1) + "\n";
  const bool json_written = o.json_file && written("--json", raidbench::tools::write_output_file(*o.json_file, json));
  const bool table = !o.json.to_stdout();
  raidbench::tools::print_out(table ? sweep_table(outcome) : json);
  if (json_written && table) raidbench::tools::print_out(fmt::format("\npoints written to {}\n", o.json_file->string()));
  if (!o.html.empty() && written("--html", raidbench::tools::write_output_file(o.html, sweep_html(outcome))) && table)
    raidbench::tools::print_out(fmt::format("page written to {}\n", o.html.string()));
  if (!raidbench::tools::stdout_complete("raidbench")) complete = false;
  if (!outcome.failure.empty()) {
    std::fprintf(stderr, "raidbench: sweep stopped at %s (%zu of %zu points finished%s)\n", outcome.failure.c_str(),
                 outcome.points.size(), plan.points.size(), json_written || !table ? ", and written" : "");
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
