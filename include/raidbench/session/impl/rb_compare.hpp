#pragma once
// rb-compare's definition (see core/linkage.hpp): included by rb_compare.hpp when header-only, compiled
// once in raidbench_compiled otherwise. Is B faster than A, by how much, is it real, and is it safe?
// Each side is a raidbench JSON, a classic output (dd, pg_test_fsync, sysbench, bonnie++, fio) or a
// directory or quoted glob of repeated runs of one setup; the tool matches their tests and prints the
// changes (docs/compare.md).
#include <glob.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/rb_compare.hpp"
#include "raidbench/compare/importer_list.hpp"
#include "raidbench/compare/comparable_json.hpp"
#include "raidbench/compare/comparison.hpp"
#include "raidbench/compare/comparison_report.hpp"
#include "raidbench/compare/fleet.hpp"
#include "raidbench/compare/fleet_report.hpp"
#include "raidbench/compare/imported_facts.hpp"
#include "raidbench/compare/native_import.hpp"
#include "raidbench/compare/noise_calibration.hpp"
#include "raidbench/compare/printable.hpp"
#include "raidbench/report/build_json.hpp"
#include "raidbench/report/html_document.hpp"
#include "raidbench/report/svg_chart.hpp"
#include "raidbench/report/verdicts_html.hpp"
#include "raidbench/session/command_line.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/durability_option.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/core/input_file.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench::detail::rb_compare {

using raidbench::run_record;

inline std::string progname = "rb-compare";
// The lists the run reads with (the pipeline rb_compare_main was given), for the whole run.
inline const pipeline* lists = nullptr;

[[noreturn]] inline void die(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s: %s\n", progname.c_str(), raidbench::printable(message).c_str());
  std::exit(1);
}

// A usage error: one line and exit status 2, as the command line's own.
[[noreturn]] inline void usage_error(const std::string& message) {
  std::fprintf(stderr, "%s: %s (see --help)\n", progname.c_str(), raidbench::printable(message).c_str());
  std::exit(2);
}

// The whole of a regular file (core/input_file.hpp: at most 64 MiB), or a one-line error.
inline raidbench::expected<std::string> try_read_text(const std::string& path) { return raidbench::read_input_file(path); }

inline std::string read_text(const std::string& path) {
  auto text = try_read_text(path);
  if (!text) die(text.message());
  return std::move(*text);
}

// The runs one file holds: raidbench's JSON natively, anything else through the importers.
inline raidbench::expected<std::vector<run_record>> try_read_runs(const std::string& path) {
  auto text = try_read_text(path);
  if (!text) return text.err();
  const auto start = text->find_first_not_of(" \t\r\n");
  if (start != std::string::npos && (*text)[start] == '{') {
    const auto j = nlohmann::json::parse(*text, nullptr, false);
    if (!j.is_discarded() && raidbench::is_raidbench_json(j)) {
      auto runs = raidbench::read_native(j, path);
      if (runs && runs->empty()) return raidbench::fail(path + ": no run in it");
      return runs;
    }
  }
  auto r = raidbench::import_any(*text, lists->importers);
  if (!r) return raidbench::fail(fmt::format("{}: {}", path, r.message()));
  r->source = path;
  return std::vector<run_record>{std::move(*r)};
}

inline std::vector<run_record> read_runs(const std::string& path) {
  auto runs = try_read_runs(path);
  if (!runs) die(runs.message());
  return std::move(*runs);
}

// A side's files: a directory's regular files (sorted), a glob's matches, or the file itself.
inline std::vector<std::string> files_of(const std::string& spec) {
  std::vector<std::string> files;
  std::error_code ec;
  if (std::filesystem::is_directory(spec, ec)) {
    for (const auto& e : std::filesystem::directory_iterator(spec, ec))
      if (e.is_regular_file(ec)) files.push_back(e.path().string());
    if (ec) die(fmt::format("cannot read {}: {}", spec, ec.message()));
    std::sort(files.begin(), files.end());
    if (files.empty()) die(fmt::format("{}: an empty directory", spec));
    return files;
  }
  if (spec.find_first_of("*?[") != std::string::npos && !std::filesystem::exists(spec, ec)) {
    glob_t g{};
    const int rc = ::glob(spec.c_str(), 0, nullptr, &g);
    if (rc == 0)
      for (std::size_t i = 0; i < g.gl_pathc; ++i) files.emplace_back(g.gl_pathv[i]);
    ::globfree(&g);
    if (files.empty()) die(fmt::format("{}: no file matches", spec));
    return files;
  }
  return {spec};
}

struct options {
  std::string format = "text";
  bool json = false;
  std::optional<std::string> json_file;  // --json=FILE: the JSON into FILE, the format asked for on stdout
  std::vector<std::string> sides;
  std::map<std::string, std::vector<std::string>> controller_files;  // side label → dumps
  std::set<std::string> controller_owns;
  std::map<std::string, std::string> durability_files;             // side label → its device's power-cut test
  std::map<std::string, raidbench::durability_proof> durability;  // the same, read
  std::optional<std::string> import;
  std::optional<std::string> fleet;
  std::string html;
  bool calibrate = false;
  std::optional<std::string> noise;
  raidbench::comparison_options compare{};
};

// "NAME=PATH" names a side, unless the whole argument is an existing path.
inline std::pair<std::string, std::string> label_and_spec(const std::string& arg, std::size_t index) {
  std::error_code ec;
  const auto eq = arg.find('=');
  if (eq != std::string::npos && eq > 0 && arg.find('/') > eq && !std::filesystem::exists(arg, ec))
    return {arg.substr(0, eq), arg.substr(eq + 1)};
  std::string label = index < 26 ? std::string(1, static_cast<char>('A' + index)) : fmt::format("side{}", index + 1);
  return {label, arg};
}

