#pragma once
/// The server's record of acknowledged writes: an append-only file of lines, each with its own
/// CRC-32C, flushed to the disk (fsync) before the write it records is acknowledged to the client.
/// Reopening it replays every line, so a server restarted (or its machine rebooted) knows every
/// write it ever acknowledged; a last line torn by a crash while it was appended (never
/// acknowledged) is cut off, a damaged line before the end stops the server.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/durability/flush_method.hpp"

namespace raidbench::durability {

/// The latest acknowledged write of one block.
struct recorded_block {
  std::uint32_t generation = 0;
  std::uint32_t checksum = 0;  ///< CRC-32C of the whole block as written
  flush_method method = flush_method::fsync;
};

/// What one verify found, as the server keeps it.
struct cut_check {
  std::uint64_t checked = 0;  ///< blocks whose latest acknowledged write had to be there
  std::uint64_t lost = 0;
  bool rebooted = false;      ///< the machine under test restarted between writing and verifying
  std::int64_t at = 0;        ///< unix seconds
};

/// One run of a writer: what it writes, every block's latest acknowledged write, and the verify.
struct recorded_run {
  std::uint64_t id = 0;
  std::string name;  ///< the target as the writer names it ("host:/srv/durable.dat")
  std::uint64_t block_size = 0, size = 0;
  std::string boot_id;     ///< the writer's /proc/sys/kernel/random/boot_id
  std::int64_t started = 0;  ///< unix seconds
  std::uint64_t writes = 0;  ///< acknowledged writes
  std::map<std::uint64_t, recorded_block> blocks;  ///< by offset
  std::optional<cut_check> verified;
};

/// Every verified run of a name, added up: the cuts a target went through and what they lost.
struct cut_totals {
  std::uint64_t cuts = 0, rebooted_cuts = 0;
  std::uint64_t acknowledged = 0, checked = 0, lost = 0;
};

class durable_record {
 public:
  /// Opens (or creates) `file_name` in `dir` and replays it.
  RAIDBENCH_API static expected<durable_record> open(held_directory& dir, std::string_view file_name);

  /// Records a new run; its id must be new.
  RAIDBENCH_API expected<void> begin(recorded_run run);
  /// Records an acknowledged write of `run`, durable when this returns; a write already recorded
  /// (the client sent it again after a reconnect) is accepted without a second line.
  RAIDBENCH_API expected<void> write(std::uint64_t run, std::uint64_t offset, recorded_block block);
  /// Records what a verify of `run` found (replacing an earlier verify of it) and returns the totals
  /// of every verified run of its name.
  RAIDBENCH_API expected<cut_totals> verified(std::uint64_t run, cut_check check);

  /// The run with this id, or null.
  RAIDBENCH_API const recorded_run* find(std::uint64_t run) const;
  /// The latest run of `name`, or null.
  RAIDBENCH_API const recorded_run* latest(std::string_view name) const;
  std::size_t run_count() const noexcept { return runs_.size(); }

 private:
  durable_record() = default;
  RAIDBENCH_API expected<void> append(const std::string& payload);
  RAIDBENCH_API expected<void> replay(std::string_view payload);
  RAIDBENCH_API cut_totals totals_of(const std::string& name) const;

  file_descriptor fd_;
  std::string shown_;
  std::map<std::uint64_t, recorded_run> runs_;
  std::vector<std::uint64_t> order_;  ///< run ids in the order they began
};

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/record.hpp"
#endif
