#pragma once
/// Verification policies: whether written blocks carry a check and reads are checked against it.
#include <string_view>

#include "raidbench/workload/policy_of.hpp"
#include "raidbench/workload/slot.hpp"

namespace raidbench::verify {

class session;

/// What a verification policy is, declared by each as `static constexpr verify::kind kind`: the hot
/// loop stamps and checks by it (docs/verify.md).
enum class kind : unsigned char {
  none,             ///< blocks are written as they are, reads are not checked
  stamps,           ///< every 512-byte sector stamped (verify/stamp.hpp), every read judged, writes journaled
  sysbench_blocks,  ///< sysbench's --validate blocks (run/checked_block.hpp): a failed check ends the run
};

/// No verification (the default).
struct none_t : policy_of<raidbench::slot::verify, kind::none, "none"> {};
/// sysbench's --validate: a CRC-32 and the offset at the end of each block, checked on every read;
/// no two threads hold one block at once.
struct sysbench_blocks_t : policy_of<raidbench::slot::verify, kind::sysbench_blocks, "sysbench_blocks"> {};

/// Stamped sectors, judged on every read, against the write generations `with` keeps (and journals).
/// The session outlives the run: a later run or a final pass (verify/check_files.hpp) goes on from it.
struct stamps {
  using slot = raidbench::slot::verify;
  static constexpr verify::kind kind = verify::kind::stamps;
  static constexpr std::string_view name = "stamps";
  session* with = nullptr;
};

inline constexpr none_t none{};
inline constexpr sysbench_blocks_t sysbench_blocks{};

}  // namespace raidbench::verify
