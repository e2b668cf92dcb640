#pragma once
/// Rule `partition_misaligned`: a partition under the files does not start on a physical sector or 1 MiB boundary, so blocks
/// straddle sectors (read-modify-write) or RAID stripes. Storage-wide; critical when a sector is straddled.
#include <string_view>
#include <vector>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct partition_misaligned {};
}  // namespace rule

template <>
struct rule_traits<rule::partition_misaligned> {
  static constexpr std::string_view name = "partition_misaligned";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/partition_misaligned.hpp"
#endif
