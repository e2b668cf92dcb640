#pragma once
// collect_inventory's definition (see core/linkage.hpp): included by collect.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/detail/fill.hpp"
#include "raidbench/controller/merge.hpp"

namespace raidbench {

namespace detail {
// Each `mdadm --detail` shows another array of the host's one md "controller", and its members'
// device ids are roles within that array (0, 1, ...), which merge() would take for the same
// drives: the arrays and their members are added side by side.
inline void add_md_array(inventory& into, inventory&& from) {
  if (into.controllers.size() != 1 || from.controllers.size() != 1) return merge(into, std::move(from));
  auto& host = into.controllers.front();
  auto& array = from.controllers.front();
  fill(host.coverage, array.coverage);
  for (auto& v : array.virtual_drives) host.virtual_drives.push_back(std::move(v));
  for (auto& d : array.physical_drives) host.physical_drives.push_back(std::move(d));
  for (auto& w : from.warnings) into.warnings.push_back(std::move(w));
}

// A text that stops in the middle of a line its parser could not read was cut short (a copy that
// stopped, a tool killed while it printed): what follows the cut is unknown, so the text is not
// judged. A last line without its newline that the parser reads ("Command completed successfully."
// pasted without one) is whole; a text that yields no controller is reported as such. The reason,
// or empty when the text ends cleanly.
inline std::string cut_short(std::string_view text, const inventory& inv) {
  if (text.empty() || text.back() == '\n' || inv.controllers.empty()) return {};
  const auto last_line = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  const bool unread = std::any_of(inv.warnings.begin(), inv.warnings.end(), [&](const warning& w) { return w.line == last_line; });
  return unread ? fmt::format("the text stops in the middle of line {}, which is not read: it looks cut short", last_line) : std::string();
}
}  // namespace detail

RAIDBENCH_API expected<inventory> collect_inventory(std::vector<captured_output> texts, on_unreadable unreadable,
                                                    std::vector<std::string>& notes, std::span<const parser_entry> parsers) {
  const bool several = texts.size() > 1;
  std::vector<inventory> by_tool;
  for (auto& t : texts) {
    auto inv = parse_any(t.text, parsers);
    if (inv)
      if (auto why = detail::cut_short(t.text, *inv); !why.empty()) inv = fail(std::move(why));
    if (!inv) {
      if (unreadable == on_unreadable::fail) return fail(fmt::format("{}: {}", t.name, inv.message()));
      notes.push_back(fmt::format("skipped {}: {}", t.name, inv.message()));
      continue;
    }
    for (auto& w : inv->warnings) {
      notes.push_back(w.line == 0 ? fmt::format("warning: {}: {}", t.name, w.text)
                                  : fmt::format("warning: {}:{}: {}", t.name, w.line, w.text));
      if (several) w.text = t.name + ": " + w.text;
    }
    auto same_tool = std::find_if(by_tool.begin(), by_tool.end(), [&](const inventory& i) { return i.source == inv->source; });
    if (same_tool == by_tool.end()) by_tool.push_back(std::move(*inv));
    else if (inv->source == "mdadm") detail::add_md_array(*same_tool, std::move(*inv));
    else merge(*same_tool, std::move(*inv));
  }
  inventory all;
  for (auto& inv : by_tool) {
    all.source += (all.source.empty() ? "" : "+") + inv.source;
    for (auto& c : inv.controllers) {
      if (!c.tool) c.tool = inv.source;
      all.controllers.push_back(std::move(c));
    }
    for (auto& w : inv.warnings) all.warnings.push_back(std::move(w));
  }
  return all;
}

}  // namespace raidbench
