#pragma once
/// What a verification found: each block read back judged against the generation expected there
/// (lost, misplaced, torn, corrupted), one message per bad block up to a cap, and every one counted.
#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verify/stamp.hpp"

namespace raidbench::verify {

/// The four kinds of error (docs/verify.md).
enum class error_kind : unsigned char {
  lost,       ///< an older generation, or data never written by the run, where a newer write was acknowledged
  misplaced,  ///< the block's stamps name another file or offset
  torn,       ///< sectors of one block from two writes (or part of it not written)
  corrupted,  ///< a sector whose checksum does not match
};
inline constexpr std::size_t error_kinds = 4;
constexpr std::string_view to_string(error_kind k) noexcept {
  constexpr std::string_view names[] = {"lost", "misplaced", "torn", "corrupted"};
  return names[static_cast<std::size_t>(k)];
}

/// What should be at a block: the generation of its last write that counts, and whether a newer
/// one is fine too (after a crash, a write in flight may or may not have landed).
struct expectation {
  std::uint32_t generation = 0;  ///< 0: nothing expected, the block is not checked
  bool newer_allowed = false;
};

/// One bad block: its kind and the message naming file, offset, expected and found.
struct finding {
  error_kind kind;
  std::string message;
};

namespace detail {
inline std::string found_words(const block_reading& b) {
  switch (b.what) {
    case block_reading::kind::intact: return fmt::format("generation {}", b.generation);
    case block_reading::kind::zero: return "zeros (never written)";
    case block_reading::kind::foreign:
      return b.run != 0 ? fmt::format("stamps of another run ({:016x})", b.run) : std::string("data not stamped by raidbench");
    case block_reading::kind::misplaced: return fmt::format("the block of file {} at offset {}", b.file, b.offset);
    case block_reading::kind::torn:
      return b.unstamped != 0 && b.generation == b.newest
                 ? fmt::format("generation {} in part, {} sectors of other data", b.generation, b.unstamped)
                 : fmt::format("sectors of generations {} to {}{}", b.generation, b.newest,
                               b.unstamped ? fmt::format(" and {} of other data", b.unstamped) : std::string());
    case block_reading::kind::corrupted:
      return fmt::format("sector {} with checksum 0x{:08x}, computed 0x{:08x}", b.sector, b.stored, b.computed);
  }
  return {};
}
}  // namespace detail

/// Judges a block read back: nothing when it holds what `want` allows, else the error and its message.
/// `in_flight` is set for a block torn by a write the crash interrupted (every sector at least the
/// expected generation): not an error, since no acknowledged write is missing.
inline std::optional<finding> judge(const block_reading& b, expectation want, std::string_view file_name, std::uint64_t offset,
                                    bool* in_flight = nullptr) {
  if (want.generation == 0) return std::nullopt;
  const auto make = [&](error_kind k) {
    return finding{k, fmt::format("{}: {} offset {}: expected generation {}, found {}", to_string(k), file_name, offset,
                                  want.generation, detail::found_words(b))};
  };
  switch (b.what) {
    case block_reading::kind::intact:
      if (b.generation == want.generation || (want.newer_allowed && b.generation > want.generation)) return std::nullopt;
      // Newer than any write made: something wrote here that the run did not count.
      return make(b.generation < want.generation ? error_kind::lost : error_kind::corrupted);
    case block_reading::kind::zero: case block_reading::kind::foreign: return make(error_kind::lost);
    case block_reading::kind::misplaced: return make(error_kind::misplaced);
    case block_reading::kind::torn:
      if (want.newer_allowed && b.unstamped == 0 && b.generation >= want.generation) {
        if (in_flight) *in_flight = true;
        return std::nullopt;
      }
      return make(error_kind::torn);
    case block_reading::kind::corrupted: return make(error_kind::corrupted);
  }
  return std::nullopt;
}

/// The errors of a run or a check, shared by its threads: counts of each kind, and the first
/// `cap` messages. Errors are rare, so a lock is fine.
class findings {
 public:
  explicit findings(std::size_t cap = 20) : cap_(cap) {}
  /// One bad block, or `blocks` of one kind under one message (the blocks a truncated file lost).
  void add(finding f, std::uint64_t blocks = 1) {
    std::lock_guard lock(mutex_);
    counts_[static_cast<std::size_t>(f.kind)] += blocks;
    if (!f.message.empty() && messages_.size() < cap_) messages_.push_back(std::move(f.message));
    else ++unshown_;
  }
  /// A problem of a whole file or journal that is no block's (a file missing, written by another tool).
  void add_line(std::string line) {
    std::lock_guard lock(mutex_);
    ++other_;
    if (messages_.size() < cap_) messages_.push_back(std::move(line));
    else ++unshown_;
  }
  /// Errors (or groups of them) whose message was not kept, beyond the cap.
  std::uint64_t unshown() const {
    std::lock_guard lock(mutex_);
    return unshown_;
  }
  std::uint64_t count(error_kind k) const {
    std::lock_guard lock(mutex_);
    return counts_[static_cast<std::size_t>(k)];
  }
  /// Every error, block errors and whole-file ones.
  std::uint64_t total() const {
    std::lock_guard lock(mutex_);
    std::uint64_t n = other_;
    for (auto c : counts_) n += c;
    return n;
  }
  std::vector<std::string> messages() const {
    std::lock_guard lock(mutex_);
    return messages_;
  }
  std::size_t cap() const noexcept { return cap_; }

 private:
  mutable std::mutex mutex_;
  std::array<std::uint64_t, error_kinds> counts_{};
  std::uint64_t other_ = 0, unshown_ = 0;
  std::vector<std::string> messages_;
  std::size_t cap_;
};

}  // namespace raidbench::verify
