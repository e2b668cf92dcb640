// rb-fsync: PostgreSQL 15's pg_test_fsync, composed from raidbench's sync and open-flag policies,
// with JSON, a WAL block size option and a closing interpretation of the figures.
#include <getopt.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fsync_tests.hpp"
#include "raidbench/context/context_json.hpp"
#include "raidbench/context/device_of_path.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/context.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_section.hpp"
#include "raidbench/report/pg_test_fsync.hpp"
#include "raidbench/report/pg_test_fsync_interpretation.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/signals.hpp"

namespace {

using namespace raidbench;
using rb_fsync::test_spec;

struct options {
  std::filesystem::path file = "./pg_test_fsync.out";
  unsigned secs_per_test = 5;
  std::uint64_t block = 8192;
  bool json = false;
  bool context = false;
  controller_request controller;
};

[[noreturn]] void die(std::string_view message) {
  std::fflush(stdout);
  fmt::print(stderr, "rb-fsync: {}\n", message);
  std::exit(1);
}

constexpr std::string_view usage =
    "Usage: rb-fsync [-f FILENAME] [-s SECS-PER-TEST] [--block-size=SIZE] [--json]\n"
    "  -f, --filename=FILE       test file (default ./pg_test_fsync.out); created, overwritten, removed\n"
    "  -s, --secs-per-test=N     seconds per test (default 5)\n"
    "      --block-size=SIZE     WAL block size, a power of two from 1k to 64k (default 8k)\n"
    "      --json                print every test's ops/sec and latencies as JSON instead of text,\n"
    "                            with the storage context under \"context\"\n"
    "      --context             print the storage context (kernel, filesystem, devices) and the\n"
    "                            RAID controller first\n"
    "      --controller-file=FILE  with --json or --context: read the controller from a saved dump of\n"
    "                            MegaCLI, StorCLI, ssacli, arcconf, mdadm or /proc/mdstat (repeatable);\n"
    "                            without one, the RAID tools found on PATH are run\n"
    "      --no-controller       with --json or --context: do not look for a RAID controller\n";

options parse(int argc, char** argv) {
  if (argc > 1) {
    const std::string_view first = argv[1];
    if (first == "--help" || first == "-?") {
      fmt::print("{}", usage);
      std::exit(0);
    }
    if (first == "--version" || first == "-V") {
      fmt::print("rb-fsync (raidbench) 0.1.0, after pg_test_fsync (PostgreSQL) 15\n");
      std::exit(0);
    }
  }
  enum { block_size_option = 1000, json_option, context_option, controller_file_option, no_controller_option };
  static const option long_options[] = {{"filename", required_argument, nullptr, 'f'},
                                        {"secs-per-test", required_argument, nullptr, 's'},
                                        {"block-size", required_argument, nullptr, block_size_option},
                                        {"json", no_argument, nullptr, json_option},
                                        {"context", no_argument, nullptr, context_option},
                                        {"controller-file", required_argument, nullptr, controller_file_option},
                                        {"no-controller", no_argument, nullptr, no_controller_option},
                                        {nullptr, 0, nullptr, 0}};
  options o;
  opterr = 0;  // one line of our own instead of getopt's
  int c;
  while ((c = ::getopt_long(argc, argv, ":f:s:", long_options, nullptr)) != -1) {
    switch (c) {
      case 'f':
        if (*optarg == '\0') die("--filename needs a file name");
        o.file = optarg;
        break;
      case 's': {
        const std::string_view text = optarg;
        unsigned long long v = 0;
        bool ok = !text.empty() && text.size() <= 10;
        for (char ch : text) ok = ok && ch >= '0' && ch <= '9';
        if (ok) v = std::stoull(std::string(text));
        if (!ok || v > 0xFFFFFFFFull)
          die(fmt::format("invalid argument for option --secs-per-test: '{}' (a whole number of seconds)", text));
        if (v == 0) die("--secs-per-test must be in range 1..4294967295");
        o.secs_per_test = static_cast<unsigned>(v);
        break;
      }
      case block_size_option: {
        auto size = parse_size(optarg);
        if (!size) die(size.message());
        if (*size < 1024 || *size > 65536 || (*size & (*size - 1)) != 0)
          die(fmt::format("--block-size must be a power of two from 1k to 64k, as PostgreSQL's WAL blocks, not '{}'", optarg));
        o.block = *size;
        break;
      }
      case json_option: o.json = true; break;
      case context_option: o.context = true; break;
      case controller_file_option:
        if (*optarg == '\0') die("--controller-file needs a file name");
        o.controller.files.emplace_back(optarg);
        break;
      case no_controller_option: o.controller.live = false; break;
      case ':': die(fmt::format("option {} needs a value (try --help)", argv[optind - 1]));
      default: die(fmt::format("unknown option '{}' (try --help)", argv[optind - 1]));
    }
  }
  if (optind < argc) die(fmt::format("too many command-line arguments (first is \"{}\")", argv[optind]));
  return o;
}

/// A sentence indented as pg_test_fsync's labels, wrapped before 80 columns.
std::string wrapped(std::string_view sentence) {
  std::string out, line;
  std::size_t start = 0;
  while (start < sentence.size()) {
    std::size_t end = sentence.find(' ', start);
    if (end == std::string_view::npos) end = sentence.size();
    const std::string_view word = sentence.substr(start, end - start);
    if (!line.empty() && 8 + line.size() + 1 + word.size() > 79) {
      out += fmt::format("        {}\n", line);
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    start = end + 1;
  }
  if (!line.empty()) out += fmt::format("        {}\n", line);
  return out;
}

/// One test's outcome: measured, or why not.
struct outcome {
  const test_spec* spec;
  std::optional<result> measured;  // empty: n/a, or n/a* when direct_refused
  bool direct_refused = false;
  double ops = 0;
};

nlohmann::json latency_summary(const latency_histogram& h) {
  return {{"count", h.count()}, {"mean_ns", h.mean_ns()}, {"p50_ns", h.percentile_ns(50)},
          {"p99_ns", h.percentile_ns(99)}, {"max_ns", h.max_ns()}};
}

nlohmann::json to_json_report(const options& o, const std::vector<outcome>& outcomes, const nlohmann::json& storage,
                              const std::vector<std::string>& meaning) {
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& t : outcomes) {
    nlohmann::json j = {{"section", t.spec->section}, {"label", t.spec->label}};
    if (!t.measured) {
      j["status"] = t.direct_refused ? "n/a*" : "n/a";
      tests.push_back(std::move(j));
      continue;
    }
    const result& r = *t.measured;
    const double seconds = r.stats.seconds();
    j["status"] = "measured";
    j["ops"] = t.ops;
    j["seconds"] = seconds;
    j["ops_per_sec"] = t.ops / seconds;
    j["usecs_per_op"] = seconds / t.ops * 1e6;
    nlohmann::json latency = nlohmann::json::object();
    for (op_kind k : {op_kind::write, op_kind::flush})
      if (r.stats.of(k).ops) latency[std::string(to_string(k))] = latency_summary(r.stats.of(k).latency);
    j["latency"] = std::move(latency);
    j["workload"] = r.workload;
    tests.push_back(std::move(j));
  }
  return {{"tool", "rb-fsync"},       {"file", o.file.string()},  {"secs_per_test", o.secs_per_test},
          {"block_size", o.block},    {"tests", std::move(tests)}, {"storage", storage},
          {"interpretation", meaning}};
}

}  // namespace

