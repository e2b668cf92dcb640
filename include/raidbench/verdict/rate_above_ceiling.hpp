#pragma once
/// Rule `rate_above_ceiling`: a test moved data faster than the link or media under the files can
/// carry (device_ceiling.hpp: the negotiated SATA/SAS/USB link, the PCIe link, a rotating disk's
/// mechanics), so a cache served the figure. It judges every write rate (buffered, O_DIRECT,
/// O_SYNC/O_DSYNC, a committing test's) and the read rate of O_DIRECT reads; buffered reads are
/// page_cache_reads's, against the same ceiling. Beyond 1.25× the ceiling it fires (a warning);
/// between 1× and 1.25× it says "possibly" and does not. One verdict per test it judges.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct rate_above_ceiling {};
}  // namespace rule

template <>
struct rule_traits<rule::rate_above_ceiling> {
  static constexpr std::string_view name = "rate_above_ceiling";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/rate_above_ceiling.hpp"
#endif
