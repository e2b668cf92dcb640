#pragma once
/// policy_of: the slot, kind and name of a policy without values, declared once for it.
#include <concepts>
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

/// A policy names itself with a static `name`, or — a policy whose name follows from its run-time
/// values (sync::chosen, mix::chosen_writes) — with `name()`.
template <class P>
concept named_policy = requires { { P::name } -> std::convertible_to<std::string_view>; } ||
                       requires(const P p) { { p.name() } -> std::convertible_to<std::string_view>; };

/// The name of a policy value, as it is described in results.
template <named_policy P>
constexpr std::string_view policy_name(const P& p) noexcept {
  if constexpr (requires { p.name(); }) return p.name();
  else return P::name;
}

}  // namespace raidbench
