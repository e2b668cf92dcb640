// rb-run: runs one raidbench workload on a scratch file set and prints latency percentiles.
// With no option it runs the default: 70/30 random reads/writes of 4 KiB for 5 s on a 256 MiB file
// in ./raidbench-scratch, which it creates and removes.
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
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

#include "../common/arguments.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
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

constexpr std::string_view usage = R"(usage: rb-run [options]
  --dir DIR          scratch directory (default ./raidbench-scratch; created and removed if new)
  --rw MODE          read, write, rewrite, randread, randwrite, randrw (default), rw (sequential mixed)
  --rwmixread P      percentage of reads in randrw/rw (default 70)
  --bs SIZE          block size (default 4k)
  --size SIZE        total size of the file set (default 256M)
  --files N          number of files, 1…1000000 (default 1)
  --engine NAME      psync (default), io_uring, mmap
  --iodepth N        I/Os in flight with io_uring (default 1)
  --direct --dsync --sync   open with O_DIRECT, O_DSYNC, O_SYNC
  --fsync N | --fdatasync N flush every N writes (0: only at the end)
  --end-fsync        also flush once at the end (inside the timed window)
  --threads N        worker threads (default 1)
  --time SECONDS     run time (default 5)
  --ops N            stop after N reads and writes
  --seed N           random seed (default 1)
  --json             print the result as JSON, with the storage context, the RAID controller, how
                     it is tied to the disk and the verdicts on the run
  --context          print the storage context (kernel, filesystem, devices) and the RAID
                     controller before the result
  --controller-file FILE  read the controller from a saved dump of MegaCLI, StorCLI, ssacli,
                     arcconf, mdadm or /proc/mdstat (repeatable); without one, the RAID tools
                     found on PATH are run (with --json or --context)
  --no-controller    do not look for a RAID controller
  --controller-owns-target  the controller read holds the disk under --dir, when rb-run cannot
                     see it; reports say it was asserted
  --keep             keep the files afterwards (a later run reuses files already of full size)
  --steady           run rounds of --time (or --ops) until the last 5 are at steady state as SNIA's
                     PTS defines it (within 20 % of their average, trend at most 10 %), or
                     --max-rounds (default 30) ran; report only those 5 rounds
  --ramp SECONDS     first run this long without counting it (a warm-up, as fio's ramp_time)
  --verify           stamp every 512-byte sector written (file, offset, write generation, CRC-32C),
                     check every read, re-read everything written at the end, and journal which
                     writes were acknowledged (docs/verify.md); exit status 3 on any error
  --verify-only      check the files against the journal after a crash or power cut: acknowledged
                     writes that did not survive are reported lost (nothing is written)
  --journal FILE     the journal (default DIR/rb-run.journal); kept until a check passed
  --journal-batch N  acknowledgements per journal commit (default 1: each flush's writes are
                     durable in the journal before the run goes on)
  --verify-payload K random (default), compressible (about 2:1) or zero
  --verify-errors N  error messages shown (default 20; all are counted)
)";

[[noreturn]] void die(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "rb-run: %s\n", message.c_str());
  std::exit(1);
}

std::uint64_t size_arg(std::string_view option, std::string_view text) {
  auto v = raidbench::parse_size(text);
  if (!v) die(fmt::format("{}: {}", option, v.message()));
  return *v;
}

std::uint64_t count_arg(std::string_view option, std::string_view text) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || p != text.data() + text.size())
    die(fmt::format("{}: '{}' is not a whole number", option, text));
  return v;
}

/// A count that must fit 32 bits (files, threads, queue depth): a larger one is refused, never wrapped.
std::uint32_t count32_arg(std::string_view option, std::string_view text) {
  const std::uint64_t v = count_arg(option, text);
  if (v > UINT32_MAX) die(fmt::format("{}: '{}' is too large", option, text));
  return static_cast<std::uint32_t>(v);
}

