#pragma once
/// Rule `array_busy`: an array runs background work (rebuild, resync, check, initialisation…): figures taken now do
/// not show the array at rest. One verdict per array, a warning.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct array_busy {};
}  // namespace rule

template <>
struct rule_traits<rule::array_busy> {
  static constexpr std::string_view name = "array_busy";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/array_busy.hpp"
#endif
