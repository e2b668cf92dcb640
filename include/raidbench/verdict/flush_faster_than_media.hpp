#pragma once
/// Rule `flush_faster_than_media`: a test committed (fsync, fdatasync, O_SYNC/O_DSYNC writes) faster than rotating media can,
/// so a write cache absorbed the flushes: an info when a healthy battery protects that cache, critical
/// when nothing does, a warning when it is unknown. One verdict per committing test. A power-cut test
/// of the device (facts::durability, rb-durable) replaces the inference with what it proved: critical
/// when it lost acknowledged writes, an info when none was lost across a restart.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// The fastest spindle commonly sold (rpm); a rotating disk commits about once per revolution.
inline constexpr double fastest_spindle_rpm = 15000;

namespace rule {
struct flush_faster_than_media {};
}  // namespace rule

template <>
struct rule_traits<rule::flush_faster_than_media> {
  static constexpr std::string_view name = "flush_faster_than_media";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/flush_faster_than_media.hpp"
#endif
