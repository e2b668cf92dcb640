// rb-run: runs one raidbench workload on a scratch file set and prints latency percentiles.
// With no option it runs the default: 70/30 random reads/writes of 4 KiB for 5 s on a 256 MiB file
// in ./raidbench-scratch, which it creates and removes.
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/command_line.hpp"
#include "../common/controller_options.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "../common/progress_display.hpp"
#include "../common/scratch_directory.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/session/run_storage.hpp"
#include "dispatch.hpp"
#include "raidbench/core/owned_file.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/summary.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/rounds.hpp"
#include "raidbench/run/rounds_json.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/verify/check_files.hpp"
#include "raidbench/verify/journal.hpp"
#include "raidbench/verify/lineage.hpp"
#include "raidbench/verify/report.hpp"

using namespace rb_run;
namespace fs = std::filesystem;

namespace {

[[noreturn]] void die(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "rb-run: %s\n", message.c_str());
  std::exit(1);
}

/// --rw's values.
constexpr std::pair<const char*, pattern> patterns[] = {{"read", pattern::read},         {"write", pattern::write},
                                                        {"rewrite", pattern::rewrite},   {"randread", pattern::randread},
                                                        {"randwrite", pattern::randwrite}, {"randrw", pattern::randrw},
                                                        {"rw", pattern::rw}};

const char* rw_name(pattern p) {
  for (const auto& [name, each] : patterns)
    if (each == p) return name;
  return "";
}

constexpr std::uint64_t max_total_size = 1ull << 50;  // 1 PiB