inline options parse(int argc, char** argv) {
  options o;
  std::vector<std::pair<std::string, std::string>> dumps;
  std::optional<double> min_effect;
  tools::command_line cl(progname,
                         "Compares benchmark results: per test its rate and tail latency on each side, the change of every "
                         "side against the first, (B - A) / A x 100 %, worded by the metric's direction, and whether the "
                         "change is real: called only when its confidence interval lies beyond +-5 %, with at most a 5 % "
                         "chance that two runs of one setup show any call (docs/compare.md).");
  cl.positionals("SIDE", o.sides,
                 "a file, a directory or a quoted glob ('runs/h730-*.json') of repeated runs of one setup (3 or more a "
                 "side give the noise; raidbench --repeat N makes them); NAME=SIDE names it (H730=h730.txt), else A, B, C…");
  cl.choice("--format", o.format, {"text", "markdown", "csv", "json"}, "text (default), markdown, csv or json, on stdout");
  cl.optional_value("--json", o.json, o.json_file, "the comparison as JSON, on stdout (as --format json) or into FILE");
  cl.flag("--all-metrics", o.compare.all_metrics, "every compared figure, not only each test's rate and tail latency");
  cl.decimal("--min-effect", min_effect, 0, 50, "the smallest change called, in percent (default 5)");
  cl.flag("--paired", o.compare.paired,
          "the sides are the rounds of an interleaved run (raidbench ab): run k of every side, in the order the runs "
          "started, ran in round k; each change is judged by the paired t on the rounds' log(B / A), which cancels a drift "
          "common to the sides");
  cl.text("--noise", o.noise, "noise measured by --calibrate --json, pooled with the sides' runs (then even one run a side can be judged)");
  cl.flag("--calibrate", o.calibrate, "the sides are runs of one setup (A/A): print each test's noise (with --json, the file --noise reads)");
  cl.text("--html", o.html, "also write a self-contained HTML page with the charts into FILE");
  cl.custom(
      "--controller-file",
      [&dumps](const std::string& v) {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == v.size()) throw std::invalid_argument("is not SIDE=FILE");
        dumps.emplace_back(v.substr(0, eq), v.substr(eq + 1));
      },
      "SIDE=FILE: a saved controller dump (MegaCLI, StorCLI, ssacli, arcconf, mdadm, /proc/mdstat) for an imported side (repeatable)");
  cl.custom(
      "--controller-owns", [&o](const std::string& side) { o.controller_owns.insert(side); },
      "SIDE: the side's dumps describe the controller holding its device; verdicts say the link was asserted, not observed");
  cl.custom(
      "--durability",
      [&o](const std::string& v) {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == v.size()) throw std::invalid_argument("is not SIDE=FILE");
        o.durability_files[v.substr(0, eq)] = v.substr(eq + 1);
      },
      std::string("SIDE=FILE: ") + tools::durability_help + " (for a side of classic outputs; repeatable)");
  cl.text("--import", o.import, "print what one file imports as, alone (with --json: as JSON)");
  cl.text("--fleet", o.fleet,
          "one host per folder of DIR (results/<host>/report.json, as the Ansible playbook fetches them) or per file: each "
          "host against the hosts of the same hardware, by figures and by settings");
  cl.footer("Each file is a raidbench JSON (report.json, rb-dd/rb-fsync/rb-fileio/rb-run --json, rb-compare --import --json) or a "
            "classic output: GNU/BSD/busybox dd, pg_test_fsync 9.1-18, sysbench 0.4/1.0 fileio and cpu, bonnie++ 1.03-2.0x (table "
            "or CSV), fio (text or JSON); each is read whole, a regular file of at most 64 MiB.\n"
            "Exit status: 0 compared, 1 bad input (unreadable file, unknown format, no test in common) or an output that could "
            "not be written, 2 bad usage.");
  cl.parse(argc, argv);
  if (min_effect) o.compare.rule.min_effect = *min_effect / 100;
  if (o.json && !o.json_file) {
    if (cl.given("--format") && o.format != "json") usage_error("--json prints JSON on stdout: --format " + o.format + " too is one format too many");
    o.format = "json";
  }
  if ((o.import != std::nullopt) + (o.fleet != std::nullopt) + o.calibrate > 1) usage_error("--import, --fleet and --calibrate exclude each other");
  if (o.import || o.fleet) {
    if (!o.sides.empty()) usage_error(o.import ? "--import takes one file and no sides" : "--fleet takes one directory and no sides");
    if (o.fleet && o.format == "csv") usage_error("--fleet prints text, markdown or json");
  } else if (o.calibrate) {
    if (o.sides.empty()) usage_error("--calibrate needs the runs of one setup: one side or more");
    if (o.format != "text" && o.format != "json") usage_error("--calibrate prints text or json");
    if (o.noise) usage_error("--calibrate measures the noise: --noise is for a comparison");
  } else if (o.sides.size() < 2) {
    usage_error(o.sides.empty() ? "no sides to compare" : "one side: a comparison needs two or more");
  }
  if (o.compare.paired && (o.import || o.fleet || o.calibrate)) usage_error("--paired is for a comparison of interleaved rounds");
  if (o.json_file && (o.import || o.calibrate)) usage_error("--json=FILE is for a comparison or a fleet; --import and --calibrate print");
  std::set<std::string> labels;
  for (std::size_t i = 0; i < o.sides.size(); ++i) labels.insert(label_and_spec(o.sides[i], i).first);
  for (const auto& [side, file] : dumps) {
    if (!labels.count(side)) usage_error(fmt::format("--controller-file names side '{}', which is not given", side));
    o.controller_files[side].push_back(file);
  }
  for (const auto& [side, file] : o.durability_files) {
    if (!labels.count(side)) usage_error(fmt::format("--durability names side '{}', which is not given", side));
    // A classic output names no device to match: the user's word ties the test to the side.
    auto proof = tools::read_durability_option(file, true);
    if (!proof) die(proof.message());
    o.durability[side] = std::move(**proof);
  }
  for (const auto& side : o.controller_owns) {
    if (!labels.count(side)) usage_error(fmt::format("--controller-owns names side '{}', which is not given", side));
    if (!o.controller_files.count(side)) usage_error(fmt::format("--controller-owns {0} needs --controller-file={0}=FILE", side));
  }
  return o;
}

// JSON as printed: bytes that are not UTF-8 (a name read from a file) become U+FFFD instead of an exception.
inline std::string json_text(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace); }

// A report of this rb-compare's, with the build that made it (report/build_json.hpp).
inline std::string report_json_text(nlohmann::json j) {
  j["build"] = raidbench::build_json();
  return json_text(j);
}

// One imported run, alone: JSON, or a short listing of its tests and figures.
inline int print_import(const std::string& path, const std::string& format) {
  const auto runs = read_runs(path);
  if (format == "json") {
    nlohmann::json j = runs.size() == 1 ? nlohmann::json(runs.front()) : nlohmann::json(runs);
    raidbench::tools::print_out(json_text(j) + "\n");
    return 0;
  }
  using raidbench::printable;
  std::string out;
  for (const auto& r : runs) {
    out += fmt::format("{}: {} ({}{}){}\n", printable(r.source), printable(r.tool), printable(r.format),
                       r.version ? ", version " + printable(*r.version) : "", r.interrupted ? ", interrupted" : "");
    for (const auto& t : r.tests) {
      std::string params;
      for (const auto& [k, v] : t.parameters) params += fmt::format("{}{}={}", params.empty() ? "" : " ", printable(k), printable(v));
      out += fmt::format("  {}{}\n", printable(t.name), params.empty() ? "" : "  [" + params + "]");
      for (const auto& f : t.figures)
        out += fmt::format("    {:<20} {}\n", printable(f.metric),
                           f.value ? raidbench::detail::comparison_report::show(*f.value, f.unit) : printable(f.note));
    }
    for (const auto& n : r.notes) out += fmt::format("  note: {}\n", printable(n));
  }
  raidbench::tools::print_out(out);
  return 0;
}

