#pragma once
/// Filling one record of the model from another that describes the same thing: what the first does
/// not know, the second may tell; where both tell a field, the first wins. Used to merge dumps and to
/// merge a drive a tool prints twice. Walks the fields of model_fields.hpp; lists of drives are the
/// merge's business, not a field to fill.
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/model_fields.hpp"

namespace raidbench::detail {

template <class T>
void fill(std::optional<T>& into, std::optional<T>& from) {
  if (!into && from) into = std::move(from);
}

// A coverage flag: two dumps together cover what either covered.
inline void fill(bool& into, const bool& from) { into = into || from; }

template <class T>
void fill(std::vector<T>&, std::vector<T>&) {}

template <class S>
  requires std::is_class_v<S>
void fill(S& into, S& from) {
  for_each_field<S>([&](auto, auto get) { fill(get(into), get(from)); });
}

}  // namespace raidbench::detail
