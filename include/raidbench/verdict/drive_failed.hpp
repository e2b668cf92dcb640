#pragma once
/// Rule `drive_failed`: a physical drive is failed, offline, missing or unconfigured-bad. Critical, one per drive.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct drive_failed {};
}  // namespace rule

template <>
struct rule_traits<rule::drive_failed> {
  static constexpr std::string_view name = "drive_failed";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/drive_failed.hpp"
#endif