// One file per host: DIR/<host>/report.json (or the folder's only file), or DIR/<host>.json.
inline std::vector<std::pair<std::string, std::filesystem::path>> fleet_files(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) die(fmt::format("--fleet {}: not a directory", dir));
  std::vector<std::filesystem::path> entries;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) entries.push_back(e.path());
  if (ec) die(fmt::format("cannot read {}: {}", dir, ec.message()));
  std::sort(entries.begin(), entries.end());
  std::vector<std::pair<std::string, std::filesystem::path>> files;
  for (const auto& e : entries) {
    std::filesystem::path file = e;
    std::string host = e.filename().string();
    if (std::filesystem::is_directory(e, ec)) {
      file = e / "report.json";
      if (!std::filesystem::exists(file, ec)) {
        std::vector<std::filesystem::path> inside;
        for (const auto& f : std::filesystem::directory_iterator(e, ec))
          if (f.is_regular_file(ec)) inside.push_back(f.path());
        if (inside.size() != 1) {
          std::fprintf(stderr, "%s: %s: no report.json and not exactly one file: host left out\n", progname.c_str(),
                       raidbench::printable(e.string()).c_str());
          continue;
        }
        file = inside.front();
      }
    } else {
      host = e.stem().string();
    }
    files.emplace_back(std::move(host), std::move(file));
  }
  return files;
}

// One run per host; a fleet goes on without a host whose results cannot be read: it is named on stderr.
inline std::vector<raidbench::fleet_host> read_fleet(const std::string& dir, const std::vector<std::pair<std::string, std::filesystem::path>>& files) {
  std::vector<raidbench::fleet_host> hosts;
  for (const auto& [host, file] : files) {
    auto runs = try_read_runs(file.string());
    if (!runs) {
      std::fprintf(stderr, "%s: %s: host left out\n", progname.c_str(), raidbench::printable(runs.message()).c_str());
      continue;
    }
    hosts.push_back({host, std::move(runs->front())});
  }
  if (hosts.empty()) die(fmt::format("--fleet {}: no host's results in it", dir));
  return hosts;
}

// The block size a sweep's test names, or 0: ATTO's "write 64 KiB", IOMeter's "4 KiB 100 % read
// random QD1", CrystalDiskMark's "RND4K Q32T1 read" (K and M are KiB and MiB there).
inline std::uint64_t block_size_named(const std::string& tool, const std::string& test) {
  std::string size = tool == "raidbench sweep atto"      ? test.substr(test.find(' ') + 1)
                     : tool == "raidbench sweep iometer" ? test.substr(0, test.find(' ', test.find(' ') + 1))
                     : tool == "raidbench sweep cdm"     ? test.substr(std::min<std::size_t>(3, test.size()), test.find(' ') - 3)
                                                         : std::string();
  size.erase(std::remove(size.begin(), size.end(), ' '), size.end());
  if (size.empty()) return 0;
  const auto bytes = raidbench::parse_size(size);
  return bytes ? *bytes : 0;
}

// What turns a sweep's rate row's figures into MB/s, as the sweep's GUI shows them: B/s as they
// are, ops/s times the block size the test names; nullopt for any other row.
inline std::optional<double> mb_factor(const std::string& tool, const raidbench::comparison_row& r) {
  if (r.unit == "B/s") return 1e-6;
  const auto bytes = block_size_named(tool, r.test);
  if (r.unit != "ops/s" || !bytes) return std::nullopt;
  return static_cast<double>(bytes) / 1e6;
}

// What turns them into IOPS: ops/s as they are, B/s divided by the block size the test names.
inline std::optional<double> iops_factor(const std::string& tool, const raidbench::comparison_row& r) {
  if (r.unit == "ops/s") return 1;
  const auto bytes = block_size_named(tool, r.test);
  if (r.unit != "B/s" || !bytes) return std::nullopt;
  return 1 / static_cast<double>(bytes);
}

inline std::optional<double> mb_per_second_of(const std::string& tool, const raidbench::comparison_row& r, std::size_t side) {
  const auto& m = r.sides[side].median;
  const auto factor = mb_factor(tool, r);
  if (!m || !factor) return std::nullopt;
  return *m * *factor;
}

// What makes a side's figures doubtful on the page: the verdicts on it, and a doubt on every figure
// of a side whose runs were all buffered sweeps.
struct figure_doubts {
  const std::vector<raidbench::side_verdicts>& verdicts;
  std::vector<std::string> sides;  ///< per side: a doubt on all its figures, or empty

  // Why side s's figure of row r is doubtful, or empty: the side's doubt, what a verdict on the side
  // doubts (a write cache absorbed its flushes), and a change the noise explains, which is no
  // evidence of a difference.
  std::string of(const raidbench::comparison_row& r, std::size_t s) const {
    std::string why = s < sides.size() ? sides[s] : "";
    const auto add = [&](const std::string& more) {
      if (!more.empty()) why += (why.empty() ? "" : "; ") + more;
    };
    if (s < verdicts.size()) add(raidbench::html::doubt_of(verdicts[s].verdicts, r.test));
    if (s > 0 && r.changes[s].noise == raidbench::noise_call::within) add("the change is within the noise");
    return why;
  }
};

// A side whose every run is a sweep run without O_DIRECT: the page cache may have served each figure.
inline std::string side_doubt(const raidbench::comparison_side& side) {
  const bool buffered = !side.runs.empty() && std::all_of(side.runs.begin(), side.runs.end(), [](const raidbench::run_record& r) {
    const auto it = r.facts.find("direct");
    return r.tool.starts_with("raidbench sweep") && it != r.facts.end() && it->second == "no";
  });
  return buffered ? std::string(raidbench::html::buffered_doubt) : "";
}

// An ATTO sweep against another as ATTO draws one: MB/s by block size, a curve per side and
// direction (A write, B write, A read, B read), the block sizes evenly spaced in the order they ran,
// a point a verdict or the noise doubts drawn as doubtful.
inline void add_sweep_curves(raidbench::html::document& page, const raidbench::comparison& c, const figure_doubts& doubted) {
  namespace html = raidbench::html;
  html::line_chart curves{"Throughput by block size, side against side", "block size", "MB/s", false, false, {}, {}, {}, {}};
  std::vector<std::string> sizes;
  for (const auto& r : c.rows)
    if (r.rate && std::find(sizes.begin(), sizes.end(), r.test.substr(r.test.find(' ') + 1)) == sizes.end())
      sizes.push_back(r.test.substr(r.test.find(' ') + 1));
  curves.x_label = "block size (evenly spaced, as ATTO draws them)";
  for (std::size_t i = 0; i < sizes.size(); ++i) curves.x.push_back(static_cast<double>(i));
  curves.x_tick_labels = sizes;
  for (const std::string direction : {"write", "read"})
    for (std::size_t s = 0; s < c.labels.size(); ++s) {
      html::series line{c.labels[s] + " " + direction, std::vector<double>(sizes.size(), std::nan(""))};
      std::vector<std::string> doubts(sizes.size());
      for (const auto& r : c.rows)
        if (r.rate && r.test.starts_with(direction + " "))
          if (const auto v = mb_per_second_of(c.tool, r, s)) {
            const auto i = static_cast<std::size_t>(std::find(sizes.begin(), sizes.end(), r.test.substr(r.test.find(' ') + 1)) - sizes.begin());
            line.values[i] = *v;
            doubts[i] = doubted.of(r, s);
          }
      curves.series.push_back(std::move(line));
      curves.doubts.insert(curves.doubts.end(), doubts.begin(), doubts.end());
    }
  if ((curves.log_y = html::spans_two_decades(curves.series))) curves.y_label = "MB/s (log scale)";
  page.add(curves);
}

