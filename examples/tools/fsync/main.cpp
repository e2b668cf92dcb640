// rb-fsync: PostgreSQL 15's pg_test_fsync, composed from raidbench's sync and open-flag policies,
// with JSON, a WAL block size option and a closing interpretation of the figures (on stderr).
#include <getopt.h>
#include <limits.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <cerrno>
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

#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/durability_option.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/run_storage.hpp"
#include "fsync_tests.hpp"
#include "raidbench/context/device_of_path.hpp"
#include "raidbench/text/toolkit.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/core/units.hpp"
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
  std::optional<std::string> durability;
};

/// The name messages start with: argv[0]'s last component, as pg_test_fsync's get_progname(), so a
/// copy installed as pg_test_fsync says "pg_test_fsync: error: …" as the scripts that call it expect.
std::string progname = "rb-fsync";

/// pg_test_fsync's pg_fatal(): "<name>: error: <message>", exit status 1.
[[noreturn]] void die(std::string_view message) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s: error: %.*s\n", progname.c_str(), static_cast<int>(message.size()), message.data());
  std::exit(1);
}

/// A bad command line: the error (if any; getopt has printed its own) and pg_test_fsync's hint.
[[noreturn]] void die_with_hint(std::string_view message = {}) {
  if (!message.empty()) fmt::print(stderr, "{}: error: {}\n", progname, message);
  fmt::print(stderr, "{}: hint: Try \"{} --help\" for more information.\n", progname, progname);
  std::exit(1);
}

/// A failed system call in pg_test_fsync's words ("could not open output file: …", "write failed: …",
/// "fsync failed: …"); anything else in raidbench's.
std::string in_pg_test_fsync_words(const raidbench::error& e) {
  const std::string_view call = e.call;
  const char* what = call.starts_with("open")                                      ? "could not open output file"
                     : call.find("write") != call.npos || call == "posix_fallocate" ? "write failed"
                     : call.find("sync") != call.npos                              ? "fsync failed"
                                                                                    : nullptr;
  if (what == nullptr) return e.message;
  // A short write has no errno (pg_test_fsync would print "Success"): raidbench's explanation instead.
  return fmt::format("{}: {}", what, e.errnum != 0 ? std::string(std::strerror(e.errnum)) : e.message);
}

std::string usage() {
  return fmt::format(
      "Usage: {} [-f FILENAME] [-s SECS-PER-TEST] [--block-size=SIZE] [--json]\n"
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
      "      --no-controller       with --json or --context: do not look for a RAID controller\n"
      "      --controller-owns-target  with --json or --context: the controller read holds the file's\n"
      "                            disk, when rb-fsync cannot see it; reports say it was asserted\n"
      "      --durability=FILE     a power-cut test of the file's device (rb-durable verify --json=FILE):\n"
      "                            the verdict on the flushes says what it proved\n"
      "What the figures mean follows the report on stderr (with --json, under \"interpretation\").\n",
      progname);
}

/// -s as pg_test_fsync reads it: strtoul's whole number (leading blanks and a sign allowed) that fits
/// an unsigned int, and not 0.
unsigned seconds_per_test(const char* text) {
  errno = 0;
  char* end = nullptr;
  const unsigned long value = std::strtoul(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || value != static_cast<unsigned>(value))
    die_with_hint("invalid argument for option --secs-per-test");
  if (value == 0) die("--secs-per-test must be in range 1..4294967295");
  return static_cast<unsigned>(value);
}

