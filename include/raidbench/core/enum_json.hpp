#pragma once
/// Reading a named enum back from its JSON name (for the impl/ headers that already include nlohmann/json).
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "raidbench/core/enum_names.hpp"

namespace raidbench::detail {

/// The value j names; a name not in E's list is an error that says which kind of value was wanted.
template <named_enum E>
E enum_from_json(const nlohmann::json& j, std::string_view what) {
  const std::string name = j.get<std::string>();
  if (const auto value = enum_from_name<E>(name)) return *value;
  throw nlohmann::json::other_error::create(501, "unknown " + std::string(what) + " '" + name + "'", &j);
}

}  // namespace raidbench::detail
