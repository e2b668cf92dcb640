#pragma once
// The controller inventory's to_json definitions (see core/linkage.hpp): included by model_json.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "raidbench/controller/model_fields.hpp"
#include "raidbench/core/fields_json.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/controller/model.hpp"

namespace raidbench {

namespace detail {
template <class T>
void put(nlohmann::json& j, std::string_view key, const std::optional<T>& v) {
  if (!v) return;
  if constexpr (std::is_enum_v<T>) j[std::string(key)] = std::string(to_string(*v));
  else j[std::string(key)] = *v;
}

// Policies, the battery, the coverage flags and the lists of drives: always written, {} or [] when empty.
template <class T>
void put(nlohmann::json& j, std::string_view key, const T& v) {
  j[std::string(key)] = v;
}

template <class S>
void put_fields(nlohmann::json& j, const S& s) {
  j = nlohmann::json::object();
  for_each_field<S>([&](std::string_view name, auto get) { put(j, name, get(s)); });
}
}  // namespace detail

RAIDBENCH_API void to_json(nlohmann::json& j, const cache_policy& p) { detail::put_fields(j, p); }

RAIDBENCH_API void to_json(nlohmann::json& j, const battery& b) { detail::put_fields(j, b); }

RAIDBENCH_API void to_json(nlohmann::json& j, const coverage& c) { detail::put_fields(j, c); }

RAIDBENCH_API void to_json(nlohmann::json& j, const device_counts& c) { detail::put_fields(j, c); }

RAIDBENCH_API void to_json(nlohmann::json& j, const virtual_drive& v) { detail::put_fields(j, v); }

RAIDBENCH_API void to_json(nlohmann::json& j, const physical_drive& d) { detail::put_fields(j, d); }

RAIDBENCH_API void to_json(nlohmann::json& j, const controller& c) { detail::put_fields(j, c); }

RAIDBENCH_API void to_json(nlohmann::json& j, const warning& w) { j = {{"line", w.line}, {"text", w.text}}; }

RAIDBENCH_API void to_json(nlohmann::json& j, const inventory& inv) {
  j = {{"source", inv.source}, {"controllers", inv.controllers}, {"warnings", inv.warnings}};
}

// Policies, the battery and the drive lists are always written, but a hand-made or older document
// may leave them out: they are read back empty.
RAIDBENCH_API void from_json(const nlohmann::json& j, cache_policy& p) { detail::read_fields(j, p); }

RAIDBENCH_API void from_json(const nlohmann::json& j, battery& b) { detail::read_fields(j, b); }

RAIDBENCH_API void from_json(const nlohmann::json& j, coverage& c) { detail::read_fields(j, c); }

RAIDBENCH_API void from_json(const nlohmann::json& j, device_counts& c) { detail::read_fields(j, c); }

RAIDBENCH_API void from_json(const nlohmann::json& j, virtual_drive& v) {
  nlohmann::json whole = j;
  for (const char* policy : {"default_policy", "current_policy"})
    if (!whole.contains(policy)) whole[policy] = nlohmann::json::object();
  detail::read_fields(whole, v);
}

RAIDBENCH_API void from_json(const nlohmann::json& j, physical_drive& d) { detail::read_fields(j, d); }

RAIDBENCH_API void from_json(const nlohmann::json& j, controller& c) {
  nlohmann::json whole = j;
  for (const char* part : {"default_policy", "current_policy", "battery", "counts"})
    if (!whole.contains(part)) whole[part] = nlohmann::json::object();
  // A document written before the input's coverage was recorded covered nothing it can vouch for.
  if (!whole.contains("coverage"))
    whole["coverage"] = {{"controller", false}, {"battery", false}, {"arrays", false}, {"drives", false}};
  for (const char* list : {"virtual_drives", "physical_drives"})
    if (!whole.contains(list)) whole[list] = nlohmann::json::array();
  detail::read_fields(whole, c);
}

RAIDBENCH_API void from_json(const nlohmann::json& j, warning& w) {
  j.at("line").get_to(w.line);
  j.at("text").get_to(w.text);
}

RAIDBENCH_API void from_json(const nlohmann::json& j, inventory& inv) {
  j.at("source").get_to(inv.source);
  j.at("controllers").get_to(inv.controllers);
  inv.warnings = j.value("warnings", std::vector<warning>{});
}

}  // namespace raidbench
