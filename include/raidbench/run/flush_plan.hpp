#pragma once
/// What a sync policy asks of the hot loop: whether it flushes periodically (a kernel's type) and
/// the values of those flushes and of the closing one (run-time values).
#include <cstdint>

#include "raidbench/workload/sync.hpp"

namespace raidbench::detail {

/// The run-time part: a flush every `every` writes (or requests, when `count_reads`), of the written
/// file or of `all_files`, with `call`; `at_end` flushes once after the last I/O.
struct flush_settings {
  sync::call call = sync::call::fsync;
  std::uint64_t every = 0;
  bool at_end = false;
  bool count_reads = false;
  bool all_files = false;
  bool flushes_are_ops = false;  ///< each periodic flush counts against the ops budget (sync::every)
};

/// The settings a sync policy declares, by its kind (so policies derived from a built-in one keep
/// its meaning, and their values).
template <class Sync>
flush_settings flush_settings_of(const Sync& s) noexcept {
  flush_settings out;
  if constexpr (Sync::kind != sync::kind::none) out.call = s.flush_call;
  out.at_end = sync::flushes_at_end(s);
  if constexpr (Sync::kind == sync::kind::periodic) {
    out.every = s.writes ? s.writes : 1;
    out.count_reads = s.counts == sync::period::requests;
    out.all_files = s.covers == sync::scope::all_files;
    if constexpr (requires { s.flushes_are_requests; }) out.flushes_are_ops = s.flushes_are_requests;
  }
  return out;
}

/// The settings as one hot loop sees them: `Periodic` is part of the kernel's type, so a loop
/// without periodic flushes has no flush code in it.
template <bool Periodic>
struct flush_plan : flush_settings {
  static constexpr bool periodic = Periodic;
};

}  // namespace raidbench::detail