options parse(int argc, char** argv) {
  options o;
  raidbench::tools::command_line cl("rb-run", "rb-run: runs one workload on a scratch file set and prints latency percentiles.");
  std::string rw = "randrw", engine = "psync";
  std::uint64_t fsync_every = 0, fdatasync_every = 0;
  cl.text("--dir DIR", o.dir,
          "scratch directory (default ./raidbench-scratch; created and removed if new; only rb-run's own files are ever removed)");
  std::vector<std::string> rw_names;
  for (const auto& [name, p] : patterns) rw_names.push_back(name);
  cl.choice("--rw MODE", rw, rw_names,
            "read, write, rewrite, randread, randwrite, randrw (default) or rw (sequential mixed)");
  cl.decimal("--rwmixread PERCENT", o.read_percent, 0, 100, "percentage of reads in randrw and rw, 0 to 100 (default 70)");
  cl.size("--bs SIZE", o.block_size, 1, 1ull << 30, "block size, 1 B to 1 GiB (default 4k)");
  cl.size("--size SIZE", o.size, 1, max_total_size, "total size of the file set, up to 1 PiB (default 256M)");
  cl.whole("--files N", o.files, 1, 1'000'000, "number of files the set is split into, 1 to 1000000 (default 1)");
  cl.choice("--engine NAME", engine, {"psync", "io_uring", "mmap", "null"},
            "psync (default), io_uring, mmap, or null (no system call: each request completes at once and no file is "
            "touched; measures rb-run's own cost per request, as fio's ioengine=null)");
  cl.whole("--iodepth N", o.iodepth, 1, 4096, "I/Os in flight with --engine io_uring, 1 to 4096 (default 1)");
  cl.flag("--direct", [&o] { o.open_flags |= O_DIRECT; }, "open the files with O_DIRECT");
  cl.flag("--dsync", [&o] { o.open_flags |= O_DSYNC; }, "open the files with O_DSYNC");
  cl.flag("--sync", [&o] { o.open_flags |= O_SYNC; }, "open the files with O_SYNC");
  cl.whole("--fsync N", fsync_every, 0, 1'000'000'000, "fsync every N writes, up to 1000000000 (0: only once at the end)");
  cl.whole("--fdatasync N", fdatasync_every, 0, 1'000'000'000, "fdatasync every N writes (0: only once at the end)");
  cl.exclusive({"--fsync", "--fdatasync"});
  cl.flag("--end-fsync", o.end_flush, "also flush once at the end, inside the timed window");
  cl.whole("--threads N", o.threads, 1, 1024, "worker threads, 1 to 1024 (default 1)");
  cl.decimal("--time SECONDS", o.seconds, 0, 604800, "run time, up to 604800 (a week; default 5; 0 needs --ops)");
  cl.whole("--ops N", o.ops, 0, 1'000'000'000'000'000, "stop after N reads and writes, up to 10^15 (default 0: no limit)");
  cl.whole("--seed N", o.seed, 0, UINT64_MAX, "random seed, a whole number below 2^64 (default 1)");
  std::string rate_process = "linear";
  cl.whole("--rate-iops N", o.rate_iops, 1, 10'000'000,
           "pace the run: N requests per second over all threads, 1 to 10000000, as fio's rate_iops; each request's "
           "response latency (from its scheduled start) is reported beside its service latency (from submission)");
  cl.choice("--rate-process NAME", rate_process, {"linear", "uniform", "poisson"},
            "arrivals of a paced run: linear (default, as fio's; also called uniform): evenly spaced; poisson: "
            "exponentially distributed gaps");
  o.json.add_to(cl, "the result, with the storage context, the RAID controller, how it is tied to the disk and the verdicts on the run,");
  cl.flag("--context", o.context, "print the storage context (kernel, filesystem, devices) and the RAID controller before the result");
  raidbench::tools::add_controller_options(cl, o.controller);
  cl.flag("--keep", o.keep, "keep the files afterwards (a later run reuses files already of full size)");
  cl.flag("--steady", o.steady,
          "run rounds of --time (or --ops) until the last 5 are at steady state as SNIA's PTS defines it (within 20 % of "
          "their average, trend at most 10 %), or --max-rounds ran; report only those 5 rounds");
  cl.whole("--max-rounds N", o.max_rounds, 5, 10000, "the rounds --steady may run, 5 to 10000 (default 30)");
  cl.decimal("--ramp SECONDS", o.ramp_seconds, 0, 86400, "first run this long without counting it (a warm-up, as fio's ramp_time), up to 86400");
  raidbench::tools::add_verify_options(cl, o.verification,
                                       "stamp every 512-byte sector written (file, offset, write generation, CRC-32C), check "
                                       "every read, re-read everything written at the end, and journal which writes were "
                                       "acknowledged (docs/verify.md); exit status 3 on any error",
                                       "DIR/rb-run.journal; kept until a check passed");
  cl.flag("--verify-only", o.verify_only,
          "check the files against the journal after a crash or power cut: acknowledged writes that did not survive are "
          "reported lost (nothing is written)");
  cl.exclusive({"--verify", "--verify-only"});
  cl.flag("--no-progress", [&o] { o.progress = false; }, "no progress on stderr (a bar on a terminal, a line per step otherwise)");
  cl.footer(R"(With no option: 70/30 random reads and writes of 4 KiB for 5 s on a 256 MiB file in
./raidbench-scratch. SIZE takes a unit: 4k, 1M, 1GiB (binary), 64MB (decimal).
Examples:
  rb-run --rw randread --engine io_uring --iodepth 32 --direct --time 30
  rb-run --rw write --bs 8k --fdatasync 1 --json=run.json
  rb-run --rw randrw --steady --ramp 10 --json > run.json
Exit status: 0 done, 1 an error, 2 a usage error, 3 verification errors, 128+N stopped by signal N.)");
  cl.parse(argc, argv);
  o.dir_named = cl.given("--dir");
  for (const auto& [name, p] : patterns)
    if (rw == name) o.rw = p;
  o.engine = engine == "io_uring" ? engine_kind::io_uring
             : engine == "mmap"   ? engine_kind::mmap
             : engine == "null"   ? engine_kind::null
                                  : engine_kind::psync;
  if (cl.given("--fsync")) o.flush = flush_kind::fsync, o.flush_every = fsync_every;
  if (cl.given("--fdatasync")) o.flush = flush_kind::fdatasync, o.flush_every = fdatasync_every;
  if (o.end_flush && o.flush == flush_kind::none) o.flush = flush_kind::fsync;
  if (o.engine != engine_kind::io_uring && o.iodepth != 1) cl.usage_error("--iodepth needs --engine io_uring");
  if ((o.size / o.files) % o.block_size != 0)
    cl.usage_error(fmt::format("--size per file ({}) must be a multiple of --bs ({})", o.size / o.files, o.block_size));
  // Before any file is looked at or made: each file holds at least one block.
  if (o.size / o.files < o.block_size)
    cl.usage_error(fmt::format("--size per file ({}) is smaller than --bs ({}): fewer --files or a larger --size", o.size / o.files,
                               o.block_size));
  if (o.seconds == 0 && o.ops == 0) cl.usage_error("--time 0 needs --ops, or the run would never end");
  if (cl.given("--rate-process") && o.rate_iops == 0) cl.usage_error("--rate-process needs --rate-iops");
  o.uniform_arrivals = rate_process != "poisson";
  if (o.rate_iops > 0 && (o.verification.verify || o.verify_only)) cl.usage_error("--rate-iops and --verify cannot be combined");
  if (o.engine == engine_kind::null && (o.verification.verify || o.verify_only))
    cl.usage_error("--verify needs an engine that moves data: psync, io_uring or mmap");
  if (o.verification.verify && o.block_size % raidbench::verify::sector_size != 0)
    cl.usage_error(fmt::format("--verify stamps 512-byte sectors: --bs ({}) must be a multiple of 512", o.block_size));
  // The runner's own rule, before preparing files for a run it would refuse.
  if (auto fits = raidbench::detail::check_buffer_memory(o.block_size, o.iodepth, o.threads); !fits) cl.usage_error(fits.message());
  return o;
}

bool needs_existing_data(pattern p) { return p != pattern::write; }
bool reads(pattern p) { return p == pattern::read || p == pattern::randread || p == pattern::randrw || p == pattern::rw; }

/// True when every file of the set is already there at its full size (a kept, possibly cache-hot set),
/// or when the engine touches no file (null).
bool already_prepared(const options& o) {
  if (o.engine == engine_kind::null) return true;
  for (std::uint32_t i = 0; i < o.files; ++i) {
    const auto st = o.held->status(fmt::format("rb-run.{}", i));
    if (!st || !S_ISREG(st->st_mode) || static_cast<std::uint64_t>(st->st_size) < o.size / o.files) return false;
  }
  return true;
}


// A run a signal (or a standard output nobody reads) stopped before it measured anything.
int stopped(const char* when) {
  if (!raidbench::tools::stdout_complete("rb-run")) return 1;
  std::fprintf(stderr, "rb-run: interrupted %s\n", when);
  return raidbench::interrupted_exit_status();
}

/// The files of the set by absolute path, as a journal records them.
std::vector<std::string> set_paths(const options& o) {
  std::vector<std::string> out;
  for (std::uint32_t i = 0; i < o.files; ++i) out.push_back(fs::absolute(fs::path(o.dir) / fmt::format("rb-run.{}", i)).string());
  return out;
}

fs::path journal_path(const options& o) {
  return o.verification.journal.empty() ? fs::path(o.dir) / "rb-run.journal" : o.verification.journal;
}

/// Exit status of a verification that found errors.
constexpr int verify_errors_exit = 3;

/// The JSON first (into --json=FILE, or on standard output for --json alone), then `text` unless
/// --json alone; false, after one line, when the file could not be written (the text still is).
bool report(const options& o, const nlohmann::json* j, const std::string& text) {
  bool written = true;
  if (j && o.json.file) {
    if (auto w = raidbench::tools::write_output_file(*o.json.file, j->dump(2) + "\n"); !w) {
      std::fprintf(stderr, "rb-run: --json: %s\n", w.message().c_str());
      written = false;
    }
  } else if (j) {
    raidbench::tools::print_out(j->dump(2) + "\n");
  }
  if (!o.json.to_stdout()) raidbench::tools::print_out(text);
  return written;
}

/// Removes `file` through its directory, held, and only if it is a regular file of this user with one
/// name (not a link or another's file put under its name since).
void remove_own_file(const fs::path& file) {
  auto dir = raidbench::held_directory::open(file.parent_path());
  const std::string name = file.filename().string();
  if (dir && dir->adopt(name)) dir->remove(name);
}

/// --verify-only: the files against the journal, after a crash; a check that passes ends the
/// lineage (its files and journal are removed unless --keep).
int verify_only(const options& o) {
  auto record = raidbench::verify::journal::open(journal_path(o));
  if (!record) die(record.message());
  auto v = raidbench::verify::session_from(std::move(*record), o.verification.errors);
  auto pass = raidbench::verify::check_files(*v, {.after_crash = true});
  if (!pass) die(pass.message());
  const bool passed = v->errors().total() == 0;
  const raidbench::verify::verification_report checked{v.get(), &*pass, true, {}, !passed || o.keep};
  const nlohmann::json j = {{"verification", raidbench::verify::verification_json(checked)}};
  const bool written = report(o, o.json.given ? &j : nullptr, raidbench::verify::format_verification(checked));
  if (passed && !o.keep) {  // the lineage ends: its files and journal go
    for (const auto& f : v->layout().files) remove_own_file(f);
    remove_own_file(v->record()->path());
  }
  if (!raidbench::tools::stdout_complete("rb-run") || !written) return 1;
  return passed ? 0 : verify_errors_exit;
}

int run_tool(int argc, char** argv) {
  options o = parse(argc, argv);
  if (o.json.file) {
    // Never one of the files the run reads or writes (a dump, the file set, the journal), and
    // writable before the run starts.
    const raidbench::tools::named_file json{o.json.shown(), *o.json.file};
    auto others = raidbench::tools::numbered_outputs(o.dir, "rb-run.", o.files, {json});
    for (const auto& f : o.controller.files) others.push_back({"--controller-file " + f.string(), f});
    if (o.verify_only || o.verification.verify) others.push_back({"the journal " + journal_path(o).string(), journal_path(o)});
    if (auto distinct = raidbench::tools::check_distinct({json}, others); !distinct) die(distinct.message());
    if (auto writable = raidbench::tools::check_output_file(*o.json.file); !writable) die(fmt::format("--json: {}", writable.message()));
  }
  if (o.verify_only) return verify_only(o);
  raidbench::stop_on_signals stop_guard;
  // A dump read is never one of the files the run writes.
  std::vector<raidbench::tools::named_file> dumps;
  for (const auto& f : o.controller.files) dumps.push_back({"--controller-file " + f.string(), f});
  if (auto distinct = raidbench::tools::check_distinct(raidbench::tools::numbered_outputs(o.dir, "rb-run.", o.files, dumps), dumps);
      !distinct)
    die(distinct.message());
  // Before any file is touched, so a bad dump costs nothing.
  std::optional<raidbench::controller_snapshot> controller;
  if (o.json.given || o.context) {
    auto found = raidbench::gather_controller(o.controller);
    if (!found && found.err().errnum == EINTR) {
      std::fprintf(stderr, "rb-run: %s; nothing was measured\n", found.message().c_str());
      return raidbench::interrupted_exit_status();
    }
    if (!found) die(found.message());
    controller = std::move(*found);
  }
  // The scratch directory, held for the whole run: the files are created, used and removed through
  // it, and clean-up removes only those this run created (core/held_directory.hpp), also when the
  // stack unwinds past it, unless --keep or a verification error keeps them as evidence.
  auto held = raidbench::tools::hold_scratch(o.dir, o.dir_named);
  if (!held) die(held.message());
  raidbench::held_directory& scratch = *held;
  o.held = &scratch;
  raidbench::tools::remove_created_on_exit cleaned(scratch, o.keep);
  // --verify: a journal this run created (for a file set it created) goes with the files.
  fs::path own_journal_elsewhere;
  const auto clean = [&] {
    scratch.remove_created();
    if (!own_journal_elsewhere.empty()) remove_own_file(own_journal_elsewhere);
    own_journal_elsewhere.clear();
  };
  bool fresh_set = true;
  for (std::uint32_t i = 0; i < o.files && fresh_set; ++i) fresh_set = !scratch.status(fmt::format("rb-run.{}", i));

  auto context = raidbench::gather_storage_context(o.dir);
  if (!context) {
    clean();
    die(context.message());
  }
  const bool text = !o.json.to_stdout();
  if (o.context && text) raidbench::tools::print_out(raidbench::storage_text(*context, controller, o.controller) + "\n");

  raidbench::run_options ro;
  // Free space, before a file is written: a set the filesystem cannot hold is one line, not ENOSPC later.
  if (struct statvfs vfs {}; !already_prepared(o) && ::fstatvfs(scratch.fd(), &vfs) == 0 &&
                             o.size > static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize) {
    clean();
    die(fmt::format("--dir {} has {} free; the file set needs {}", o.dir,
                    raidbench::format_iec(static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize), raidbench::format_iec(o.size)));
  }
  // --verify: a new lineage and journal, or the one the journal records, checked first.
  std::unique_ptr<raidbench::verify::session> verified;
  bool journal_removed_with_files = false;
  if (o.verification.verify) {
    auto started = raidbench::verify::open_lineage({journal_path(o), set_paths(o), o.size / o.files, o.block_size,
                                                    o.verification.payload, o.verification.journal_batch, o.verification.errors,
                                                    reads(o.rw), already_prepared(o)});
    if (!started) {
      clean();
      die(started.message());
    }
    verified = std::move(started->verified);
    if (!started->resumed && fresh_set) {
      journal_removed_with_files = true;
      if (o.verification.journal.empty()) (void)scratch.adopt("rb-run.journal");  // in the scratch directory: by its record
      else own_journal_elsewhere = journal_path(o);
    }
    if (verified->errors().total() != 0) {  // what an earlier run left is not what its journal says
      if (text) raidbench::tools::print_out(raidbench::verify::format_verification({verified.get(), &started->found, true, {}, true}));
      std::fprintf(stderr, "rb-run: the files do not hold what journal %s acknowledged; nothing was run\n",
                   journal_path(o).c_str());
      cleaned.keep();
      return raidbench::tools::stdout_complete("rb-run") ? verify_errors_exit : 1;
    }
    o.session = verified.get();
  }
  // Progress on stderr (common/progress_display.hpp): laying the data down, the ramp, the run.
  const bool prepare = needs_existing_data(o.rw) && !already_prepared(o);
  raidbench::tools::progress_display progress("rb-run", o.progress, (prepare ? 1 : 0) + (o.ramp_seconds > 0 ? 1 : 0) + 1);
  std::size_t step = 0;
  if (progress.live()) {
    ro.progress_interval = std::chrono::milliseconds(250);
    ro.on_progress = [&](const raidbench::progress_snapshot& snap) { progress.update(snap); };
  }
  // Runs `run` as the next step.
  const auto as_step = [&](const std::string& name, double seconds, std::uint64_t bytes, const auto& run) {
    progress.start(++step, name, seconds, bytes);
    auto done = run();
    progress.finish();
    return done;
  };
  if (prepare) {
    // Lay the data down first (untimed for the result): sequential writes then one fdatasync.
    options prep = o;
    prep.rw = pattern::write;
    // Verified blocks are of the run's size: the journal keeps a generation per block.
    prep.block_size = (o.size / o.files) % (1u << 20) == 0 && !o.verification.verify ? 1u << 20 : o.block_size;
    prep.flush = flush_kind::fdatasync;
    prep.flush_every = 0;
    prep.open_flags = 0;
    prep.engine = engine_kind::psync;
    prep.iodepth = 1;
    prep.threads = 1;
    prep.rate_iops = 0;  // as fast as it goes
    prep.seconds = 0;
    prep.ops = o.size / prep.block_size;
    auto prepared = as_step(fmt::format("prepare {} (not counted)", raidbench::format_iec(o.size)), 0, o.size,
                            [&] { return run_options_workload(prep, ro); });
    if (!prepared) {
      clean();
      die(prepared.message());
    }
    if (prepared->stats.interrupted) {  // stopped while laying the data down: nothing was measured
      clean();
      return stopped("while preparing the files; nothing was measured");
    }
    if (text)
      raidbench::tools::print_out(fmt::format("prepared: {} in {:.2f} s\n", raidbench::format_iec(o.size), prepared->stats.seconds()));
  }
  if (o.ramp_seconds > 0) {
    options ramp = o;
    ramp.seconds = o.ramp_seconds;
    ramp.ops = 0;
    ramp.seed = o.seed + o.max_rounds;  // not a seed a measured round uses: the warm-up replays none of their blocks
    auto warm = as_step(fmt::format("ramp {} s (not counted)", o.ramp_seconds), o.ramp_seconds, 0,
                        [&] { return run_options_workload(ramp, ro); });
    if (!warm || warm->stats.interrupted) {
      if (!o.keep) clean();
      if (!warm) die(warm.message());
      return stopped("during the ramp; nothing was measured");
    }
    if (text) raidbench::tools::print_out(fmt::format("ramp: {:.2f} s, not counted\n", warm->stats.seconds()));
  }
  // --verify: the final pass re-reads everything written, before anything is removed; errors keep
  // the files and the journal as evidence.
  std::optional<raidbench::verify::check_report> final_pass;
  const auto verification_failed = [&] { return verified && verified->errors().total() != 0; };
  const auto finish = [&](const raidbench::result* measured) -> std::optional<raidbench::verify::verification_report> {
    if (verified && measured) {
      auto pass = raidbench::verify::check_files(*verified, {});
      if (!pass) die(pass.message());
      final_pass = *pass;
    }
    const bool keep_all = verification_failed();
    if (keep_all) cleaned.keep();
    if (!o.keep && !keep_all) clean();
    if (!verified || !measured) return std::nullopt;
    const bool journal_kept = o.keep || keep_all || !journal_removed_with_files;
    return raidbench::verify::verification_report{
        verified.get(), &*final_pass, false, {measured->stats.seconds(), measured->stats.bytes(), measured->workload.threads}, journal_kept};
  };
  // The result (its JSON starting as `j`, its text as `summary`) with the verification, and the exit
  // status: 1 when standard output or the JSON file lost it, 3 for verification errors, 128 + the
  // signal when a signal cut the run short, 0 otherwise.
  const auto conclude = [&](const raidbench::result& measured, nlohmann::json j, std::string summary) {
    const auto checked = finish(&measured);
    if (checked) {
      j["verification"] = raidbench::verify::verification_json(*checked);
      summary += raidbench::verify::format_verification(*checked);
    }
    const bool written = report(o, o.json.given ? &j : nullptr, summary);
    if (verification_failed())
      std::fprintf(stderr, "rb-run: verification found errors; the files and journal %s are kept\n", journal_path(o).c_str());
    if (!raidbench::tools::stdout_complete("rb-run") || !written) return 1;
    if (verification_failed()) return verify_errors_exit;
    return measured.stats.interrupted ? raidbench::interrupted_exit_status() : 0;
  };
  // The JSON of a result: the result and the storage part every tool's JSON has (the context, the
  // controller, its tie to the disk, the verdicts on what was measured).
  const auto json_of = [&](const raidbench::result& measured) {
    nlohmann::json j;
    if (!o.json.given) return j;
    j = measured;
    const raidbench::named_result judged[] = {{"run", measured}};
    raidbench::add_storage_json(j, *context, controller, o.controller, judged);
    return j;
  };
  // The run: --time seconds or --ops reads and writes, whichever ends it first.
  const std::string name = fmt::format("{} {}", rw_name(o.rw), raidbench::format_iec(o.block_size));
  const std::uint64_t expected_bytes = o.ops > UINT64_MAX / o.block_size ? 0 : o.ops * o.block_size;
  if (o.steady) {
    // Each round with its own seed, so a round does not replay the last one's blocks.
    const std::size_t run_step = step + 1;
    const auto r = raidbench::run_until_steady(
        [&](unsigned i) {
          options round = o;
          round.seed = o.seed + i;
          step = run_step - 1;
          return as_step(fmt::format("{} (round {})", name, i + 1), o.seconds, expected_bytes,
                         [&] { return run_options_workload(round, ro); });
        },
        o.max_rounds, [&](unsigned i, double rate) {
          if (text) raidbench::tools::print_out(fmt::format("round {}: {:.1f} ops/s\n", i + 1, rate));
        });
    if (!r) {
      finish(nullptr);
      die(r.message());
    }
    nlohmann::json j = json_of(r->window);
    if (o.json.given) j["steady_state"] = raidbench::steady_state_json(*r);
    return conclude(r->window, std::move(j),
                    raidbench::describe_steady_state(*r) + "\n" + raidbench::format_summary(r->window, context->ram_bytes.value_or(0)));
  }
  auto r = as_step(name, o.seconds, expected_bytes, [&] { return run_options_workload(o, ro); });
  if (!r) {
    finish(nullptr);
    die(r.message());
  }
  return conclude(*r, json_of(*r), raidbench::format_summary(*r, context->ram_bytes.value_or(0)));
}

}  // namespace

int main(int argc, char** argv) {
  raidbench::tools::ignore_sigpipe();
  return raidbench::tools::last_resort("rb-run", [&] { return run_tool(argc, argv); });
}