options parse(int argc, char** argv) {
  if (argc > 1) {
    const std::string_view first = argv[1];
    if (first == "--help" || first == "-?") {
      fmt::print("{}", usage());
      std::exit(0);
    }
    if (first == "--version" || first == "-V") {
      fmt::print("{} (raidbench) 0.1.0, after pg_test_fsync (PostgreSQL) 15\n", progname);
      std::exit(0);
    }
  }
  enum { block_size_option = 1000, json_option, context_option, controller_file_option, no_controller_option,
         owns_target_option, durability_option };
  static const option long_options[] = {{"filename", required_argument, nullptr, 'f'},
                                        {"secs-per-test", required_argument, nullptr, 's'},
                                        {"block-size", required_argument, nullptr, block_size_option},
                                        {"json", no_argument, nullptr, json_option},
                                        {"context", no_argument, nullptr, context_option},
                                        {"controller-file", required_argument, nullptr, controller_file_option},
                                        {"no-controller", no_argument, nullptr, no_controller_option},
                                        {"controller-owns-target", no_argument, nullptr, owns_target_option},
                                        {"durability", required_argument, nullptr, durability_option},
                                        {nullptr, 0, nullptr, 0}};
  options o;
  int c;
  // getopt complains in its own words, naming argv[0] as given, as it does for pg_test_fsync.
  while ((c = ::getopt_long(argc, argv, "f:s:", long_options, nullptr)) != -1) {
    switch (c) {
      case 'f': o.file = optarg; break;
      case 's': o.secs_per_test = seconds_per_test(optarg); break;
      case block_size_option: {
        auto size = parse_size(optarg);
        if (!size) die_with_hint(size.message());
        if (*size < 1024 || *size > 65536 || (*size & (*size - 1)) != 0)
          die_with_hint(fmt::format("--block-size must be a power of two from 1k to 64k, as PostgreSQL's WAL blocks, not '{}'", optarg));
        o.block = *size;
        break;
      }
      case json_option: o.json = true; break;
      case context_option: o.context = true; break;
      case controller_file_option:
        if (*optarg == '\0') die_with_hint("--controller-file needs a file name");
        o.controller.files.emplace_back(optarg);
        break;
      case no_controller_option: o.controller.live = false; break;
      case owns_target_option: o.controller.owns_target = true; break;
      case durability_option:
        if (*optarg == '\0') die_with_hint("--durability needs a file name");
        o.durability = optarg;
        break;
      default: die_with_hint();
    }
  }
  if (optind < argc) die_with_hint(fmt::format("too many command-line arguments (first is \"{}\")", argv[optind]));
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
  return {{"schema", "raidbench.fsync_report"}, {"schema_version", 1},
          {"tool", "rb-fsync"},       {"file", o.file.string()},   {"secs_per_test", o.secs_per_test},
          {"block_size", o.block},    {"tests", std::move(tests)}, {"storage", storage},
          {"interpretation", meaning}};
}


/// 0, or pg_test_fsync's fatal error when standard output lost what was printed (a full device, a
/// closed terminal: pg_test_fsync does not check, and exits 0 having said nothing).
int stdout_errno = 0;  // the first failed write's

void write_stdout(const std::string& s) {
  errno = 0;
  if ((std::fputs(s.c_str(), stdout) == EOF || std::fflush(stdout) != 0) && stdout_errno == 0) stdout_errno = errno ? errno : EIO;
}

int stdout_written() {
  if (stdout_errno != 0) die(fmt::format("could not write to standard output: {}", std::strerror(stdout_errno)));
  return 0;
}

// The test file while it exists, for the SIGPIPE handler below, which may only call what is
// async-signal-safe: its directory's held descriptor, its name and identity in fixed storage, and
// fstatat, unlinkat, signal and raise. It removes the file only while the name still leads to it.
int test_dir_fd = -1;
char test_file_name[NAME_MAX + 1] = "";
dev_t test_file_dev = 0;
ino_t test_file_ino = 0;

