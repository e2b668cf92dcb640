#pragma once
/// The extension point for verdict rules: a tag type plus a rule_traits specialisation, checked by
/// the verdict_rule concept, as parser_traits is for controller tools.
#include <concepts>
#include <string_view>
#include <vector>

#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// Specialise for a tag type to add a rule: `name` (its stable id, the verdicts' `rule`) and
/// `judge(facts, out)`, which appends its verdicts: one per subject it fires on, or one that did not
/// fire saying why not; nothing when the facts hold nothing it judges (no results for a test rule).
template <class Rule>
struct rule_traits;

/// A tag whose rule_traits has `name` and `judge(const facts&, std::vector<verdict>&)`.
template <class Rule>
concept verdict_rule = requires(const facts& f, std::vector<verdict>& out) {
  { rule_traits<Rule>::name } -> std::convertible_to<std::string_view>;
  { rule_traits<Rule>::judge(f, out) } -> std::same_as<void>;
};

namespace detail {
template <class Rule>
constexpr bool check_verdict_rule() {
  static_assert(verdict_rule<Rule>,
                "Rule is not a verdict rule: specialise raidbench::rule_traits<Rule> with "
                "`static constexpr std::string_view name` and "
                "`static void judge(const raidbench::facts&, std::vector<raidbench::verdict>&)`");
  return true;
}
}  // namespace detail

}  // namespace raidbench
