#pragma once
// parse_any over a run-time table, defined (see core/linkage.hpp): included by registry.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <span>
#include <string>
#include <string_view>

#include "raidbench/controller/registry.hpp"

namespace raidbench {

RAIDBENCH_API expected<inventory> parse_any(std::string_view text, std::span<const parser_entry> table) {
  std::string tried;
  if (const auto* p = detail::first_detecting_entry(table, text, &tried)) return p->parse(text);
  return fail("no parser recognises this text (tried: " + tried + ")");
}

}  // namespace raidbench
