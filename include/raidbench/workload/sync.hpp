#pragma once
/// Sync policies: when written data is flushed to stable storage, and with which call.
#include <cstdint>
#include <string_view>

#include "raidbench/workload/slot.hpp"

namespace raidbench::sync {

/// The flush call: fsync(2) flushes data and metadata, fdatasync(2) only what reading the data needs.
enum class call : unsigned char { fsync, fdatasync };

constexpr std::string_view to_string(call c) noexcept { return c == call::fsync ? "fsync" : "fdatasync"; }

/// Never flush (the kernel writes back when it likes).
struct none_t {
  using slot = raidbench::slot::sync;
  static constexpr std::string_view name = "none";
};

/// Flush after every `writes` writes (1: after each write); `at_end` adds a final flush, timed
/// inside the run, as sysbench's --file-fsync-end does.
template <call C>
struct every {
  using slot = raidbench::slot::sync;
  static constexpr call flush_call = C;
  static constexpr std::string_view name = C == call::fsync ? "fsync_every" : "fdatasync_every";
  std::uint64_t writes = 1;
  bool at_end = false;
};
using fsync_every = every<call::fsync>;
using fdatasync_every = every<call::fdatasync>;

/// One flush at the end of the run, timed inside it (dd's conv=fsync / conv=fdatasync).
template <call C>
struct at_end_t {
  using slot = raidbench::slot::sync;
  static constexpr call flush_call = C;
  static constexpr std::string_view name = C == call::fsync ? "fsync_at_end" : "fdatasync_at_end";
};

inline constexpr none_t none{};
inline constexpr at_end_t<call::fsync> fsync_at_end{};
inline constexpr at_end_t<call::fdatasync> fdatasync_at_end{};

}  // namespace raidbench::sync
