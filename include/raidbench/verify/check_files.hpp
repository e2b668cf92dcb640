#pragma once
/// Reading back everything a verified lineage wrote: the final pass of a run, and `--verify-only`
/// after a crash or power cut, when only acknowledged writes must be there.
#include <cstdint>
#include <memory>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verify/journal.hpp"
#include "raidbench/verify/session.hpp"

namespace raidbench::verify {

struct check_options {
  /// false (the final pass): each block must hold the generation the session's map has; its files
  /// are flushed first and every write is then acknowledged to the journal. true (after a crash):
  /// each block must hold at least the map's generation — a newer one is a write in flight that landed.
  bool after_crash = false;
  /// Take the newest generation of the run found in each block into the map (so a run can go on
  /// from what is there); with after_crash.
  bool adopt = false;
  std::size_t chunk = 1u << 20;  ///< bytes read at a time
};

/// What a pass read and what it found besides errors (those go to the session's findings).
struct check_report {
  std::uint64_t blocks_checked = 0;  ///< blocks with an expected generation, judged
  std::uint64_t bytes_read = 0;
  double seconds = 0;
  std::uint64_t newer = 0;      ///< after a crash: blocks holding an unacknowledged write that landed
  std::uint64_t in_flight = 0;  ///< after a crash: blocks torn by an unacknowledged write
  std::uint64_t unjudged = 0;   ///< after a crash: blocks whose journal sector was torn
};

/// A session that goes on from a journal: its layout, and each block's acknowledged generation.
RAIDBENCH_API std::unique_ptr<session> session_from(journal record, std::size_t cap = 20);

/// Reads every file of the session back and judges each block with an expectation; errors go to
/// `s.errors()`: one message per block (up to the cap), one line for a file that is missing,
/// truncated, or holds nothing of the run (written by another tool or run: no block is called lost
/// then). Before reading, each file is flushed and its cached pages dropped, so what is read comes
/// from the storage. A failure to read is an error of the check, not a finding.
RAIDBENCH_API expected<check_report> check_files(session& s, const check_options& options);

}  // namespace raidbench::verify

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verify/impl/check_files.hpp"
#endif
