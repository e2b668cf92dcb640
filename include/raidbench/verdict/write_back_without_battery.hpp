#pragma once
/// Rule `write_back_without_battery`: a virtual drive's cache writes back while its battery is known not to protect it: a power
/// loss can lose acknowledged writes. Critical when the protection is gone, a warning while it is only
/// reduced (a charge, a learn cycle). One verdict per virtual drive.
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace rule {
struct write_back_without_battery {};
}  // namespace rule

template <>
struct rule_traits<rule::write_back_without_battery> {
  static constexpr std::string_view name = "write_back_without_battery";
  RAIDBENCH_API static void judge(const facts& f, std::vector<verdict>& out);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/write_back_without_battery.hpp"
#endif
