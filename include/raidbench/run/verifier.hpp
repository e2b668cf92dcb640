#pragma once
/// What a hot loop does around each I/O when it verifies (workload/verify.hpp): claim the block (no
/// other I/O of the run may hold it), fill it before a write, judge it after a read, and tell the
/// journal which writes a flush made durable. One type per verification kind, so a loop that does
/// not verify has none of it (`no_verifier` is empty and every hook is a constant).
#include <fcntl.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/clock.hpp"
#include "raidbench/core/random.hpp"
#include "raidbench/run/checked_block.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/verify/session.hpp"
#include "raidbench/verify/stamp.hpp"

namespace raidbench::detail {

/// A thread's hooks for a loop that does not verify.
struct no_verifier {
  static constexpr bool active = false;
  std::uint32_t claim(const position&) noexcept { return 0; }
  void before_write(std::byte*, const position&, std::uint32_t) noexcept {}
  bool after_write(const position&, std::uint32_t) noexcept { return true; }
  bool after_read(const std::byte*, const position&, std::uint32_t) noexcept { return true; }
  void abandon(const position&, std::uint32_t) noexcept {}
  bool flushed(std::uint32_t, std::uint32_t) noexcept { return true; }
  std::string problem() const { return {}; }
};

/// The hooks both verifying kinds share: a claim on each block in the run's generation map.
class claiming_verifier {
 public:
  static constexpr bool active = true;
  claiming_verifier(verify::generation_map& map, std::uint64_t block) noexcept : map_(&map), block_(block) {}
  /// The block's generation, or generation_map::busy when another I/O holds it.
  std::uint32_t claim(const position& p) noexcept { return map_->try_claim(index(p)); }
  /// Gives the block back unchanged (its I/O was not made or failed).
  void abandon(const position& p, std::uint32_t generation) noexcept { map_->release(index(p), generation); }

 protected:
  std::uint64_t index(const position& p) const noexcept { return map_->index(p.file, p.offset / block_); }
  verify::generation_map* map_;
  std::uint64_t block_;
};

/// sysbench's --validate: each written block gets its CRC-32 and offset, each read is checked, and
/// the first failed check ends the run with sysbench's message.
class sysbench_block_verifier : public claiming_verifier {
 public:
  sysbench_block_verifier(verify::generation_map& map, std::uint64_t block, random_generator& rng) noexcept
      : claiming_verifier(map, block), rng_(&rng) {}
  void before_write(std::byte* buffer, const position& p, std::uint32_t) noexcept { fill_checked_block(buffer, block_, p.offset, *rng_); }
  bool after_write(const position& p, std::uint32_t) noexcept {
    map_->release(index(p), 0);
    return true;
  }
  bool after_read(const std::byte* buffer, const position& p, std::uint32_t) {
    map_->release(index(p), 0);
    if (std::string why = checked_block_problem(buffer, block_, p.offset); !why.empty()) {
      problem_ = fmt::format("{}\nValidation failed on file {}, block offset {}, exiting...", why, p.file, p.offset);
      return false;
    }
    return true;
  }
  bool flushed(std::uint32_t, std::uint32_t) noexcept { return true; }
  const std::string& problem() const noexcept { return problem_; }

 private:
  random_generator* rng_;
  std::string problem_;
};

/// Stamps (verify/stamp.hpp): every write's sectors carry the block's next generation, every read is
/// judged against the generation the map holds, and writes are acknowledged to the session's journal
/// when they are durable — at once with O_SYNC/O_DSYNC, else when a flush of their file completes.
class stamping_verifier : public claiming_verifier {
 public:
  /// How writes become durable in this run.
  enum class durability : unsigned char { at_flush, each_write };
  /// `noise`: `block` random bytes of the thread; `pending` writes are remembered between flushes at most.
  stamping_verifier(verify::session& s, std::uint64_t block, const std::byte* noise, durability d, std::size_t pending)
      : claiming_verifier(s.map(), block), session_(&s), noise_(noise), durability_(d) {
    pending_.reserve(pending);
    acks_.reserve(pending);
  }
  stamping_verifier(const stamping_verifier&) = delete;
  stamping_verifier& operator=(const stamping_verifier&) = delete;
  ~stamping_verifier() {
    auto& c = session_->cost();
    c.stamped += stamped_;
    c.checked += checked_;
    c.unchecked += unchecked_;
    c.stamp_ns += stamp_ns_;
    c.check_ns += check_ns_;
  }

  void before_write(std::byte* buffer, const position& p, std::uint32_t generation) noexcept {
    const std::uint64_t start = now_ns();
    verify::stamp_block(buffer, block_, {session_->layout().run, p.file, p.offset, generation + 1}, noise_, session_->layout().data);
    stamp_ns_ += now_ns() - start;
    ++stamped_;
  }
  bool after_write(const position& p, std::uint32_t generation) {
    const std::uint64_t i = index(p);
    map_->release(i, generation + 1);
    if (durability_ == durability::each_write) {
      const verify::acknowledgement a{i, generation + 1};
      return session_->acknowledge({&a, 1});
    }
    // Beyond the room set aside, a write is not claimed as acknowledged: a weaker check, never a false one.
    if (pending_.size() < pending_.capacity()) pending_.push_back({i, generation + 1, p.file});
    return true;
  }
  bool after_read(const std::byte* buffer, const position& p, std::uint32_t generation) {
    map_->release(index(p), generation);
    if (generation == 0) {
      ++unchecked_;
      return true;
    }
    const std::uint64_t start = now_ns();
    const auto reading = verify::read_block(buffer, block_, session_->layout().run, p.file, p.offset);
    if (reading.what != verify::block_reading::kind::intact || reading.generation != generation)
      if (auto f = verify::judge(reading, {generation, false}, session_->layout().files[p.file], p.offset))
        session_->errors().add(std::move(*f));
    check_ns_ += now_ns() - start;
    ++checked_;
    return true;
  }
  /// A flush of files [first, end) completed: the writes to them before it are durable.
  bool flushed(std::uint32_t first, std::uint32_t end) {
    acks_.clear();
    std::size_t kept = 0;
    for (const auto& w : pending_) {
      if (w.file >= first && w.file < end) acks_.push_back({w.block, w.generation});
      else pending_[kept++] = w;
    }
    pending_.resize(kept);
    return session_->acknowledge(acks_);
  }
  std::string problem() const { return session_->failure().message; }

 private:
  struct pending_write {
    std::uint64_t block;
    std::uint32_t generation;
    std::uint32_t file;
  };
  verify::session* session_;
  const std::byte* noise_;
  durability durability_;
  std::vector<pending_write> pending_;
  std::vector<verify::acknowledgement> acks_;
  std::uint64_t stamped_ = 0, checked_ = 0, unchecked_ = 0, stamp_ns_ = 0, check_ns_ = 0;
};

/// Claims the block at `where` for the next I/O, asking the access policy for other blocks while
/// another I/O holds it; false when the walk ends first (or, after a million tries, with a failure).
template <class Verifier, class Positions>
bool claim_block(thread_job& job, Positions& positions, Verifier& verifier, position& where, std::uint32_t& generation) {
  if constexpr (Verifier::active) {
    for (unsigned tries = 0;; ++tries) {
      if ((generation = verifier.claim(where)) != verify::generation_map::busy) return true;
      if (tries == 1'000'000) {
        job.failure_detail = "verification: every block the access pattern offers is held by another I/O";
        return false;
      }
      if (!positions.next(job.rng, where)) return false;
    }
  }
  return true;
}

}  // namespace raidbench::detail
