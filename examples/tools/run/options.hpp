#pragma once
// rb-run's options as plain values: parsed in main.cpp, turned into policies in dispatch.hpp.
#include <cstdint>
#include <string>

#include "../common/json_output.hpp"
#include "../common/verify_options.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/core/held_directory.hpp"

namespace raidbench::verify {
class session;
}

namespace rb_run {

enum class pattern { read, write, rewrite, randread, randwrite, randrw, rw };
enum class engine_kind { psync, io_uring, mmap, null };
enum class flush_kind { none, fsync, fdatasync };

struct options {
  std::string dir = "./raidbench-scratch";
  bool dir_named = false;  // --dir given: a link there is the user's to follow
  raidbench::held_directory* held = nullptr;  // the scratch directory main holds: the files are reached through it
  pattern rw = pattern::randrw;
  double read_percent = 70;
  std::uint64_t block_size = 4096;
  std::uint64_t size = 256ull << 20;
  std::uint32_t files = 1;
  engine_kind engine = engine_kind::psync;
  std::uint32_t iodepth = 1;
  int open_flags = 0;
  flush_kind flush = flush_kind::none;
  std::uint64_t flush_every = 0;  // 0: only at the end, when end_flush
  bool end_flush = false;
  unsigned threads = 1;
  double seconds = 5;
  std::uint64_t ops = 0;
  std::uint64_t seed = 1;
  std::uint32_t rate_iops = 0;  // --rate-iops: requests per second over all threads; 0: unpaced
  bool uniform_arrivals = true;  // --rate-process linear (fio's default; uniform) or poisson
  raidbench::tools::json_output json;  ///< --json: on standard output instead of the text; --json=FILE
  bool context = false;
  raidbench::controller_request controller;  ///< --controller-file, --no-controller, --controller-owns-target
  bool keep = false;
  bool progress = true;         // --no-progress: none on stderr
  bool steady = false;          // rounds of `seconds` (or `ops`) until SNIA PTS steady state
  unsigned max_rounds = 30;
  double ramp_seconds = 0;      // a first run that is not counted
  // --verify and its options, --verify-only (docs/verify.md); the journal's default is <dir>/rb-run.journal
  raidbench::tools::verify_options verification;
  bool verify_only = false;
  raidbench::verify::session* session = nullptr;  // set once the journal is open: the runs verify
};

}  // namespace rb_run
