#pragma once
/// `rb-durable write`: on the machine under test, writes stamped blocks (verify/stamp.hpp: the run,
/// the offset and the block's generation in every sector, each with its CRC-32C) to random places of
/// the target, makes each durable with a flush method (several take turns), and only then reports
/// it to the server, counting it once the server has it on its own disk. It runs until the power is
/// cut (or `writes` are acknowledged, or `stop`); whatever was acknowledged must be there afterwards.
#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/durability/client.hpp"
#include "raidbench/durability/flush_method.hpp"

namespace raidbench::durability {

struct write_options : run_address {
  std::vector<flush_method> methods{flush_method::fsync};
  std::uint64_t block_size = 4096, size = 64ull << 20;
  std::uint64_t writes = 0;  ///< stop after this many acknowledged writes; 0: until the power is cut
  bool allow_device = false;
};

/// Where a writer is, for its progress lines.
struct write_progress {
  std::uint64_t run = 0;
  std::string device;  ///< the block device under the target
  std::uint64_t acknowledged = 0;
  std::array<std::uint64_t, all_flush_methods.size()> by_method{};
  unsigned reconnections = 0;
};

/// Writes until done, stopped or cut; `report` is called when the run has begun (acknowledged 0) and
/// then about once a second. Returns the tally, or the one-line reason it stopped.
RAIDBENCH_API expected<write_progress> write_until_cut(const write_options& options, const std::atomic<bool>& stop,
                                                       const std::function<void(const write_progress&)>& report);

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/writer.hpp"
#endif
