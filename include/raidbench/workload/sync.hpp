#pragma once
/// Sync policies: when written data is flushed to stable storage, and with which call.
#include <concepts>
#include <cstdint>
#include <string_view>

#include "raidbench/workload/policy_of.hpp"
#include "raidbench/workload/slot.hpp"

namespace raidbench::sync {

/// The flush call: fsync(2) flushes data and metadata, fdatasync(2) only what reading the data needs.
enum class call : unsigned char { fsync, fdatasync };

constexpr std::string_view to_string(call c) noexcept { return c == call::fsync ? "fsync" : "fdatasync"; }

/// What a sync policy is, declared by each policy as `static constexpr sync::kind kind` (with the
/// `flush_call` it makes, unless none) and inherited by policies derived from it.
enum class kind : unsigned char {
  none,      ///< never flush
  periodic,  ///< flush every `writes` writes (members writes, at_end, counts, covers as in `every`)
  at_end,    ///< flush once, after the last I/O
};

/// Never flush (the kernel writes back when it likes).
struct none_t : policy_of<raidbench::slot::sync, kind::none, "none"> {};

/// What a flush period counts: writes, or every request (reads too) as sysbench's --file-fsync-freq.
enum class period : unsigned char { writes, requests };
/// What a periodic flush covers: the file just written, or every file of the target in turn
/// (one timed flush per file), as sysbench does.
enum class scope : unsigned char { written_file, all_files };

constexpr std::string_view to_string(period p) noexcept { return p == period::writes ? "writes" : "requests"; }
constexpr std::string_view to_string(scope s) noexcept { return s == scope::written_file ? "written_file" : "all_files"; }

/// Flush after every `writes` writes (1: after each write); `at_end` adds a final flush, timed
/// inside the run, as sysbench's --file-fsync-end does. With `counts = period::requests` the period
/// counts reads too, and a period without a write flushes nothing. With `flushes_are_requests`,
/// each periodic flush of a file is a request of its own against stop::after's `ops`, as sysbench
/// counts its fsyncs as events (a budget that ends in the middle of a round flushes only part of it).
template <call C>
struct every {
  using slot = raidbench::slot::sync;
  static constexpr sync::kind kind = sync::kind::periodic;
  static constexpr call flush_call = C;
  static constexpr std::string_view name = C == call::fsync ? "fsync_every" : "fdatasync_every";
  std::uint64_t writes = 1;
  bool at_end = false;
  period counts = period::writes;
  scope covers = scope::written_file;
  bool flushes_are_requests = false;
};
using fsync_every = every<call::fsync>;
using fdatasync_every = every<call::fdatasync>;

/// One flush at the end of the run, timed inside it (dd's conv=fsync / conv=fdatasync).
template <call C>
struct at_end_t {
  using slot = raidbench::slot::sync;
  static constexpr sync::kind kind = sync::kind::at_end;
  static constexpr call flush_call = C;
  static constexpr std::string_view name = C == call::fsync ? "fsync_at_end" : "fdatasync_at_end";
};

/// A sync policy whose call and flushes are run-time values, for a tool that reads them from its
/// options (rb-run's --fsync/--fdatasync/--end-fsync, as fio's fsync=, fdatasync=, end_fsync=).
/// Only `Periodic`, the hot loop's shape, is in its type, so such a tool needs two sync policies,
/// not one per call and kind. `chosen<false>` flushes once with `flush_call` after the last I/O when
/// `at_end`, else never; `chosen<true>` flushes as `every` does. Its name is the built-in policy's
/// it behaves as ("none", "fsync_at_end", "fdatasync_every", …).
template <bool Periodic>
struct chosen {
  using slot = raidbench::slot::sync;
  static constexpr sync::kind kind = Periodic ? sync::kind::periodic : sync::kind::at_end;
  call flush_call = call::fsync;
  bool at_end = false;
  // When `Periodic`: the period and the rest of `every`'s members, with its defaults.
  std::uint64_t writes = 1;
  period counts = period::writes;
  scope covers = scope::written_file;
  bool flushes_are_requests = false;
  constexpr std::string_view name() const noexcept {
    if constexpr (Periodic) return flush_call == call::fsync ? every<call::fsync>::name : every<call::fdatasync>::name;
    else if (!at_end) return none_t::name;
    else return flush_call == call::fsync ? at_end_t<call::fsync>::name : at_end_t<call::fdatasync>::name;
  }
};

/// A sync policy: fills the slot, has a name and a kind; the flushing kinds name their call (a
/// static `flush_call`, or a member whose value is the call); kind::at_end may say with an `at_end`
/// member whether it flushes at all.
template <class S>
concept sync_policy = named_policy<S> && requires {
  typename S::slot;
  { S::kind } -> std::convertible_to<kind>;
} && (S::kind == kind::none || requires(const S s) { { s.flush_call } -> std::convertible_to<call>; })
  && (S::kind != kind::periodic || requires(const S s) {
       { s.writes } -> std::convertible_to<std::uint64_t>;
       { s.at_end } -> std::convertible_to<bool>;
       { s.counts } -> std::convertible_to<period>;
       { s.covers } -> std::convertible_to<scope>;
     });

/// Whether a sync policy flushes once after the last I/O: every periodic one given `at_end`, every
/// kind::at_end one unless its `at_end` member says not.
template <sync_policy S>
constexpr bool flushes_at_end(const S& s) noexcept {
  if constexpr (S::kind == kind::none) return false;
  else if constexpr (requires { s.at_end; }) return s.at_end;
  else return S::kind == kind::at_end;
}

inline constexpr none_t none{};
inline constexpr at_end_t<call::fsync> fsync_at_end{};
inline constexpr at_end_t<call::fdatasync> fdatasync_at_end{};

}  // namespace raidbench::sync
