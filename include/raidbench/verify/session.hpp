#pragma once
/// A verified run's shared state, which outlives each run of it (preparation, rounds, the final
/// pass): the lineage's identity, the write generation of every block, the journal, the errors found
/// and what verifying cost.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "raidbench/core/expected.hpp"
#include "raidbench/verify/findings.hpp"
#include "raidbench/verify/generation_map.hpp"
#include "raidbench/verify/journal.hpp"

namespace raidbench::verify {

class session {
 public:
  /// A session over the files `layout` names, journaled in `record` when given (its layout must be
  /// `layout`); `cap` messages are kept.
  explicit session(journal_layout layout, std::optional<journal> record = std::nullopt, std::size_t cap = 20)
      : layout_(std::move(layout)),
        map_(static_cast<std::uint32_t>(layout_.files.size()), layout_.blocks_per_file()),
        errors_(cap),
        record_(std::move(record)) {}

  const journal_layout& layout() const noexcept { return layout_; }
  generation_map& map() noexcept { return map_; }
  const generation_map& map() const noexcept { return map_; }
  findings& errors() noexcept { return errors_; }
  const findings& errors() const noexcept { return errors_; }
  journal* record() noexcept { return record_ ? &*record_ : nullptr; }
  const journal* record() const noexcept { return record_ ? &*record_ : nullptr; }

  /// Marks writes as acknowledged in the journal (durable before this returns, or with the
  /// journal's batch); false once a journal write failed (failure() says why).
  bool acknowledge(std::span<const acknowledgement> acks) {
    if (!record_ || acks.empty()) return true;
    if (auto ok = record_->acknowledge(acks); !ok) {
      std::lock_guard lock(mutex_);
      if (failure_.message.empty()) failure_ = error{"verification journal: " + ok.message(), ok.err().errnum};
      return false;
    }
    return true;
  }
  /// The journal's failure, if one happened.
  error failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
  }

  /// What verifying did and cost, summed over threads.
  struct counters {
    std::atomic<std::uint64_t> stamped{0};    ///< blocks stamped before a write
    std::atomic<std::uint64_t> checked{0};    ///< blocks judged after a read
    std::atomic<std::uint64_t> unchecked{0};  ///< blocks read where nothing was expected (never written by the lineage)
    std::atomic<std::uint64_t> stamp_ns{0}, check_ns{0};  ///< CPU time in stamping and checking, measured
  };
  counters& cost() noexcept { return cost_; }
  const counters& cost() const noexcept { return cost_; }

 private:
  journal_layout layout_;
  generation_map map_;
  findings errors_;
  std::optional<journal> record_;
  counters cost_;
  mutable std::mutex mutex_;
  error failure_;
};

}  // namespace raidbench::verify
