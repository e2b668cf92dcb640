#pragma once
/// Rule `drive_predictive_failure`: a physical drive predicts its own failure (predictive failure count, SMART alert). A
/// warning, one per drive.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct drive_predictive_failure {};
}  // namespace rule

template <>
struct rule_traits<rule::drive_predictive_failure> {
  static constexpr std::string_view name = "drive_predictive_failure";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/drive_predictive_failure.hpp"
#endif
