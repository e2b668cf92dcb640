#pragma once
/// A power-cut test's result as the judgement reads it (`--durability FILE` on raidbench, rb-fsync
/// and rb-compare): what `rb-durable verify --json=FILE` proved, for which device and when. The flush
/// rule (verdict/flush_faster_than_media.hpp) says what was proven instead of inferring it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

struct durability_proof {
  std::string file;         ///< where it was read from, for messages
  std::string target, device, verified_at;
  std::uint64_t cuts = 0, rebooted_cuts = 0;  ///< verified cuts of the target, and those across a restart
  std::uint64_t acknowledged = 0, checked = 0, lost = 0;
  std::vector<std::string> methods;  ///< the flush methods its writes used
  /// The user says it was made on the device of the run judged, which cannot be matched by name (an
  /// imported run has no device chain).
  bool asserted = false;

  /// Whether it proves anything: writes were lost, or none was across a restart of the machine.
  bool conclusive() const { return lost > 0 || (rebooted_cuts > 0 && checked > 0); }
};

/// Reads `rb-durable verify --json` output from `path` (a regular file, capped, validated): one line
/// naming the file and what is wrong with it otherwise.
RAIDBENCH_API expected<durability_proof> read_durability_proof(const std::string& path);
/// The same from the text itself; `file` names it in the proof and in errors.
RAIDBENCH_API expected<durability_proof> parse_durability_proof(std::string_view text, const std::string& file);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/proof.hpp"
#endif