// pg_test_fsync dies of SIGPIPE when its reader goes (`rb-fsync | head -3`), and so does rb-fsync;
// its test file is removed first, as on every other way out.
extern "C" void remove_test_file_and_die(int) {
  struct stat st {};
  if (test_dir_fd >= 0 && ::fstatat(test_dir_fd, test_file_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_dev == test_file_dev &&
      st.st_ino == test_file_ino)
    ::unlinkat(test_dir_fd, test_file_name, 0);
  ::signal(SIGPIPE, SIG_DFL);
  ::raise(SIGPIPE);
}

/// The test file in its held directory, removed (by record: only while its name leads to it) when
/// the stack unwinds past it (an exception the last resort catches) or SIGPIPE ends the run, as
/// pg_test_fsync removes it on every way out.
class test_file_guard {
 public:
  test_file_guard(held_directory& dir, std::string name) : dir_(dir), name_(std::move(name)) {
    const auto st = dir_.status(name_);
    if (st && name_.size() < sizeof test_file_name) {
      std::memcpy(test_file_name, name_.c_str(), name_.size() + 1);
      test_file_dev = st->st_dev;
      test_file_ino = st->st_ino;
      test_dir_fd = dir_.fd();
    }
  }
  test_file_guard(const test_file_guard&) = delete;
  test_file_guard& operator=(const test_file_guard&) = delete;
  ~test_file_guard() { remove(); }
  void remove() noexcept {
    test_dir_fd = -1;
    if (!name_.empty()) dir_.remove(name_);
    name_.clear();
  }

 private:
  held_directory& dir_;
  std::string name_;
};

int run_tool(int argc, char** argv) {
  const options o = parse(argc, argv);
  // Ignored by whoever started rb-fsync, SIGPIPE stays ignored: a write then fails with EPIPE.
  if (struct sigaction old {}; ::sigaction(SIGPIPE, nullptr, &old) == 0 && old.sa_handler != SIG_IGN)
    ::signal(SIGPIPE, remove_test_file_and_die);
  const bool text = !o.json;
  stop_on_signals signals;
  auto out = [&](const std::string& s) {
    if (text) write_stdout(s);
  };
  // As pg_test_fsync 15's signal handler: the file removed, the line ended, exit(signal number).
  auto interrupted = [&](test_file_guard* test_file) {
    if (test_file) test_file->remove();
    out("\n");
    const int signal = raidbench::stopping_signal();
    std::fprintf(stderr, "%s: interrupted by SIG%s%s\n", progname.c_str(), ::sigabbrev_np(signal),
                 test_file ? "; the test file is removed" : "");
    return signal;
  };

  // The test file is overwritten and removed: never a dump read.
  std::vector<raidbench::tools::named_file> dumps;
  for (const auto& f : o.controller.files) dumps.push_back({"--controller-file=" + f.string(), f});
  if (o.durability) dumps.push_back({"--durability=" + *o.durability, *o.durability});
  if (auto distinct = raidbench::tools::check_distinct({{"-f " + o.file.string(), o.file}}, dumps); !distinct) die(distinct.message());
  const auto durability = raidbench::tools::read_durability_option(o.durability);
  if (!durability) die(durability.message());
  // Read before the test file exists, so a bad dump costs nothing.
  std::optional<controller_snapshot> controller;
  if (o.json || o.context) {
    auto found = gather_controller(o.controller);
    if (stop_request().load()) return interrupted(nullptr);  // a vendor tool was running: it is stopped
    if (!found) die(found.message());
    controller = std::move(*found);
  }
  if (!o.context) out(pg_test_fsync::header(o.secs_per_test));
  // pg_test_fsync fails to open "" or a directory after its header, as here; it writes to and unlinks
  // any other file it is given (even /dev/null), rb-fsync only a regular file or a new one.
  if (o.file.empty()) die(in_pg_test_fsync_words(system_failure("open", "", ENOENT)));
  if (std::error_code ec; std::filesystem::is_directory(o.file, ec))
    die(in_pg_test_fsync_words(system_failure("open", o.file.string(), EISDIR)));
  if (std::error_code ec; std::filesystem::exists(o.file, ec) && !std::filesystem::is_regular_file(o.file, ec))
    die(fmt::format("{} is not a regular file; rb-fsync writes a test file there and removes it", o.file.string()));
  // The test file's directory, held for the whole run: the file is written, tested and removed
  // through it (core/held_directory.hpp), wherever that directory's path leads meanwhile.
  const std::string name = o.file.filename().string();
  if (name.empty()) die(in_pg_test_fsync_words(system_failure("open", o.file.string(), EISDIR)));
  auto held = held_directory::open(o.file.parent_path());
  if (!held) die(in_pg_test_fsync_words(held.err()));
  held_directory& dir = *held;
  auto prepared = rb_fsync::prepare_file(dir, name);
  if (!prepared) die(in_pg_test_fsync_words(prepared.err()));
  // pg_test_fsync removes its test file at the end, one it found there too: recorded now, removed
  // only while the name still leads to it.
  if (auto adopted = dir.owns(name) ? expected<void>{} : dir.adopt(name); !adopted) die(adopted.message());
  test_file_guard test_file(dir, name);
  // Stopped while it wrote the 16 MiB the tests run on: an interrupted run, not a file to prepare.
  if (prepared->stats.interrupted) return interrupted(&test_file);
  auto give_up = [&](std::string_view message) {
    test_file.remove();
    die(message);
  };
  auto context = gather_storage_context(o.file);
  if (!context) give_up(context.message());
  if (o.context)
    out(raidbench::storage_text(*context, controller, o.controller) + "\n" +
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
    } else if (t.direct && !rb_fsync::direct_accepted(dir, name, t)) {
      done.direct_refused = true;
      direct_warning = true;
      out(pg_test_fsync::not_available(true));
    } else {
      auto r = rb_fsync::run_test(t, dir, name, o.secs_per_test, o.json);
      if (!r) give_up(in_pg_test_fsync_words(r.err()));
      if (r->stats.interrupted) return interrupted(&test_file);
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

  // Where the file was, before it goes: the closing interpretation looks at its device, found
  // through the directory held (its path may lead elsewhere by now).
  auto storage = device_of_path(fmt::format("/proc/self/fd/{}", dir.fd()));
  test_file.remove();
  if (!storage) die(storage.message());

  pg_test_fsync::fastest_commit fastest;
  std::string fastest_name;
  std::vector<raidbench::named_result> measured;
  for (const auto& t : outcomes) {
    if (!t.measured) continue;
    // Labels repeat across sections (fdatasync writes once and twice): a result's name says both.
    measured.push_back({fmt::format("{}/{}", t.spec->section, raidbench::text::trim(t.spec->label)), *t.measured});
    if ((t.spec->section == "one_write" || t.spec->section == "two_writes") && t.ops / t.measured->stats.seconds() > fastest.per_second) {
      fastest = {t.spec->label, t.ops / t.measured->stats.seconds()};
      fastest_name = measured.back().name;
    }
  }
  // The judgement is the flush rule's on the fastest method, as every tool's (verdict/flush_faster_than_media.hpp).
  const auto owner = raidbench::tie_controller(*context, controller, o.controller);
  const auto verdicts = raidbench::judge_run(*context, controller, owner, measured, raidbench::shipped_rules, *durability);
  const auto flush = std::find_if(verdicts.begin(), verdicts.end(), [&](const raidbench::verdict& v) {
    return v.rule == "flush_faster_than_media" && v.subject == fastest_name;
  });
  const auto meaning = pg_test_fsync::interpretation(o.file.string(), *storage, fastest, flush == verdicts.end() ? nullptr : &*flush);

  if (text) {
    // raidbench's own reading of the figures: on stderr, so stdout stays pg_test_fsync's report.
    std::string reading = "\nWhat these figures mean (rb-fsync):\n";
    for (const auto& line : meaning) reading += wrapped(line);
    std::fputs(reading.c_str(), stderr);
    return stdout_written();
  }
  nlohmann::json storage_json = {{"filesystem", storage->filesystem}};
  if (storage->device) {
    storage_json["disk"] = storage->device->disk;
    storage_json["partition"] = storage->device->partition;
    storage_json["rotational"] = storage->device->rotational ? nlohmann::json(*storage->device->rotational) : nlohmann::json();
  }
  nlohmann::json report = to_json_report(o, outcomes, storage_json, meaning);
  raidbench::add_storage_json(report, *context, controller, owner, verdicts);
  write_stdout(report.dump(2) + "\n");
  return stdout_written();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0 && argv[0] != nullptr && *argv[0] != '\0') progname = std::filesystem::path(argv[0]).filename().string();
  return raidbench::tools::last_resort(progname, [&] { return run_tool(argc, argv); });
}
