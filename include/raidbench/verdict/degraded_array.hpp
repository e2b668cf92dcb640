#pragma once
/// Rule `degraded_array`: an array is degraded, failed or offline: an md array in the chain with members missing, or a
/// controller's virtual drive in any state but optimal. One verdict per array; critical when redundancy
/// is lost or data unavailable, a warning when the array is only impaired.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct degraded_array {};
}  // namespace rule

template <>
struct rule_traits<rule::degraded_array> {
  static constexpr std::string_view name = "degraded_array";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/degraded_array.hpp"
#endif
