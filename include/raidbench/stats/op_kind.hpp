#pragma once
/// The kinds of operation raidbench times separately: reads, writes and flushes.
#include <cstddef>
#include <string_view>

#include "raidbench/core/enum_names.hpp"

namespace raidbench {

/// A timed operation kind; `flush` covers fsync, fdatasync and msync.
enum class op_kind : unsigned char { read, write, flush };
template <>
inline constexpr auto enum_names<op_kind> = name_list<op_kind::flush>("read", "write", "flush");
inline constexpr std::size_t op_kind_count = 3;

}  // namespace raidbench
