#pragma once
/// Read/write mix policies: which operation comes next.
#include <concepts>
#include <string_view>

#include "raidbench/core/fixed_name.hpp"
#include "raidbench/workload/policy_of.hpp"
#include "raidbench/workload/slot.hpp"

namespace raidbench::mix {

/// What a mix policy is, declared by each policy as `static constexpr mix::kind kind` and inherited
/// by policies derived from it: the runner goes by the kind, never by the exact type.
enum class kind : unsigned char {
  reads,        ///< only reads
  writes,       ///< only writes, creating and extending files
  rewrite,      ///< only writes, over data already there
  random_mix,   ///< each request a read with probability `read_fraction()`, else a write
  interleaved,  ///< reads and writes in the ratio `reads_per_write`, chosen without chance
  copy,         ///< read a record, write it elsewhere (mix::copy, copy.hpp)
};

/// Only reads; the target must already hold the data.
struct reads_t : policy_of<raidbench::slot::mix, kind::reads, "read"> {};
/// Only writes; files are created when missing and grow as written.
struct writes_t : policy_of<raidbench::slot::mix, kind::writes, "write"> {};
/// Only writes, over data that must already be there (no file is created or extended).
struct rewrite_t : policy_of<raidbench::slot::mix, kind::rewrite, "rewrite"> {};
/// Reads and writes in a ratio of reads to writes, `reads_per_write`, mixed as kind K says: the
/// values and name of read_write and interleaved.
template <mix::kind K, detail::fixed_name Name>
struct by_ratio {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = Name.view();
  static constexpr mix::kind kind = K;
  double reads_per_write = 1.5;
  constexpr double read_fraction() const noexcept { return reads_per_write / (reads_per_write + 1.0); }
};

/// Reads and writes mixed by a ratio of reads to writes, as sysbench's --file-rw-ratio (1.5).
using read_write = by_ratio<kind::random_mix, "read_write">;
/// Reads and writes mixed by the share of reads in percent, as fio's rwmixread or IOMeter.
struct read_percent {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "read_percent";
  static constexpr mix::kind kind = mix::kind::random_mix;
  double percent = 50;
  constexpr double read_fraction() const noexcept { return percent / 100.0; }
};

/// Reads and writes in a ratio, chosen without chance: a read whenever (reads + 1) / (writes + 1) of
/// the thread is below `reads_per_write`, else a write, as sysbench 1.0's rndrw does.
using interleaved = by_ratio<kind::interleaved, "interleaved">;

/// Only writes, for a tool whose options choose between writing and rewriting at run time: with
/// `over_existing` they go over data already there, as `rewrite`, else they create and extend files,
/// as `writes`. Both write the same way, so one policy (and one hot loop) serves both.
struct chosen_writes {
  using slot = raidbench::slot::mix;
  static constexpr mix::kind kind = mix::kind::writes;  ///< the family; `over_existing` narrows it
  bool over_existing = false;
  constexpr std::string_view name() const noexcept { return over_existing ? rewrite_t::name : writes_t::name; }
};

inline constexpr reads_t reads{};
inline constexpr writes_t writes{};
inline constexpr rewrite_t rewrite{};

/// A mix policy: fills the slot, has a name, declares its kind; the mixing kinds say how often they read.
template <class M>
concept mix_policy = named_policy<M> && requires {
  typename M::slot;
  { M::kind } -> std::convertible_to<kind>;
} && (M::kind != kind::random_mix || requires(const M m) { { m.read_fraction() } -> std::convertible_to<double>; })
  && (M::kind != kind::interleaved || requires(const M m) {
       { m.reads_per_write } -> std::convertible_to<double>;
       { m.read_fraction() } -> std::convertible_to<double>;
     });

/// True for the policies that both read and write (a chance draw or an interleaving).
template <class M>
inline constexpr bool reads_and_writes = M::kind == kind::random_mix || M::kind == kind::interleaved;

}  // namespace raidbench::mix
