#pragma once
// The partition alignment rule's definition (see core/linkage.hpp): included by partition_misaligned.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/partition_misaligned.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

RAIDBENCH_API void rule_traits<rule::partition_misaligned>::judge(const facts& f, std::vector<verdict>& out) {
  if (!f.context) return;
  severity level = severity::warning;
  std::vector<std::string> evidence;
  bool any = false, unknown = false;
  for (const auto& n : f.context->devices) {
    if (n.kind != block_kind::partition) continue;
    any = true;
    if (!n.start_bytes) {
      unknown = true;
      continue;
    }
    if (n.aligned_to_physical_sector == false) {
      level = severity::critical;
      evidence.push_back(fmt::format("{} starts at byte {}: not a multiple of {}'s physical sector", n.name,
                                     *n.start_bytes, n.below.empty() ? "the disk" : n.below.front()));
    }
    if (n.aligned_to_1mib == false)
      evidence.push_back(fmt::format("{} starts at byte {}: not a multiple of 1 MiB (RAID stripes and erase blocks)",
                                     n.name, *n.start_bytes));
  }
  out.push_back(verdict_on_evidence(level, std::move(evidence),
                                    "misaligned partition: writes straddle sectors or stripes and cost extra reads",
                                    !any      ? "no partition under the files"
                                    : unknown ? "partition start unknown"
                                              : "partitions start on 1 MiB and physical-sector boundaries"));
}

}  // namespace raidbench