// The key figures of a comparison: each side's median of the rows that rate a test, the rows with a
// called change first (the largest first), then in the table's order; a doubtful figure marked with
// its reason (a whole side's, by the side's badge); a sweep's in the unit of its charts. The summary shows the first few
// (html::document::summary_figures).
inline std::vector<std::pair<std::string, std::string>> key_figures(const raidbench::comparison& c, const figure_doubts& doubted) {
  namespace report = raidbench::detail::comparison_report;
  std::vector<const raidbench::comparison_row*> rows;
  for (const auto& r : c.rows)
    if (r.rate && std::any_of(r.sides.begin(), r.sides.end(), [](const auto& f) { return f.median.has_value(); })) rows.push_back(&r);
  const auto called = [](const raidbench::comparison_row* r) {
    double most = -1;
    for (const auto& change : r->changes)
      if (change.noise == raidbench::noise_call::beyond) most = std::max(most, std::fabs(change.percent.value_or(0)));
    return most;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto* a, const auto* b) { return called(a) > called(b); });
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto* r : rows) {
    std::string line;
    for (std::size_t s = 0; s < c.labels.size(); ++s) {
      const auto& m = r->sides[s].median;
      // A sweep's in the unit of its charts: ATTO's and CrystalDiskMark's MB/s, IOMeter's IOPS.
      const bool in_mb = c.tool == "raidbench sweep atto" || c.tool == "raidbench sweep cdm";
      const auto factor = in_mb ? mb_factor(c.tool, *r) : c.tool == "raidbench sweep iometer" ? iops_factor(c.tool, *r) : std::nullopt;
      const std::string why = doubted.of(*r, s);
      line += fmt::format("{}{} {}{}", s ? "; " : "", c.labels[s],
                          m ? (why.empty() ? "" : "⚠ ") + (factor ? report::digits(*m * *factor) + (in_mb ? " MB/s" : " IOPS") : report::show(*m, r->unit))
                            : std::string("n/a"),
                          // A doubt on the whole side is said once, by its badge.
                          m && !why.empty() && !(s < doubted.sides.size() && why == doubted.sides[s]) ? " (doubtful: " + why + ")" : "");
      const auto& change = r->changes[s];
      if (s > 0 && change.percent)
        line += change.noise == raidbench::noise_call::beyond   ? ", " + report::direction_words(*r, change)
                : change.noise == raidbench::noise_call::within ? fmt::format(", {:+.1f} %: unchanged", *change.percent)
                                                                : fmt::format(", {:+.1f} %: cannot tell", *change.percent);
    }
    out.emplace_back(r->test, std::move(line));
  }
  return out;
}

// A figure the sweep import adds beside a mixed specification's rate: its reads or writes apart.
inline bool split_metric(const std::string& metric) {
  return metric == "reads_per_second" || metric == "writes_per_second" || metric == "read_throughput" || metric == "write_throughput";
}

// An IOMeter comparison's reads and writes apart: its rows with --all-metrics, judged there; else
// each side's medians and ranges, drawn and not judged (changes left out), so the default family of
// rows stays each test's rate and tail latency.
inline std::vector<raidbench::comparison_row> split_rows(const std::vector<raidbench::comparison_side>& sides,
                                                         const raidbench::comparison_options& options, const raidbench::comparison& c) {
  if (c.tool != "raidbench sweep iometer") return {};
  std::vector<raidbench::comparison_row> out;
  if (options.all_metrics) {
    for (const auto& r : c.rows)
      if (split_metric(r.metric)) out.push_back(r);
    return out;
  }
  out = raidbench::unjudged_rows(sides, c, split_metric);
  for (auto& r : out) std::fill(r.changes.begin(), r.changes.end(), raidbench::side_change{});
  return out;
}

