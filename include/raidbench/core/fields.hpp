#pragma once
/// A struct's fields as a list of names and members, written once and walked by every code that
/// goes field by field (JSON out and back, the merge of controller dumps).
#include <string_view>
#include <tuple>

namespace raidbench {

/// A field of struct S: its name and its member.
template <class S, class M>
struct model_field {
  std::string_view name;
  M S::*member;
};

template <class S, class M>
constexpr model_field<S, M> field(std::string_view name, M S::*member) noexcept {
  return {name, member};
}

/// Calls f(name, member pointer) for every field of a tuple of model_field, in order.
template <class Fields, class F>
constexpr void for_each_field(const Fields& fields, F&& f) {
  std::apply([&](const auto&... each) { (f(each.name, each.member), ...); }, fields);
}

}  // namespace raidbench
