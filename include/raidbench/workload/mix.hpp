#pragma once
/// Read/write mix policies: which operation comes next.
#include <concepts>
#include <string_view>

#include "raidbench/workload/slot.hpp"

namespace raidbench::mix {

/// Only reads; the target must already hold the data.
struct reads_t {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "read";
};
/// Only writes; files are created when missing and grow as written.
struct writes_t {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "write";
};
/// Only writes, over data that must already be there (no file is created or extended).
struct rewrite_t {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "rewrite";
};
/// Reads and writes mixed by a ratio of reads to writes, as sysbench's --file-rw-ratio (1.5).
struct read_write {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "read_write";
  double reads_per_write = 1.5;
  constexpr double read_fraction() const noexcept { return reads_per_write / (reads_per_write + 1.0); }
};
/// Reads and writes mixed by the share of reads in percent, as fio's rwmixread or IOMeter.
struct read_percent {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "read_percent";
  double percent = 50;
  constexpr double read_fraction() const noexcept { return percent / 100.0; }
};

/// Reads and writes in a ratio, chosen without chance: a read whenever (reads + 1) / (writes + 1) of
/// the thread is below `reads_per_write`, else a write, as sysbench 1.0's rndrw does.
struct interleaved {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "interleaved";
  double reads_per_write = 1.5;
  constexpr double read_fraction() const noexcept { return reads_per_write / (reads_per_write + 1.0); }
};

inline constexpr reads_t reads{};
inline constexpr writes_t writes{};
inline constexpr rewrite_t rewrite{};

/// True for the policies that mix reads and writes.
template <class M>
concept mixed = requires(const M m) { { m.read_fraction() } -> std::convertible_to<double>; };

}  // namespace raidbench::mix