// The comparison as a page: the answer on top (the headline, the counts, the verdicts as badges),
// then per metric that rates a test or times it the sides' bars with their ranges and the change of
// the last side (an ATTO sweep: curves), what differs, the verdicts with their evidence, and the table.
// A side's label is the user's and can be any length: the page names the sides by their first 60
// characters, and lists each in full with its files at the end.
inline std::string compare_html(raidbench::comparison c, std::vector<raidbench::side_verdicts> verdicts, std::vector<std::string> side_doubts,
                                std::vector<raidbench::comparison_row> split = {}) {
  namespace html = raidbench::html;
  namespace report = raidbench::detail::comparison_report;
  const auto labels = c.labels;
  const auto cut = [](std::string& label) { label = html::shortened(label, html::document::summary_name_columns); };
  for (auto& l : c.labels) cut(l);
  for (auto& v : verdicts) cut(v.label);
  const figure_doubts doubted{verdicts, std::move(side_doubts)};
  html::document page(fmt::format("rb-compare: {}", c.tool));
  std::string sides;
  for (std::size_t i = 1; i < c.labels.size(); ++i) sides += fmt::format("{}{}", i > 1 ? ", " : "", c.labels[i]);
  const bool atto = c.tool == "raidbench sweep atto";
  std::vector<std::string> headline{fmt::format("{} results: {} against {} (the baseline). {}", c.tool, sides, c.labels.front(),
                                                atto ? "Curves and bars are each side's median." : "Bars are each side's median; whiskers its runs' range.")};
  // Each verdict on some sides only is a badge below, linking to its evidence: one line says so.
  const auto shared = report::shared_verdicts(verdicts);
  for (auto& line : report::headline(c, verdicts, report::differing_verdicts::left_out)) headline.push_back(std::move(line));
  if (const auto differs = std::count_if(shared.begin(), shared.end(), [&](const auto& s) { return s.sides.size() < verdicts.size(); }))
    headline.push_back(fmt::format("Safety differs: {} verdict(s) fired on some sides only (badged below).", differs));
  std::vector<html::document::badge> badges;
  for (const raidbench::severity level : {raidbench::severity::critical, raidbench::severity::warning, raidbench::severity::info})
    for (std::size_t i = 0; i < shared.size(); ++i)
      if (shared[i].v.level == level)
        badges.push_back({std::string(raidbench::to_string(level)),
                          fmt::format("{}: {}{} on {}", raidbench::to_string(level), shared[i].v.rule,
                                      shared[i].v.subject.empty() ? "" : " (" + shared[i].v.subject + ")", report::joined(shared[i].sides)),
                          html::verdict_anchor(i)});
  for (std::size_t i = 0; i < c.labels.size(); ++i)
    if (i < doubted.sides.size() && !doubted.sides[i].empty()) badges.push_back({"warning", fmt::format("{}: {}", c.labels[i], doubted.sides[i]), "table"});
  for (std::size_t i = 1; i < c.labels.size(); ++i) {
    const auto& s = c.summaries[i];
    if (s.slower) badges.push_back({"warning", fmt::format("{}: {} slower", c.labels[i], s.slower), "table"});
    if (s.faster) badges.push_back({"ok", fmt::format("{}: {} faster", c.labels[i], s.faster), "table"});
    if (s.undecided) badges.push_back({"info", fmt::format("{}: {} cannot tell", c.labels[i], s.undecided), "table"});
  }
  page.summary(headline, key_figures(c, doubted), badges);

  if (atto) add_sweep_curves(page, c, doubted);
  // Bars by test: per series (a side, or a side's reads or writes) its rows' medians, whiskers their
  // runs' range, each figure times `factor(row)`; under each test the last side's change of its rows
  // (`parts` names each row's change, or is empty for a test's one row) and a side's note instead of a figure.
  struct bar_series {
    std::string label;
    std::size_t side;
    std::vector<const raidbench::comparison_row*> rows;  ///< one per test
  };
  const auto draw_bars = [&](const std::string& title, const std::string& unit, const std::vector<std::string>& tests,
                             const std::vector<bar_series>& all, const std::vector<std::string>& parts, const auto& factor) {
    html::bar_chart chart{title, unit, tests, {}, {}, {}, {}};
    for (std::size_t t = 0; t < tests.size(); ++t) {
      std::string note;
      for (std::size_t k = 0; k < std::max<std::size_t>(1, parts.size()); ++k) {
        const auto& r = *all[k * c.labels.size()].rows[t];
        // No change to state: the sides' notes say why.
        if (const auto change = report::show_change(r, r.changes.size() - 1, c.labels); change != "-")
          note += fmt::format("{}{}{}", note.empty() ? "" : "; ", parts.empty() ? "" : parts[k] + ": ", change);
        for (std::size_t s = 0; s < c.labels.size(); ++s)
          if (!r.sides[s].median && !r.sides[s].note.empty()) note += fmt::format("{}{}: {}", note.empty() ? "" : "; ", c.labels[s], r.sides[s].note);
      }
      chart.annotations.push_back(note);
    }
    const auto times = [&](const std::optional<double>& v, const raidbench::comparison_row& r) { return v ? *v * factor(r) : std::nan(""); };
    for (const auto& one : all) {
      html::series series{one.label, {}};
      for (const auto* r : one.rows) series.values.push_back(times(r->sides[one.side].median, *r));
      chart.series.push_back(std::move(series));
    }
    for (const auto& one : all)
      for (const auto* r : one.rows) {
        chart.ranges.emplace_back(times(r->sides[one.side].min, *r), times(r->sides[one.side].max, *r));
        chart.doubts.push_back(doubted.of(*r, one.side));
      }
    page.add(chart);
  };
  // Each side's bar of each of `rows`.
  const auto add_bars = [&](const std::string& title, const std::string& unit, const std::vector<const raidbench::comparison_row*>& rows,
                            const auto& factor) {
    std::vector<std::string> tests;
    for (const auto* r : rows) tests.push_back(r->test);
    std::vector<bar_series> all;
    for (std::size_t s = 0; s < c.labels.size(); ++s) all.push_back({c.labels[s], s, rows});
    draw_bars(title, unit, tests, all, {}, factor);
  };
  // CrystalDiskMark shows every row in MB/s, IOMeter's write-ups reason in IOPS and then MB/s: a
  // sweep's rates in those units (the block size its test names turns one into the other; the
  // change is its row's).
  const bool cdm = c.tool == "raidbench sweep cdm", iometer = c.tool == "raidbench sweep iometer";
  const auto rates_in = [&](const std::string& title, const std::string& unit, auto factor) {
    std::vector<const raidbench::comparison_row*> rows;
    for (const auto& r : c.rows)
      if (r.rate && factor(c.tool, r)) rows.push_back(&r);
    if (!rows.empty()) add_bars(title, unit, rows, [&](const raidbench::comparison_row& r) { return *factor(c.tool, r); });
  };
  if (cdm) rates_in("Throughput, every row in MB/s as CrystalDiskMark shows it", "MB/s", mb_factor);
  // A mixed specification's reads and writes apart, each side's beside the other's (A read, B read,
  // A write, B write), from its rows of `split`.
  const auto split_in = [&](const std::string& title, const std::string& unit, const std::string& reads, const std::string& writes, double factor) {
    const auto row_of = [&](const std::string& test, const std::string& metric) -> const raidbench::comparison_row* {
      const auto it = std::find_if(split.begin(), split.end(), [&](const auto& r) { return r.test == test && r.metric == metric; });
      return it == split.end() ? nullptr : &*it;
    };
    std::vector<std::string> tests;
    for (const auto& r : split)
      if (r.metric == reads && row_of(r.test, writes)) tests.push_back(r.test);
    if (tests.empty()) return;
    std::vector<bar_series> all;
    for (const auto& [part, metric] : {std::pair<std::string, std::string>("read", reads), {"write", writes}})
      for (std::size_t s = 0; s < c.labels.size(); ++s) {
        all.push_back({c.labels[s] + " " + part, s, {}});
        for (const auto& test : tests) all.back().rows.push_back(row_of(test, metric));
      }
    draw_bars(title, unit, tests, all, {"reads", "writes"}, [&](const raidbench::comparison_row&) { return factor; });
  };
  if (iometer) {
    rates_in("IOPS of every access specification", "IO/s", iops_factor);
    split_in("Reads and writes apart of the mixed access specifications, in IOPS", "IO/s", "reads_per_second", "writes_per_second", 1);
    rates_in("Throughput of every access specification in MB/s", "MB/s", mb_factor);
    split_in("Reads and writes apart of the mixed access specifications, in MB/s", "MB/s", "read_throughput", "write_throughput", 1e-6);
  }
  std::vector<std::string> metrics;
  for (const auto& r : c.rows)
    // An IOMeter sweep's rates and their reads and writes apart are charted above.
    if ((r.unit == "B/s" || r.unit == "ops/s" || r.unit == "s") && !((atto || cdm || iometer) && r.rate) && !(iometer && split_metric(r.metric)) &&
        std::find(metrics.begin(), metrics.end(), r.metric) == metrics.end())
      metrics.push_back(r.metric);
  for (const auto& metric : metrics) {
    std::vector<const raidbench::comparison_row*> rows;
    for (const auto& r : c.rows)
      if (r.metric == metric) rows.push_back(&r);
    // Times in µs, throughput in MB/s: one unit per quantity on the page.
    const bool time = rows.front()->unit == "s";
    const auto shown = time ? raidbench::display_unit{"µs", 1e-6} : raidbench::display_unit_of(rows.front()->unit);
    add_bars(metric + (time ? " (lower is better)" : ""), shown.name, rows, [&](const raidbench::comparison_row&) { return 1 / shown.divisor; });
  }
  for (const auto& [facts, title] : {std::pair(&c.differences, "What differs between the sides"), std::pair(&c.one_side_only, "Known on some sides only")}) {
    if (facts->empty()) continue;
    page.heading(title);
    std::vector<std::pair<std::string, std::string>> items;
    for (const auto& d : *facts) {
      std::string values;
      for (std::size_t i = 0; i < d.values.size(); ++i) values += fmt::format("{}{}: {}", i ? " | " : "", c.labels[i], d.values[i]);
      items.emplace_back(d.fact, values);
    }
    page.definition_list(std::move(items));
  }
  page.heading("Verdicts", "verdicts");
  for (std::size_t i = 0; i < shared.size(); ++i)
    page.finding(html::verdict_anchor(i), std::string(raidbench::to_string(shared[i].v.level)),
                 fmt::format("{}{} on {}: {}", shared[i].v.rule, shared[i].v.subject.empty() ? "" : " (" + shared[i].v.subject + ")",
                             report::joined(shared[i].sides), shared[i].v.message),
                 shared[i].v.evidence);
  for (const auto& v : verdicts)
    if (!v.inventory) page.paragraph(fmt::format("Safety not judged on {}: no controller inventory", v.label));
  if (shared.empty() && std::all_of(verdicts.begin(), verdicts.end(), [](const auto& v) { return v.inventory; }))
    page.paragraph("No verdict fired on any side.");
  page.heading("Table", "table");
  auto cells = report::cells(c);
  const auto head = cells.front();
  cells.erase(cells.begin());
  // A doubtful figure marked in its cell, its row greyed with the sides' reasons.
  std::vector<std::string> row_doubts(cells.size());
  for (std::size_t r = 0; r < c.rows.size(); ++r)
    for (std::size_t s = 0; s < c.labels.size(); ++s)
      if (const auto why = doubted.of(c.rows[r], s); !why.empty() && c.rows[r].sides[s].median) {
        cells[r][s == 0 ? 2 : 1 + 2 * s].insert(0, "⚠ ");
        row_doubts[r] += fmt::format("{}{}: {}", row_doubts[r].empty() ? "" : "; ", c.labels[s], why);
      }
  page.table("", head, cells, row_doubts);
  page.paragraph(report::method_line(c));
  for (const auto& n : c.notes) page.paragraph("Note: " + n);
  page.heading("Sides");
  std::vector<std::pair<std::string, std::string>> sides_files;
  for (std::size_t i = 0; i < labels.size(); ++i) sides_files.emplace_back(labels[i], report::sources_of(c.sources[i], ""));
  page.definition_list(std::move(sides_files));
  return page.str();
}

