#pragma once
/// The kinds of operation raidbench times separately: reads, writes and flushes.
#include <cstddef>
#include <string_view>

namespace raidbench {

/// A timed operation kind; `flush` covers fsync, fdatasync and msync.
enum class op_kind : unsigned char { read, write, flush };
inline constexpr std::size_t op_kind_count = 3;

/// "read", "write", "flush": the names used in JSON and reports.
constexpr std::string_view to_string(op_kind kind) noexcept {
  switch (kind) {
    case op_kind::read: return "read";
    case op_kind::write: return "write";
    case op_kind::flush: return "flush";
  }
  return "?";
}

}  // namespace raidbench
