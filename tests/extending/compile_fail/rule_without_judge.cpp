// expect: Rule is not a verdict rule: specialise raidbench::rule_traits<Rule> with
// A rule whose traits name it but have no judge(): there is nothing to run.
#include <string_view>

#include "raidbench/verdict/rule_list.hpp"

struct silent_rule {};
template <>
struct raidbench::rule_traits<silent_rule> {
  static constexpr std::string_view name = "silent";
};

int main() { return static_cast<int>(raidbench::judge(raidbench::facts{}, raidbench::rules<silent_rule>).size()); }
