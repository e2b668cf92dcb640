#pragma once
/// policy_of: the slot, kind and name of a policy without values, declared once for it.
#include <string_view>

#include "raidbench/core/fixed_name.hpp"

namespace raidbench {

/// What a policy without values declares (`struct reads_t : policy_of<slot::mix, mix::kind::reads,
/// "read"> {};`): `slot`, `kind` and `name`, inherited by what derives from it. A policy with values
/// (`mix::read_write`) declares the three itself: a base would take the first place of its brace
/// initialisation, and `read_write{1.5}` would no longer compile.
template <class Slot, auto Kind, detail::fixed_name Name>
struct policy_of {
  using slot = Slot;
  static constexpr decltype(Kind) kind = Kind;
  static constexpr std::string_view name = Name.view();
};

}  // namespace raidbench
