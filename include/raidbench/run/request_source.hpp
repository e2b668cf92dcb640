#pragma once
/// Where and what the next I/O is: offsets from the access policy, read or write from the mix.
#include <cstdint>
#include <type_traits>

#include "raidbench/core/random.hpp"
#include "raidbench/stats/op_kind.hpp"
#include "raidbench/workload/access.hpp"
#include "raidbench/workload/mix.hpp"

namespace raidbench::detail {

/// The target seen as blocks: files × blocks per file, each `block` bytes.
struct block_layout {
  std::uint32_t files = 1;
  std::uint64_t blocks_per_file = 0;
  std::uint64_t block = 0;
  std::uint64_t total_blocks() const noexcept { return blocks_per_file * files; }
};

/// One I/O's place in the target.
struct position {
  std::uint32_t file;
  std::uint64_t offset;
};

/// The operation choice a mix policy reduces to inside the hot loop: always read, always write, a
/// chance draw, or an interleaving.
enum class op_choice : unsigned char { reads, writes, by_chance, interleaved };

template <class Mix>
constexpr op_choice choice_of() noexcept {
  switch (Mix::kind) {
    case mix::kind::reads: return op_choice::reads;
    case mix::kind::random_mix: return op_choice::by_chance;
    case mix::kind::interleaved: return op_choice::interleaved;
    case mix::kind::writes: case mix::kind::rewrite: case mix::kind::copy: break;
  }
  return op_choice::writes;
}

/// Produces positions for one thread from its access policy's `next_block`, which picks a block
/// among the thread's cursor (see access.hpp); the layout turns the block into a file and offset.
/// It keeps its own copy of the policy, so a policy's state belongs to one thread.
template <class Access>
class position_source {
 public:
  position_source(const Access& access, block_layout layout, std::uint64_t first, std::uint64_t end, bool one_pass)
      : layout_(layout), cursor_{first, end, first, layout.total_blocks(), one_pass}, access_(access) {}

  /// False when the access policy says the walk is over (one-pass sequential at its end).
  bool next(random_generator& rng, position& out) noexcept {
    std::uint64_t block;
    if (!access_.next_block(cursor_, rng, block)) return false;
    if (block < layout_.blocks_per_file) {  // the first file, or the only one: no division (~40 cycles)
      out.file = 0;
      out.offset = block * layout_.block;
      return true;
    }
    out.file = static_cast<std::uint32_t>(block / layout_.blocks_per_file);
    out.offset = (block % layout_.blocks_per_file) * layout_.block;
    return true;
  }

 private:
  block_layout layout_;
  access::cursor cursor_;
  [[no_unique_address]] Access access_;
};

/// Read or write, as the mix says; for a random mix a seeded draw against the read fraction.
template <op_choice Choice>
struct op_chooser {
  double read_fraction = 0;
  op_kind next(random_generator& rng) const noexcept {
    if constexpr (Choice == op_choice::reads) return op_kind::read;
    else if constexpr (Choice == op_choice::writes) return op_kind::write;
    else return rng.unit() < read_fraction ? op_kind::read : op_kind::write;
  }
};

/// The interleaved choice keeps its thread's counts; each thread works on its own copy.
template <>
struct op_chooser<op_choice::interleaved> {
  double reads_per_write = 0;
  std::uint64_t reads = 0, writes = 0;
  op_kind next(random_generator&) noexcept {
    if (static_cast<double>(reads + 1) / static_cast<double>(writes + 1) < reads_per_write) {
      ++reads;
      return op_kind::read;
    }
    ++writes;
    return op_kind::write;
  }
};

/// The chooser a mix policy reduces to, with the policy's values.
template <class Mix>
op_chooser<choice_of<Mix>()> chooser_for(const Mix& m) noexcept {
  if constexpr (Mix::kind == mix::kind::interleaved) return {m.reads_per_write};
  else if constexpr (Mix::kind == mix::kind::random_mix) return {m.read_fraction()};
  else return {};
}

}  // namespace raidbench::detail
