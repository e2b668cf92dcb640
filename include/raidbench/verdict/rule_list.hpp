#pragma once
/// Compile-time lists of verdict rules, their run-time table, and the one function every tool calls
/// to judge: `judge(facts, rules)`.
#include <span>
#include <string_view>
#include <vector>

#include "raidbench/core/linkage.hpp"
#include "raidbench/core/tag_list.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// An ordered list of rule tags; their verdicts come in this order.
template <class... Rules>
using rule_list = tag_list<rule_traits, Rules...>;

/// The list value users write: `rules<my_rule>`, `builtin_rules + rules<my_rule>`.
template <class... Rules>
  requires(detail::check_verdict_rule<Rules>() && ...)
inline constexpr rule_list<Rules...> rules{};

/// A rule in a run-time table.
template <>
struct table_entry<rule_traits> {
  std::string_view name;
  void (*judge)(const facts&, std::vector<verdict>&);

  template <class Rule>
  static constexpr table_entry of() noexcept {
    // After the requires-clause's static_assert, nothing more: one error, naming what is missing.
    if constexpr (verdict_rule<Rule>) return {rule_traits<Rule>::name, &rule_traits<Rule>::judge};
    else return {};
  }
};
using rule_entry = table_entry<rule_traits>;

/// Every verdict of every rule in `table` over `f`, rule by rule: the one judgement.
RAIDBENCH_API std::vector<verdict> judge(const facts& f, std::span<const rule_entry> table);

/// The same over a list: `judge(f, builtin_rules + rules<my_rule>)`.
template <class... Rules>
std::vector<verdict> judge(const facts& f, rule_list<Rules...>) {
  return judge(f, std::span<const rule_entry>(table_v<rule_list<Rules...>>));
}

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/rule_list.hpp"
#endif