// --calibrate: the noise of each test and metric over the sides' runs (all of one setup), and
// whether a comparison of the sides calls anything (it should not: they are the same setup).
inline int print_calibration(const std::vector<raidbench::comparison_side>& sides, const std::string& format) {
  const auto noise = raidbench::measure_noise(sides);
  if (!noise) die(noise.message());
  if (format == "json") {
    raidbench::tools::print_out(report_json_text(nlohmann::json(*noise)) + "\n");
    return raidbench::tools::stdout_complete(progname) ? 0 : 1;
  }
  std::string out = raidbench::noise_text(*noise);
  if (sides.size() >= 2)
    if (const auto c = raidbench::compare_sides(sides)) {
      std::size_t calls = 0;
      for (std::size_t i = 1; i < c->summaries.size(); ++i) calls += c->summaries[i].faster + c->summaries[i].slower;
      out += calls == 0 ? "The sides, compared as A/A, show no call: as expected of one setup.\n"
                        : fmt::format("The sides, compared as A/A, show {} call(s): they are not the same setup, or the "
                                      "environment changed between them (rb-compare them for the rows).\n",
                                      calls);
    }
  raidbench::tools::print_out(out);
  return raidbench::tools::stdout_complete(progname) ? 0 : 1;
}

// The fleet as a page: the flagged hosts first, then per test the hosts' figures as bars (all of a
// small fleet; the flagged ones of a large one) with their deviation from their peers.
inline std::string fleet_html(const raidbench::fleet_comparison& f, const std::vector<raidbench::fleet_host>& hosts) {
  namespace html = raidbench::html;
  using raidbench::detail::comparison_report::show;
  // Why each row's figure is doubtful: what the verdicts of its host's own run say of its test. Once
  // per row, the hosts indexed by name (of a repeated name, the first), so a fleet of thousands is
  // not searched per figure.
  std::unordered_map<std::string_view, const raidbench::fleet_host*> host_named;
  for (const auto& h : hosts) host_named.emplace(h.name, &h);
  std::vector<std::string> row_doubts;
  row_doubts.reserve(f.rows.size());
  for (const auto& r : f.rows) {
    const auto h = host_named.find(r.host);
    row_doubts.push_back(h == host_named.end() ? std::string() : html::doubt_of(h->second->run.verdicts, r.test));
  }
  constexpr std::size_t all_hosts_up_to = 40;  // beyond, a chart of every host is a wall of bars
  html::document page(fmt::format("rb-compare --fleet: {} hosts", f.hardware_of.size()));
  std::vector<html::document::badge> badges;
  // A badge per flag, or one for many: the summary stays one screen.
  for (std::size_t i = 0; i < f.flags.size() && f.flags.size() <= 5; ++i)
    badges.push_back({"warning", fmt::format("{}: {}", f.flags[i].host, f.flags[i].kind), fmt::format("flag-{}", i + 1)});
  if (f.flags.size() > 5) badges.push_back({"warning", fmt::format("{} flags", f.flags.size()), "flags"});
  // The hosts' own verdicts, critical and warning: each rule once, with the hosts and tests it fired on.
  struct fired {
    raidbench::severity level;
    std::string rule;
    std::vector<std::string> hosts, where;
  };
  std::vector<fired> verdicts;
  for (const raidbench::severity level : {raidbench::severity::critical, raidbench::severity::warning})
    for (const auto& h : hosts)
      for (const auto& v : h.run.verdicts) {
        if (!v.fired || v.level != level) continue;
        auto it = std::find_if(verdicts.begin(), verdicts.end(), [&](const fired& x) { return x.level == level && x.rule == v.rule; });
        if (it == verdicts.end()) it = verdicts.insert(verdicts.end(), fired{level, v.rule, {}, {}});
        if (it->hosts.empty() || it->hosts.back() != h.name) it->hosts.push_back(h.name);
        it->where.push_back(fmt::format("{}{}: {}", h.name, v.subject.empty() ? "" : " (" + v.subject + ")", v.message));
      }
  constexpr std::size_t listed = 20;  // evidence lines per verdict; the others counted
  for (std::size_t i = 0; i < verdicts.size(); ++i)
    badges.push_back({std::string(raidbench::to_string(verdicts[i].level)),
                      fmt::format("{}: {} on {} host(s)", raidbench::to_string(verdicts[i].level), verdicts[i].rule, verdicts[i].hosts.size()),
                      fmt::format("host-verdict-{}", i + 1)});
  if (f.flags.empty()) badges.push_back({"ok", "no host flagged", "flags"});
  // Per test, the hosts whose figure is doubtful, by reason: "the page cache served it on db01, db02".
  // Gathered in one pass over the rows, in their order.
  struct reason {
    std::string why, hosts;
    std::size_t count = 0;
  };
  std::unordered_map<std::string_view, std::vector<reason>> reasons_of;
  constexpr std::size_t named = 5;  // hosts named per reason; the others counted
  for (std::size_t i = 0; i < f.rows.size(); ++i) {
    if (row_doubts[i].empty()) continue;
    auto& reasons = reasons_of[f.rows[i].test];
    auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& x) { return x.why == row_doubts[i]; });
    if (it == reasons.end()) it = reasons.insert(reasons.end(), reason{row_doubts[i], "", 0});
    if (it->count++ < named) it->hosts += (it->count > 1 ? ", " : "") + f.rows[i].host;
  }
  std::vector<std::string> test_doubts;
  for (const auto& t : f.tests) {
    std::string doubtful;
    if (const auto reasons = reasons_of.find(t.test); reasons != reasons_of.end())
      for (const auto& x : reasons->second)
        doubtful += fmt::format("{}{} on {}{}", doubtful.empty() ? "" : "; ", x.why, x.hosts, x.count > named ? fmt::format(" and {} more", x.count - named) : "");
    test_doubts.push_back(std::move(doubtful));
  }
  // The key figures: per test the fleet's median and quartiles, and the hosts whose figure is doubtful.
  std::vector<std::pair<std::string, std::string>> figures;
  for (std::size_t k = 0; k < f.tests.size(); ++k) {
    const auto& t = f.tests[k];
    const std::string& doubtful = test_doubts[k];
    figures.emplace_back(t.test, fmt::format("{}median {}, quartiles {} – {}, {} hosts{}", doubtful.empty() ? "" : "⚠ ", show(t.spread.median, t.unit),
                                             show(t.spread.q1, t.unit), show(t.spread.q3, t.unit), t.hosts,
                                             doubtful.empty() ? "" : " (doubtful: " + doubtful + ")"));
  }
  page.summary({fmt::format("{} hosts of {} results, each against the hosts of the same hardware", f.hardware_of.size(), f.tool)}, figures, badges);
  page.heading(f.flags.empty() ? "No host flagged" : fmt::format("Flagged: {}", f.flags.size()), "flags");
  for (std::size_t i = 0; i < f.flags.size(); ++i)
    page.finding(fmt::format("flag-{}", i + 1), "warning", fmt::format("{} ({}): {}", f.flags[i].host, f.flags[i].kind, f.flags[i].reason), {});
  if (!verdicts.empty()) page.heading("The hosts' verdicts");
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    auto& v = verdicts[i];
    if (v.where.size() > listed) {
      const std::size_t more = v.where.size() - listed;
      v.where.resize(listed);
      v.where.push_back(fmt::format("… and {} more", more));
    }
    page.finding(fmt::format("host-verdict-{}", i + 1), std::string(raidbench::to_string(v.level)),
                 fmt::format("{} on {} host(s)", v.rule, v.hosts.size()), v.where);
  }
  for (const auto& t : f.tests) {
    const bool every_host = f.hardware_of.size() <= all_hosts_up_to;
    html::bar_chart chart{fmt::format("{}: {} ({} hosts, median {}, quartiles {} – {}){}", t.test, t.metric, t.hosts,
                                      raidbench::detail::comparison_report::show(t.spread.median, t.unit),
                                      raidbench::detail::comparison_report::show(t.spread.q1, t.unit),
                                      raidbench::detail::comparison_report::show(t.spread.q3, t.unit),
                                      every_host ? "" : ", the flagged hosts"),
                          raidbench::display_unit_of(t.unit).name, {}, {html::series{t.metric, {}}, html::series{"peers' median", {}}}, {}, {}, {}};
    const double scale = raidbench::display_unit_of(t.unit).divisor;
    for (std::size_t i = 0; i < f.rows.size(); ++i) {
      const auto& r = f.rows[i];
      if (r.test != t.test || (!every_host && !r.flagged)) continue;
      chart.categories.push_back(r.host);
      chart.series[0].values.push_back(r.value / scale);
      chart.series[1].values.push_back(r.peers_median ? *r.peers_median / scale : std::nan(""));
      chart.annotations.push_back(r.deviation ? fmt::format("{:+.1f} %{}", *r.deviation * 100, r.flagged ? " FLAGGED " + r.word : "") : "");
      chart.doubts.push_back(row_doubts[i]);
    }
    chart.doubts.resize(2 * chart.categories.size());  // the peers' medians: not doubted themselves
    if (!chart.categories.empty()) page.add(chart);
  }
  page.heading("Tables");
  page.paragraph(raidbench::detail::fleet_report::rule_sentence());
  std::vector<std::vector<std::string>> tests, per_host;
  for (const auto& t : f.tests)
    tests.push_back({t.test, std::to_string(t.hosts), show(t.spread.median, t.unit), show(t.spread.q1, t.unit), show(t.spread.q3, t.unit)});
  page.table("Per test, all hosts", {"test", "hosts", "median", "Q1", "Q3"}, tests, test_doubts);
  for (std::size_t i = 0; i < f.rows.size(); ++i) {
    const auto& r = f.rows[i];
    per_host.push_back({r.host, r.test, (row_doubts[i].empty() ? "" : "⚠ ") + show(r.value, r.unit), r.peers_median ? show(*r.peers_median, r.unit) : "-",
                        raidbench::detail::fleet_report::deviation(r), raidbench::detail::fleet_report::verdict(r)});
  }
  page.table("Each host against its peers of the same hardware", {"host", "test", "value", "peers' median", "deviation", "call"}, per_host, row_doubts);
  for (const auto& n : f.notes) page.paragraph("Note: " + n);
  return page.str();
}


