#pragma once
/// Rule `policy_differs_from_default`: a virtual drive's (or controller's) current cache policy differs from its configured one
/// (a bad battery or a learn cycle switched write-back to write-through): the figures measure the
/// fallback. One verdict per virtual drive or controller, a warning.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct policy_differs_from_default {};
}  // namespace rule

template <>
struct rule_traits<rule::policy_differs_from_default> {
  static constexpr std::string_view name = "policy_differs_from_default";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/policy_differs_from_default.hpp"
#endif
