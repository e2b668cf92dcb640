#pragma once
/// Rule `page_cache_reads`: the page cache, not the device, served a test's reads. One verdict per test that reads; a
/// warning (the figure measures memory).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// How much faster than the same reads with O_DIRECT a buffered read must be to call it cached;
/// between `borderline_factor` and it, a read-ahead or a drive's cache can still explain the gap.
inline constexpr double cached_over_direct_factor = 2.0;
/// No block device answers a read faster than this (the fastest NVMe drives take ~5-10 µs).
inline constexpr std::uint64_t fastest_device_read_ns = 5000;

/// Whether the page cache may have served a result's reads: buffered reads of a target smaller
/// than RAM (`ram_bytes`; unknown: no). The first question of page_cache_reads below, and all that
/// a tool's note and the summary ask. A stream's size is 0 when unknown: it may, and only the
/// figures (page_cache_reads) can tell. A null engine's reads reached no cache: no.
inline bool page_cache_may_serve_reads(const result& r, std::optional<std::uint64_t> ram_bytes) {
  return ram_bytes && r.stats.of(op_kind::read).ops != 0 && reached_storage(r) && !uses_direct_io(r) &&
         r.workload.total_size < *ram_bytes;
}

/// Whether page_cache_reads fires on test `t` with these facts: the one place other rules ask
/// (tool_overhead leaves a figure it explains to it).
RAIDBENCH_API bool page_cache_explains(const named_result& t, const facts& f);

namespace rule {
struct page_cache_reads {};
}  // namespace rule

template <>
struct rule_traits<rule::page_cache_reads> {
  static constexpr std::string_view name = "page_cache_reads";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/page_cache_reads.hpp"
#endif