// --html checked before anything is read: never one of the inputs, and writable.
// The files the comparison writes, checked before anything is read: writable, and none of them an input.
inline void check_outputs(const options& o, const std::vector<raidbench::tools::named_file>& inputs) {
  std::vector<raidbench::tools::named_file> outputs;
  if (!o.html.empty()) outputs.push_back({"--html=" + o.html, o.html});
  if (o.json_file) outputs.push_back({"--json=" + *o.json_file, *o.json_file});
  if (auto distinct = raidbench::tools::check_distinct(outputs, inputs); !distinct) die(distinct.message());
  for (const auto& out : outputs)
    if (auto writable = raidbench::tools::check_output_file(out.path); !writable) die(fmt::format("{}: {}", out.shown, writable.message()));
}

// The page after the text: 1 when either could not be written, 0 otherwise.
inline int finish(const options& o, const std::string& text, const std::function<std::string()>& page,
                  const std::function<std::string()>& json) {
  bool complete = true;
  // The JSON first, then stdout, then the page: one that cannot be written costs none of the others.
  if (o.json_file)
    if (auto written = raidbench::tools::write_output_file(*o.json_file, json() + "\n"); !written) {
      std::fprintf(stderr, "%s: --json: %s\n", progname.c_str(), written.message().c_str());
      complete = false;
    }
  raidbench::tools::print_out(text);
  if (!o.html.empty())
    if (auto written = raidbench::tools::write_output_file(o.html, page()); !written) {
      std::fprintf(stderr, "%s: --html: %s\n", progname.c_str(), written.message().c_str());
      complete = false;
    }
  return raidbench::tools::stdout_complete(progname) && complete ? 0 : 1;
}

