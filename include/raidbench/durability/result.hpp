#pragma once
/// What `rb-durable verify` found: for each flush method, the blocks whose latest acknowledged write
/// had to be on the target and what was there instead; the totals of every cut the server has
/// verified for the target; and the verdict in one sentence.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/durability/flush_method.hpp"
#include "raidbench/durability/record.hpp"

namespace raidbench::durability {

/// What a block whose latest acknowledged write is known was found to hold.
enum class block_state : unsigned char {
  intact,     ///< the acknowledged generation, checksum and all
  newer,      ///< a later write, in flight at the cut (never acknowledged): the acknowledged one was kept
  missing,    ///< zeros or no stamp of the run: the acknowledged write never reached the media
  older,      ///< an earlier generation: the acknowledged write was lost, an older one kept
  torn,       ///< sectors of the acknowledged write and of an older one, or sectors not written
  corrupted,  ///< a stamp whose checksum fails, or the right generation with other bytes
  misplaced,  ///< the run's stamp of another offset
};
inline constexpr std::array all_block_states{block_state::intact, block_state::newer, block_state::missing, block_state::older,
                                             block_state::torn, block_state::corrupted, block_state::misplaced};

constexpr std::string_view name_of(block_state s) {
  switch (s) {
    case block_state::intact: return "intact";
    case block_state::newer: return "newer";
    case block_state::missing: return "missing";
    case block_state::older: return "older";
    case block_state::torn: return "torn";
    case block_state::corrupted: return "corrupted";
    case block_state::misplaced: return "misplaced";
  }
  return "?";
}

/// Whether a block found so lost its acknowledged write.
constexpr bool lost(block_state s) { return s != block_state::intact && s != block_state::newer; }

/// The blocks of one flush method, by what was found.
struct method_tally {
  std::array<std::uint64_t, all_block_states.size()> found{};
  std::uint64_t checked() const {
    std::uint64_t n = 0;
    for (const auto v : found) n += v;
    return n;
  }
  std::uint64_t lost_writes() const {
    std::uint64_t n = 0;
    for (const auto s : all_block_states)
      if (lost(s)) n += found[static_cast<std::size_t>(s)];
    return n;
  }
};

/// One acknowledged write that is not there.
struct lost_write {
  std::uint64_t offset = 0;
  std::uint32_t generation = 0;  ///< the acknowledged one
  flush_method method = flush_method::fsync;
  block_state found = block_state::missing;
  std::string detail;  ///< "generation 3", "zeros", "generations 3…4"
};

/// The outcome of one verify.
struct durability_result {
  std::string name, target, device, server;
  std::string run;                      ///< the run's id
  std::int64_t written_at = 0, verified_at = 0;  ///< unix seconds: the run's start, the verify
  bool rebooted = false;                ///< the machine restarted since the writes (boot ids differ)
  bool direct_read = false;             ///< read back with O_DIRECT, past the page cache
  std::uint64_t block_size = 0, size = 0;
  std::uint64_t acknowledged = 0;       ///< writes the run had acknowledged
  std::array<method_tally, all_flush_methods.size()> methods{};
  std::vector<lost_write> lost;         ///< the first `lost_listed` of them
  cut_totals totals;                    ///< every verified cut of this name, this one included

  std::uint64_t checked() const {
    std::uint64_t n = 0;
    for (const auto& m : methods) n += m.checked();
    return n;
  }
  std::uint64_t lost_writes() const {
    std::uint64_t n = 0;
    for (const auto& m : methods) n += m.lost_writes();
    return n;
  }
  /// Nothing acknowledged was lost in any cut, and there was something to check.
  bool durable() const { return totals.lost == 0 && totals.checked > 0; }
};

/// How many lost writes a result lists one by one.
inline constexpr std::size_t lost_listed = 100;

/// The verdict in one sentence.
inline std::string verdict_sentence(const durability_result& r) {
  const cut_totals& t = r.totals;
  const auto cuts = [](std::uint64_t n) { return fmt::format("{} cut{}", n, n == 1 ? "" : "s"); };
  if (t.lost > 0)
    return fmt::format("{} of {} acknowledged writes lost{}: something between the kernel and the media acknowledges "
                       "flushes it does not keep", t.lost, t.checked, t.cuts > 1 ? " in " + cuts(t.cuts) : "");
  std::string s = fmt::format("no acknowledged write lost in {} ({} writes)", cuts(t.cuts), t.acknowledged);
  if (t.rebooted_cuts == 0)
    s += "; the machine did not restart between writing and verifying, so only what the kernel kept was tested: cut "
         "the power for a test of the media";
  else if (t.rebooted_cuts < t.cuts)
    s += fmt::format(" ({} across a restart)", cuts(t.rebooted_cuts));
  return s;
}

}  // namespace raidbench::durability
