#pragma once
/// Sweeps: one base workload and the axes that vary (block size, read share, sequential or random,
/// queue depth), expanded into points that each run through the same hot loop as every tool. The
/// three classic matrices are presets: IOMeter's access specifications, ATTO's block-size curve and
/// CrystalDiskMark 8's default profile. This header plans and summarises; running a point is the
/// caller's `run(workload(...))`.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "raidbench/result/rates.hpp"
#include "raidbench/core/literals.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result.hpp"

namespace raidbench {

/// Which matrix a sweep draws.
enum class sweep_kind { iometer, atto, cdm };

/// "iometer", "atto", "cdm".
constexpr std::string_view to_string(sweep_kind k) noexcept {
  return k == sweep_kind::iometer ? "iometer" : k == sweep_kind::atto ? "atto" : "cdm";
}

/// One point: a workload's varying values.
struct sweep_point {
  std::string name;               ///< unique in its sweep: "4 KiB 50 % read random QD32", "write 64 KiB", "SEQ1M Q8T1 read"
  std::uint64_t block_size = 4096;
  unsigned read_percent = 100;    ///< 100: reads only, 0: writes only
  bool random = false;
  unsigned queue_depth = 1;       ///< I/Os in flight (io_uring above 1)
  double seconds = 0;             ///< measured time of a pass; 0: one pass over the file
  unsigned passes = 1;            ///< CrystalDiskMark runs each test 5 times and reports the best
};

/// A sweep: its points, the file they share, and how each point runs.
struct sweep_plan {
  sweep_kind kind = sweep_kind::iometer;
  std::uint64_t file_size = 0;
  double warmup_seconds = 0;      ///< before each point, not counted
  double time_limit = 0;          ///< a one-pass point stops here even if unfinished (0: none)
  bool direct = true;             ///< O_DIRECT
  std::vector<sweep_point> points;
};

/// The axes of an IOMeter access-specification matrix.
struct iometer_axes {
  std::vector<std::uint64_t> block_sizes{512, 4_KiB, 256_KiB, 1_MiB};
  std::vector<unsigned> read_percents{100, 50, 0};
  std::vector<bool> random{false, true};
  std::vector<unsigned> queue_depths{1, 32};
};

/// IOMeter's matrix: every combination of the axes, each point `seconds` long after `warmup`.
inline sweep_plan iometer_plan(const iometer_axes& axes, std::uint64_t file_size, double seconds, double warmup) {
  sweep_plan p{sweep_kind::iometer, file_size, warmup, 0, true, {}};
  for (auto bs : axes.block_sizes)
    for (bool random : axes.random)
      for (auto pct : axes.read_percents)
        for (auto qd : axes.queue_depths)
          p.points.push_back({format_iec(bs) + " " + std::to_string(pct) + " % read " + (random ? "random" : "sequential") +
                                  " QD" + std::to_string(qd),
                              bs, pct, random, qd, seconds, 1});
  return p;
}

/// ATTO's curve: sequential writes then reads at each power-of-two block size from `smallest` to
/// `largest`, each one pass over `total` bytes (ATTO: 512 B to 64 MiB, 256 MiB, queue depth 4).
inline sweep_plan atto_plan(std::uint64_t smallest, std::uint64_t largest, std::uint64_t total, unsigned queue_depth,
                            double time_limit) {
  sweep_plan p{sweep_kind::atto, total, 0, time_limit, true, {}};
  for (std::uint64_t bs = smallest; bs <= largest && bs > 0; bs *= 2) {
    p.points.push_back({"write " + format_iec(bs), bs, 0, false, queue_depth, 0, 1});
    p.points.push_back({"read " + format_iec(bs), bs, 100, false, queue_depth, 0, 1});
  }
  return p;
}

/// CrystalDiskMark 8's default profile: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, each read
/// and then write, `passes` passes of `seconds` over a `file_size` file.
inline sweep_plan cdm_plan(std::uint64_t file_size, unsigned passes, double seconds) {
  sweep_plan p{sweep_kind::cdm, file_size, 0, 0, true, {}};
  struct test { const char* name; std::uint64_t block; bool random; unsigned qd; };
  for (const test t : {test{"SEQ1M Q8T1", 1_MiB, false, 8}, test{"SEQ1M Q1T1", 1_MiB, false, 1}, test{"RND4K Q32T1", 4_KiB, true, 32},
                       test{"RND4K Q1T1", 4_KiB, true, 1}})
    for (unsigned pct : {100u, 0u})
      p.points.push_back({std::string(t.name) + (pct ? " read" : " write"), t.block, pct, t.random, t.qd, seconds, passes});
  return p;
}

/// A point's passes and the one its figure comes from.
struct point_outcome {
  sweep_point point;
  std::vector<result> passes;
  std::size_t best = 0;    ///< the pass with the most bytes per second (CrystalDiskMark's figure)
  std::size_t median = 0;  ///< the pass with the median bytes per second (the lower middle one)
};

/// Picks the best and the median pass of a point's passes.
inline void rank_passes(point_outcome& o) {
  std::vector<std::size_t> order(o.passes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return bytes_per_second(o.passes[a]) < bytes_per_second(o.passes[b]); });
  if (order.empty()) return;
  o.best = order.back();
  o.median = order[(order.size() - 1) / 2];
}

}  // namespace raidbench
