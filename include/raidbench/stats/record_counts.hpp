#pragma once
/// Records of a copy, as dd counts them: full and partial records read and written.
#include <cstdint>

namespace raidbench {

/// A record is full when it holds a whole block, partial when a read or write moved fewer bytes.
struct record_counts {
  std::uint64_t full_in = 0;
  std::uint64_t partial_in = 0;
  std::uint64_t full_out = 0;
  std::uint64_t partial_out = 0;
  std::uint64_t truncated = 0;  ///< lines dd's conv=block cut at cbs bytes

  record_counts& operator+=(const record_counts& o) noexcept {
    full_in += o.full_in;
    partial_in += o.partial_in;
    full_out += o.full_out;
    partial_out += o.partial_out;
    truncated += o.truncated;
    return *this;
  }
  friend bool operator==(const record_counts&, const record_counts&) = default;
};

}  // namespace raidbench
