#pragma once
/// Rule `drive_cache_enabled`: drives' volatile write caches are on behind a write-back controller cache, which the
/// controller's battery does not cover. A warning, as grave as the battery's gap when it has one.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct drive_cache_enabled {};
}  // namespace rule

template <>
struct rule_traits<rule::drive_cache_enabled> {
  static constexpr std::string_view name = "drive_cache_enabled";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/drive_cache_enabled.hpp"
#endif
