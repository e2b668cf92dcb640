#pragma once
/// What a sync policy asks of the hot loop (periodic flushes, a type) and of its end (a value).
#include <cstdint>

#include "raidbench/workload/sync.hpp"

namespace raidbench::detail {

/// Periodic flush every `every` writes (or requests, when `count_reads`) when `periodic`, of the
/// written file or of `all_files`; `at_end` flushes once after the last I/O.
template <class Sync>
struct flush_plan {
  static constexpr bool periodic = false;
  static constexpr sync::call call = sync::call::fsync;
  std::uint64_t every = 0;
  bool at_end = false;
  bool count_reads = false;
  bool all_files = false;
  explicit flush_plan(const sync::none_t&) {}
};
template <sync::call C>
struct flush_plan<sync::every<C>> {
  static constexpr bool periodic = true;
  static constexpr sync::call call = C;
  std::uint64_t every;
  bool at_end;
  bool count_reads;
  bool all_files;
  explicit flush_plan(const sync::every<C>& s)
      : every(s.writes ? s.writes : 1), at_end(s.at_end), count_reads(s.counts == sync::period::requests),
        all_files(s.covers == sync::scope::all_files) {}
};
template <sync::call C>
struct flush_plan<sync::at_end_t<C>> {
  static constexpr bool periodic = false;
  static constexpr sync::call call = C;
  std::uint64_t every = 0;
  bool at_end = true;
  bool count_reads = false;
  bool all_files = false;
  explicit flush_plan(const sync::at_end_t<C>&) {}
};

}  // namespace raidbench::detail
