#pragma once
// A verdict rule of a user's own, written as a user writes one: a tag and a rule_traits
// specialisation over raidbench's facts. It fires on a controller whose arrays keep redundancy but
// which has no hot spare: after a drive fails, the array runs degraded until someone replaces it.
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/controller/part_names.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_traits.hpp"

struct no_hot_spare {};  // the tag

template <>
struct raidbench::rule_traits<no_hot_spare> {
  static constexpr std::string_view name = "no_hot_spare";
  static void judge(const facts& f, std::vector<verdict>& out) {
    if (!f.inv) return;
    const std::size_t first = out.size();
    for (std::size_t ci = 0; ci < f.inv->controllers.size(); ++ci) {
      const controller& c = f.inv->controllers[ci];
      if (!covered(c).drives) continue;  // a dump without its drives says nothing of spares
      std::vector<std::string> redundant;
      for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi)
        if (const auto& l = c.virtual_drives[vi].level; l && *l != raid_level::raid0 && *l != raid_level::jbod && *l != raid_level::linear)
          redundant.push_back(vd_name(controller_name(c, ci), c.virtual_drives[vi], vi) + ": " + std::string(to_string(*l)));
      bool spare = false;
      for (const auto& d : c.physical_drives) spare = spare || d.state == pd_state::hot_spare;
      if (redundant.empty() || spare) continue;
      out.push_back({"", controller_name(c, ci), true, severity::warning,
                     "redundant arrays and no hot spare: a failed drive is rebuilt only once someone replaces it", redundant});
    }
    if (out.size() == first) out.push_back({"", "", false, severity::info, "every redundant array has a hot spare to rebuild on", {}});
  }
};
