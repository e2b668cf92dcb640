#pragma once
/// The journal of a verified run (vdbench's -j): which files, what block size, and for every block
/// the generation of its last acknowledged write — a write whose data the storage promised to keep
/// (a flush after it returned, or O_SYNC/O_DSYNC). It is written to the journal and made durable
/// (fdatasync) before the write counts as acknowledged, so after a crash or power cut
/// `--verify-only` knows which writes must have survived. Layout in docs/verify.md.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verify/stamp.hpp"

namespace raidbench::verify {

/// What a journal is of: the run's lineage, the files and how they are cut into blocks.
struct journal_layout {
  std::uint64_t run = 0;
  std::uint64_t block_size = 0;
  std::uint64_t file_size = 0;
  payload data = payload::random;
  std::vector<std::string> files;  ///< each file's path, as the run opened it
  std::uint64_t blocks_per_file() const noexcept { return block_size ? file_size / block_size : 0; }
};

/// A write made durable: the block (generation_map::index) and its generation.
struct acknowledgement {
  std::uint64_t block;
  std::uint32_t generation;
};

/// Bytes of the journal's parts (docs/verify.md).
inline constexpr std::size_t journal_header_unit = 4096;
inline constexpr std::size_t journal_sector = 512;
inline constexpr std::size_t journal_entries_per_sector = (journal_sector - 8) / 4;  // 126

class journal {
 public:
  /// Creates a new journal at `path` (refused if something is there): written in full to
  /// `path`.new, made durable, renamed into place, and the directory made durable.
  RAIDBENCH_API static expected<journal> create(const std::filesystem::path& path, journal_layout layout);
  /// Opens an existing journal: checks its header; a map sector whose checksum fails (torn by a
  /// power cut while it was written) is counted, and its blocks are not checked.
  RAIDBENCH_API static expected<journal> open(const std::filesystem::path& path);

  const journal_layout& layout() const noexcept { return s_->layout; }
  const std::filesystem::path& path() const noexcept { return s_->path; }
  /// The generation of the block's last acknowledged write (0: none), and whether its sector read back whole.
  std::uint32_t acknowledged(std::uint64_t block) const noexcept { return s_->generations[block]; }
  bool readable(std::uint64_t block) const noexcept { return !s_->torn[block / journal_entries_per_sector]; }
  std::uint64_t torn_sectors() const noexcept { return s_->torn_count; }

  /// Records writes as acknowledged; they are made durable now, or with the `batch`-th call since the
  /// last commit. Thread-safe. A failed journal write is kept and returned by every later call.
  RAIDBENCH_API expected<void> acknowledge(std::span<const acknowledgement> acks);
  /// Writes what is pending and makes it durable (pwrite of the changed sectors, then fdatasync).
  RAIDBENCH_API expected<void> commit();
  /// How many acknowledgement calls share one commit (1: each is durable before it returns).
  void set_batch(std::uint32_t calls) noexcept { s_->batch = calls ? calls : 1; }

  /// What journaling cost: commits made, the time they took, writes acknowledged.
  struct cost {
    std::uint64_t commits = 0;
    std::uint64_t commit_ns = 0;
    std::uint64_t acknowledged_writes = 0;
  };
  cost costs() const {
    std::lock_guard lock(s_->mutex);
    return s_->costs;
  }

 private:
  struct state {
    std::filesystem::path path;
    journal_layout layout;
    file_descriptor fd;
    std::uint64_t map_start = 0;
    std::vector<std::uint32_t> generations;
    std::vector<bool> torn;  // per map sector, when opened
    std::uint64_t torn_count = 0;
    std::vector<std::uint64_t> dirty;  // map sectors changed since the last commit
    std::vector<bool> is_dirty;
    std::uint32_t batch = 1, pending_calls = 0;
    error failure;
    mutable std::mutex mutex;
    cost costs;
  };
  expected<void> commit_locked();
  std::unique_ptr<state> s_;
};

}  // namespace raidbench::verify

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verify/impl/journal.hpp"
#endif