inline int run_tool(int argc, char** argv) {
  const options o = parse(argc, argv);
  if (o.import) {
    const int status = print_import(*o.import, o.format);
    return raidbench::tools::stdout_complete(progname) ? status : 1;
  }
  if (o.fleet) {
    const auto files = fleet_files(*o.fleet);
    std::vector<raidbench::tools::named_file> inputs;
    for (const auto& [host, file] : files) inputs.push_back({file.string(), file});
    check_outputs(o, inputs);
    const auto hosts = read_fleet(*o.fleet, files);
    const auto fleet = raidbench::compare_fleet(hosts);
    const std::string text = o.format == "json"       ? report_json_text(raidbench::fleet_json(fleet)) + "\n"
                             : o.format == "markdown" ? raidbench::fleet_markdown(fleet)
                                                      : raidbench::fleet_text(fleet);
    return finish(o, text, [&] { return fleet_html(fleet, hosts); }, [&] { return report_json_text(raidbench::fleet_json(fleet)); });
  }

  std::vector<std::vector<std::string>> side_files;
  std::vector<raidbench::tools::named_file> inputs;
  for (std::size_t i = 0; i < o.sides.size(); ++i) {
    side_files.push_back(files_of(label_and_spec(o.sides[i], i).second));
    for (const auto& f : side_files.back()) inputs.push_back({f, f});
  }
  for (const auto& [side, dumps] : o.controller_files)
    for (const auto& f : dumps) inputs.push_back({"--controller-file=" + side + "=" + f, f});
  check_outputs(o, inputs);

  std::vector<raidbench::comparison_side> sides;
  std::vector<raidbench::side_verdicts> verdicts;
  for (std::size_t i = 0; i < o.sides.size(); ++i) {
    const auto label = label_and_spec(o.sides[i], i).first;
    raidbench::comparison_side side{label, {}};
    for (const auto& file : side_files[i])
      for (auto& r : read_runs(file)) side.runs.push_back(std::move(r));
    raidbench::side_verdicts v{label, {}, false};
    const auto dumps = o.controller_files.find(label);
    std::optional<raidbench::inventory> inv;
    if (dumps != o.controller_files.end()) {
      std::vector<raidbench::captured_output> texts;
      for (const auto& f : dumps->second) texts.push_back({f, read_text(f)});
      std::vector<std::string> notes;
      auto collected = raidbench::collect_inventory(std::move(texts), raidbench::on_unreadable::fail, notes, lists->parsers);
      if (!collected) die(collected.message());
      inv = std::move(*collected);
      const auto facts = raidbench::controller_facts(*inv);
      for (auto& r : side.runs)
        for (const auto& [k, value] : facts) r.facts[k] = value;
    }
    // Verdicts: an imported run is judged here; a raidbench run carries those made where it ran,
    // with the /sys chain of its device. Repeated runs' identical verdicts are listed once.
    v.inventory = inv || std::any_of(side.runs.begin(), side.runs.end(), [](const run_record& r) {
      return std::any_of(r.facts.begin(), r.facts.end(), [](const auto& f) { return f.first.starts_with("controller "); });
    });
    const auto proof = o.durability.find(label);
    for (const auto& r : side.runs) {
      // A raidbench run was judged where it ran, with its device's chain: a power-cut test joins that
      // judgement there (raidbench --durability), not after the fact.
      if (proof != o.durability.end() && r.format.starts_with("raidbench."))
        die(fmt::format("--durability {}=…: {} is a raidbench run, judged where it ran; give --durability to raidbench there",
                        label, r.source));
      auto judged = r.format.starts_with("raidbench.")
                        ? r.verdicts
                        : raidbench::judge_imported_run(r, inv ? &*inv : nullptr, o.controller_owns.count(label) > 0, lists->rules,
                                                        proof == o.durability.end() ? nullptr : &proof->second);
      for (auto& x : judged)
        if (std::none_of(v.verdicts.begin(), v.verdicts.end(),
                         [&](const auto& y) { return y.rule == x.rule && y.subject == x.subject && y.message == x.message; }))
          v.verdicts.push_back(std::move(x));
    }
    verdicts.push_back(std::move(v));
    sides.push_back(std::move(side));
  }
  if (o.calibrate) return print_calibration(sides, o.format);
  auto compare = o.compare;
  std::optional<raidbench::noise_calibration> noise;
  if (o.noise) {
    const auto j = nlohmann::json::parse(read_text(*o.noise), nullptr, false);
    auto read = j.is_discarded() ? raidbench::expected<raidbench::noise_calibration>(raidbench::fail("not JSON")) : raidbench::noise_from_json(j);
    if (!read) die(fmt::format("--noise {}: {}", *o.noise, read.message()));
    noise = std::move(*read);
    compare.noise = &*noise;
  }
  const auto c = raidbench::compare_sides(sides, compare);
  if (!c) die(c.message());
  const std::string text = o.format == "json"       ? report_json_text(raidbench::comparison_json(*c, verdicts)) + "\n"
                           : o.format == "csv"      ? raidbench::comparison_csv(*c)
                           : o.format == "markdown" ? raidbench::comparison_markdown(*c, verdicts)
                                                    : raidbench::comparison_text(*c, verdicts);
  std::vector<std::string> side_doubts;
  for (const auto& side : sides) side_doubts.push_back(side_doubt(side));
  return finish(o, text, [&] { return compare_html(*c, verdicts, side_doubts, split_rows(sides, compare, *c)); },
                [&] { return report_json_text(raidbench::comparison_json(*c, verdicts)); });
}

}  // namespace raidbench::detail::rb_compare

namespace raidbench {

RAIDBENCH_API int rb_compare_main(int argc, char** argv, const pipeline& run_lists) {
  namespace rc = detail::rb_compare;
  if (argc > 0 && argv[0] != nullptr && *argv[0] != '\0') rc::progname = std::filesystem::path(argv[0]).filename().string();
  rc::lists = &run_lists;
  tools::ignore_sigpipe();
  return tools::last_resort(rc::progname, [&] { return rc::run_tool(argc, argv); });
}

}  // namespace raidbench
