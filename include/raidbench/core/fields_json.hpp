#pragma once
/// A struct as JSON field by field and back (for the headers that already include nlohmann/json):
/// write_fields and read_fields both walk for_each_field, so the names read are the names written.
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "raidbench/core/enum_json.hpp"
#include "raidbench/core/fields.hpp"

namespace raidbench::detail {

/// A plain field is written as its JSON; an optional one as null when empty.
template <class T>
void write_field(nlohmann::json& j, const T& v) {
  j = v;
}
template <class T>
void write_field(nlohmann::json& j, const std::optional<T>& v) {
  j = v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

/// Every field of `s` as a key of the object `j`, by the names for_each_field gives.
template <class S>
void write_fields(nlohmann::json& j, const S& s) {
  j = nlohmann::json::object();
  for_each_field<S>([&](std::string_view key, auto get) { write_field(j[std::string(key)], get(s)); });
}

/// A plain field is required; an optional one is read back empty when null or absent. A named enum
/// is read from its name (an unknown name is an error naming `what` it should have been).
template <class T>
void read_field(const nlohmann::json& j, const std::string& key, T& v) {
  if constexpr (std::is_enum_v<T>) v = enum_from_json<T>(j.at(key), key);
  else j.at(key).get_to(v);
}
template <class T>
void read_field(const nlohmann::json& j, const std::string& key, std::optional<T>& v) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) v.reset();
  else if constexpr (std::is_enum_v<T>) v = enum_from_json<T>(*it, key);
  else v = it->template get<T>();
}

/// Every field of `s` from `j`, by the names for_each_field gives.
template <class S>
void read_fields(const nlohmann::json& j, S& s) {
  for_each_field<S>([&](std::string_view key, auto get) { read_field(j, std::string(key), get(s)); });
}

}  // namespace raidbench::detail