double number_arg(std::string_view option, std::string_view text) {
  try {
    std::size_t used = 0;
    const double v = std::stod(std::string(text), &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  die(fmt::format("{}: '{}' is not a non-negative number", option, text));
}

options parse(int argc, char** argv) {
  options o;
  raidbench::tools::option_walker args(argc, argv, 1, die, usage);
  while (args.next()) {
    const std::string_view arg = args.arg();
    if (arg == "--dir") o.dir = args.value(), o.dir_named = true;
    else if (arg == "--rw") {
      const auto v = args.value();
      if (v == "read") o.rw = pattern::read;
      else if (v == "write") o.rw = pattern::write;
      else if (v == "rewrite") o.rw = pattern::rewrite;
      else if (v == "randread") o.rw = pattern::randread;
      else if (v == "randwrite") o.rw = pattern::randwrite;
      else if (v == "randrw") o.rw = pattern::randrw;
      else if (v == "rw") o.rw = pattern::rw;
      else die(fmt::format("--rw: unknown mode '{}' (read, write, rewrite, randread, randwrite, randrw, rw)", v));
    } else if (arg == "--rwmixread") {
      o.read_percent = number_arg(arg, args.value());
      if (o.read_percent > 100) die("--rwmixread: a percentage is at most 100");
    } else if (arg == "--bs") o.block_size = size_arg(arg, args.value());
    else if (arg == "--size") o.size = size_arg(arg, args.value());
    else if (arg == "--files") o.files = count32_arg(arg, args.value());
    else if (arg == "--engine") {
      const auto v = args.value();
      if (v == "psync") o.engine = engine_kind::psync;
      else if (v == "io_uring") o.engine = engine_kind::io_uring;
      else if (v == "mmap") o.engine = engine_kind::mmap;
      else die(fmt::format("--engine: unknown engine '{}' (psync, io_uring, mmap)", v));
    } else if (arg == "--iodepth") o.iodepth = count32_arg(arg, args.value());
    else if (arg == "--direct") o.open_flags |= O_DIRECT;
    else if (arg == "--dsync") o.open_flags |= O_DSYNC;
    else if (arg == "--sync") o.open_flags |= O_SYNC;
    else if (arg == "--fsync" || arg == "--fdatasync") {
      if (o.flush != flush_kind::none) die("--fsync and --fdatasync exclude each other");
      o.flush = arg == "--fsync" ? flush_kind::fsync : flush_kind::fdatasync;
      o.flush_every = count_arg(arg, args.value());
    } else if (arg == "--end-fsync") o.end_flush = true;
    else if (arg == "--threads") o.threads = count32_arg(arg, args.value());
    else if (arg == "--time") o.seconds = number_arg(arg, args.value());
    else if (arg == "--ops") o.ops = count_arg(arg, args.value());
    else if (arg == "--seed") o.seed = count_arg(arg, args.value());
    else if (arg == "--json") o.json = true;
    else if (arg == "--context") o.context = true;
    else if (args.controller_option(o.controller)) continue;
    else if (arg == "--keep") o.keep = true;
    else if (arg == "--steady") o.steady = true;
    else if (arg == "--max-rounds") o.max_rounds = count32_arg(arg, args.value());
    else if (arg == "--ramp") o.ramp_seconds = number_arg(arg, args.value());
    else if (arg == "--verify") o.verify = true;
    else if (arg == "--verify-only") o.verify_only = true;
    else if (arg == "--journal") o.journal = args.value();
    else if (arg == "--journal-batch") o.journal_batch = count32_arg(arg, args.value());
    else if (arg == "--verify-errors") o.verify_errors = count32_arg(arg, args.value());
    else if (arg == "--verify-payload") {
      const auto v = args.value();
      if (v == "random") o.payload = raidbench::verify::payload::random;
      else if (v == "compressible") o.payload = raidbench::verify::payload::compressible;
      else if (v == "zero") o.payload = raidbench::verify::payload::zero;
      else die(fmt::format("--verify-payload: unknown payload '{}' (random, compressible, zero)", v));
    } else die(fmt::format("unknown option '{}' (see --help)", arg));
  }
  if (o.end_flush && o.flush == flush_kind::none) o.flush = flush_kind::fsync;
  if (o.engine != engine_kind::io_uring && o.iodepth != 1) die("--iodepth needs --engine io_uring");
  // A bound on work that grows with the count (a stat, an open, a descriptor per file) before any of it.
  if (o.files == 0 || o.files > 1'000'000) die(fmt::format("--files {} is outside 1…1000000", o.files));
  if (o.block_size == 0 || (o.size / o.files) % o.block_size != 0)
    die(fmt::format("--size per file ({}) must be a multiple of --bs ({})", o.size / o.files, o.block_size));
  // Before any file is looked at or made: each file holds at least one block.
  if (o.size / o.files < o.block_size)
    die(fmt::format("--size per file ({}) is smaller than --bs ({}): fewer --files or a larger --size", o.size / o.files,
                    o.block_size));
  if (o.seconds == 0 && o.ops == 0) die("--time 0 needs --ops, or the run would never end");
  if (o.max_rounds < 5 || o.max_rounds > 10000) die(fmt::format("--max-rounds {} is outside 5…10000", o.max_rounds));
  if (o.ramp_seconds > 1e6) die(fmt::format("--ramp {} is too long", o.ramp_seconds));
  if (o.verify && o.verify_only) die("--verify and --verify-only exclude each other");
  if (o.verify && o.block_size % raidbench::verify::sector_size != 0)
    die(fmt::format("--verify stamps 512-byte sectors: --bs ({}) must be a multiple of 512", o.block_size));
  if (o.journal_batch == 0 || o.journal_batch > 1'000'000) die(fmt::format("--journal-batch {} is outside 1…1000000", o.journal_batch));
  if (o.verify_errors > 1'000'000) die(fmt::format("--verify-errors {} is outside 0…1000000", o.verify_errors));
  // The runner's own rule, before preparing files for a run it would refuse.
  if (auto fits = raidbench::detail::check_buffer_memory(o.block_size, o.iodepth, o.threads); !fits) die(fits.message());
  return o;
}

bool needs_existing_data(pattern p) { return p != pattern::write; }
bool reads(pattern p) { return p == pattern::read || p == pattern::randread || p == pattern::randrw || p == pattern::rw; }

/// True when every file of the set is already there at its full size (a kept, possibly cache-hot set).
bool already_prepared(const options& o) {
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

fs::path journal_path(const options& o) { return o.journal.empty() ? fs::path(o.dir) / "rb-run.journal" : fs::path(o.journal); }

/// Exit status of a verification that found errors.
constexpr int verify_errors_exit = 3;

void print_verification(const options& o, const raidbench::verify::verification_report& v, nlohmann::json* j) {
  if (j) (*j)["verification"] = raidbench::verify::verification_json(v);
  else if (!o.json) raidbench::tools::print_out(raidbench::verify::format_verification(v));
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
  auto v = raidbench::verify::session_from(std::move(*record), o.verify_errors);
  auto pass = raidbench::verify::check_files(*v, {.after_crash = true});
  if (!pass) die(pass.message());
  const bool passed = v->errors().total() == 0;
  raidbench::verify::verification_report report{v.get(), &*pass, true, {}, !passed || o.keep};
  nlohmann::json j = nlohmann::json::object();
  print_verification(o, report, o.json ? &j : nullptr);
  if (o.json) raidbench::tools::print_out(j.dump(2) + "\n");
  if (passed && !o.keep) {  // the lineage ends: its files and journal go
    for (const auto& f : v->layout().files) remove_own_file(f);
    remove_own_file(v->record()->path());
  }
  if (!raidbench::tools::stdout_complete("rb-run")) return 1;
  return passed ? 0 : verify_errors_exit;
}

int run_tool(int argc, char** argv) {
  options o = parse(argc, argv);
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
  if (o.json || o.context) {
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
  if (o.context && !o.json) raidbench::tools::print_out(raidbench::storage_text(*context, controller, o.controller) + "\n");
  // The storage part of the JSON and the verdicts on what was measured, as every tool's.
  const auto add_storage = [&](nlohmann::json& j, const raidbench::result& measured) {
    const raidbench::named_result judged[] = {{"run", measured}};
    raidbench::add_storage_json(j, *context, controller, o.controller, judged);
  };

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
  if (o.verify) {
    auto started = raidbench::verify::open_lineage({journal_path(o), set_paths(o), o.size / o.files, o.block_size, o.payload,
                                                    o.journal_batch, o.verify_errors, reads(o.rw),
                                                    already_prepared(o)});
    if (!started) {
      clean();
      die(started.message());
    }
    verified = std::move(started->verified);
    if (!started->resumed && fresh_set) {
      journal_removed_with_files = true;
      if (o.journal.empty()) (void)scratch.adopt("rb-run.journal");  // in the scratch directory: by its record
      else own_journal_elsewhere = journal_path(o);
    }
    if (verified->errors().total() != 0) {  // what an earlier run left is not what its journal says
      print_verification(o, {verified.get(), &started->found, true, {}, true}, nullptr);
      std::fprintf(stderr, "rb-run: the files do not hold what journal %s acknowledged; nothing was run\n",
                   journal_path(o).c_str());
      cleaned.keep();
      return raidbench::tools::stdout_complete("rb-run") ? verify_errors_exit : 1;
    }
    o.session = verified.get();
  }
  if (needs_existing_data(o.rw) && !already_prepared(o)) {
    // Lay the data down first (untimed for the result): sequential writes then one fdatasync.
    options prep = o;
    prep.rw = pattern::write;
    // Verified blocks are of the run's size: the journal keeps a generation per block.
    prep.block_size = (o.size / o.files) % (1u << 20) == 0 && !o.verify ? 1u << 20 : o.block_size;
    prep.flush = flush_kind::fdatasync;
    prep.flush_every = 0;
    prep.open_flags = 0;
    prep.engine = engine_kind::psync;
    prep.iodepth = 1;
    prep.threads = 1;
    prep.seconds = 0;
    prep.ops = o.size / prep.block_size;
    auto prepared = run_options_workload(prep, ro);
    if (!prepared) {
      clean();
      die(prepared.message());
    }
    if (prepared->stats.interrupted) {  // stopped while laying the data down: nothing was measured
      clean();
      return stopped("while preparing the files; nothing was measured");
    }
    if (!o.json)
      raidbench::tools::print_out(fmt::format("prepared: {} in {:.2f} s\n", raidbench::format_iec(o.size), prepared->stats.seconds()));
  }
  if (o.ramp_seconds > 0) {
    options ramp = o;
    ramp.seconds = o.ramp_seconds;
    ramp.ops = 0;
    ramp.seed = o.seed + o.max_rounds;  // not a seed a measured round uses: the warm-up replays none of their blocks
    auto warm = run_options_workload(ramp, ro);
    if (!warm || warm->stats.interrupted) {
      if (!o.keep) clean();
      if (!warm) die(warm.message());
      return stopped("during the ramp; nothing was measured");
    }
    if (!o.json) raidbench::tools::print_out(fmt::format("ramp: {:.2f} s, not counted\n", warm->stats.seconds()));
  }
  // --verify: the final pass re-reads everything written, before anything is removed; errors keep
  // the files and the journal as evidence.
  std::optional<raidbench::verify::check_report> final_pass;
  const auto verification_failed = [&] { return verified && verified->errors().total() != 0; };
  const auto finish = [&](const raidbench::result* measured, nlohmann::json* j) {
    if (verified && measured) {
      auto pass = raidbench::verify::check_files(*verified, {});
      if (!pass) die(pass.message());
      final_pass = *pass;
    }
    const bool keep_all = verification_failed();
    if (keep_all) cleaned.keep();
    if (!o.keep && !keep_all) clean();
    if (!verified || !measured) return;
    const bool journal_kept = o.keep || keep_all || !journal_removed_with_files;
    print_verification(o, {verified.get(), &*final_pass, false,
                           {measured->stats.seconds(), measured->stats.bytes(), measured->workload.threads}, journal_kept},
                       j);
    if (keep_all)
      std::fprintf(stderr, "rb-run: verification found errors; the files and journal %s are kept\n", journal_path(o).c_str());
  };
  // The exit status once the result is printed: 1 when standard output lost it, 3 for verification
  // errors, 128 + the signal when a signal cut the run short, 0 otherwise.
  const auto status_of = [&](const raidbench::result& measured) {
    if (!raidbench::tools::stdout_complete("rb-run")) return 1;
    if (verification_failed()) return verify_errors_exit;
    return measured.stats.interrupted ? raidbench::interrupted_exit_status() : 0;
  };
  if (o.steady) {
    // Each round with its own seed, so a round does not replay the last one's blocks.
    const auto r = raidbench::run_until_steady(
        [&](unsigned i) {
          options round = o;
          round.seed = o.seed + i;
          return run_options_workload(round, ro);
        },
        o.max_rounds, [&](unsigned i, double rate) {
          if (!o.json) raidbench::tools::print_out(fmt::format("round {}: {:.1f} ops/s\n", i + 1, rate));
        });
    if (!r) {
      finish(nullptr, nullptr);
      die(r.message());
    }
    if (o.json) {
      nlohmann::json j = r->window;
      add_storage(j, r->window);
      j["steady_state"] = raidbench::steady_state_json(*r);
      finish(&r->window, &j);
      raidbench::tools::print_out(j.dump(2) + "\n");
    } else {
      raidbench::tools::print_out(raidbench::describe_steady_state(*r) + "\n" +
                                  raidbench::format_summary(r->window, context->ram_bytes.value_or(0)));
      finish(&r->window, nullptr);
    }
    return status_of(r->window);
  }
  auto r = run_options_workload(o, ro);
  if (!r) {
    finish(nullptr, nullptr);
    die(r.message());
  }
  if (o.json) {
    nlohmann::json j = *r;
    add_storage(j, *r);
    finish(&*r, &j);
    raidbench::tools::print_out(j.dump(2) + "\n");
  } else {
    raidbench::tools::print_out(raidbench::format_summary(*r, context->ram_bytes.value_or(0)));
    finish(&*r, nullptr);
  }
  return status_of(*r);
}

}  // namespace

int main(int argc, char** argv) {
  raidbench::tools::ignore_sigpipe();
  return raidbench::tools::last_resort("rb-run", [&] { return run_tool(argc, argv); });
}