int main(int argc, char** argv) {
  const options o = parse(argc, argv);
  const bool text = !o.json;
  stop_on_signals signals;
  auto out = [&](const std::string& s) {
    if (!text) return;
    std::fputs(s.c_str(), stdout);
    std::fflush(stdout);
  };

  // pg_test_fsync writes to and unlinks whatever it is given; rb-fsync only a regular file or a new one.
  if (std::error_code ec; std::filesystem::exists(o.file, ec) && !std::filesystem::is_regular_file(o.file, ec))
    die(fmt::format("{} is not a regular file; rb-fsync writes a test file there and removes it", o.file.string()));
  // Read before the test file exists, so a bad dump costs nothing.
  std::optional<controller_snapshot> controller;
  if (o.json || o.context) {
    auto found = gather_controller(o.controller);
    if (!found) die(found.message());
    controller = std::move(*found);
  }
  if (!o.context) out(pg_test_fsync::header(o.secs_per_test));
  if (auto prepared = rb_fsync::prepare_file(o.file); !prepared) die(prepared.message());
  const std::string file = o.file.string();
  auto give_up = [&](std::string_view message) {
    ::unlink(file.c_str());
    die(message);
  };
  auto context = gather_storage_context(o.file);
  if (!context) give_up(context.message());
  if (o.context)
    out(format_context(*context) + "\n" + format_controller_section(controller, o.controller) + "\n" +
        pg_test_fsync::header(o.secs_per_test));

  const std::vector<test_spec> tests = rb_fsync::pg_test_fsync_tests(o.block);
  std::vector<outcome> outcomes;
  bool direct_warning = false;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const test_spec& t = tests[i];
    if (i == 0 || tests[i - 1].section != t.section) {
      if (t.section == "one_write" || t.section == "two_writes")
        out(pg_test_fsync::sync_methods_heading(t.section == "one_write" ? 1 : 2, o.block / 1024));
      else if (t.section == "open_sync_sizes") out(pg_test_fsync::open_sync_sizes_heading());
      else if (t.section == "other_descriptor") out(pg_test_fsync::other_descriptor_heading());
      else out(pg_test_fsync::non_sync_heading(o.block / 1024));
    }
    out(pg_test_fsync::label(t.label));
    outcome done{&t, std::nullopt};
    if (!t.available) {
      out(pg_test_fsync::not_available(false));
    } else if (t.direct && !rb_fsync::direct_accepted(o.file, t)) {
      done.direct_refused = true;
      direct_warning = true;
      out(pg_test_fsync::not_available(true));
    } else {
      auto r = rb_fsync::run_test(t, o.file, o.secs_per_test, o.json);
      if (!r) give_up(r.message());
      if (r->stats.interrupted) {
        // As pg_test_fsync 15's signal handler: the file removed, the line ended, exit(signal number).
        ::unlink(file.c_str());
        out("\n");
        const int signal = raidbench::stopping_signal();
        fmt::print(stderr, "rb-fsync: interrupted by SIG{}; the test file is removed\n", ::sigabbrev_np(signal));
        return signal;
      }
      done.ops = rb_fsync::operations(t, *r);
      out(pg_test_fsync::rate(done.ops, r->stats.seconds()));
      done.measured = std::move(*r);
    }
    outcomes.push_back(std::move(done));
    // pg_test_fsync footnotes n/a* at the end of the two sync-method sections only.
    const bool section_ends = i + 1 == tests.size() || tests[i + 1].section != t.section;
    if (section_ends && (t.section == "one_write" || t.section == "two_writes") && direct_warning) {
      out(pg_test_fsync::direct_refused_footnote());
      direct_warning = false;
    }
  }

  // Where the file was, before it goes: the closing interpretation looks at its device.
  auto storage = device_of_path(o.file);
  ::unlink(file.c_str());
  if (!storage) die(storage.message());

  pg_test_fsync::fastest_commit fastest;
  for (const auto& t : outcomes)
    if (t.measured && (t.spec->section == "one_write" || t.spec->section == "two_writes") &&
        t.ops / t.measured->stats.seconds() > fastest.per_second)
      fastest = {t.spec->label, t.ops / t.measured->stats.seconds()};
  const auto meaning = pg_test_fsync::interpretation(file, *storage, fastest);

  if (text) {
    out("\nWhat these figures mean (rb-fsync):\n");
    for (const auto& line : meaning) out(wrapped(line));
    return 0;
  }
  nlohmann::json storage_json = {{"filesystem", storage->filesystem}};
  if (storage->device) {
    storage_json["disk"] = storage->device->disk;
    storage_json["partition"] = storage->device->partition;
    storage_json["rotational"] = storage->device->rotational ? nlohmann::json(*storage->device->rotational) : nlohmann::json();
  }
  nlohmann::json report = to_json_report(o, outcomes, storage_json, meaning);
  report["context"] = *context;
  report["controller"] = controller ? nlohmann::json(*controller) : nlohmann::json();
  fmt::print("{}\n", report.dump(2));
  return 0;
}
