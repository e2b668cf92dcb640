#pragma once
/// Names of enum values, kept once per enum as a list in declaration order beside the enum:
/// to_string and the reverse lookup (for JSON read back) both walk it. The list names the enum's
/// last value, so a value inserted without a name is a compile error rather than shifted names.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>

namespace raidbench {

/// Specialise for an enum whose values count from 0, in declaration order:
/// `template <> inline constexpr auto enum_names<E> = name_list<E::b>("a", "b");`
template <class E>
inline constexpr auto enum_names = nullptr;

/// The names as the array enum_names holds, one for each value up to `Last`.
template <auto Last, std::size_t... N>
constexpr std::array<std::string_view, sizeof...(N)> name_list(const char (&... names)[N]) noexcept {
  static_assert(sizeof...(N) == static_cast<std::size_t>(Last) + 1, "one name for each value of the enum, in order");
  return {std::string_view(names, N - 1)...};
}

/// An enum with a list of names.
template <class E>
concept named_enum = std::is_enum_v<E> && !std::is_null_pointer_v<std::remove_cv_t<decltype(enum_names<E>)>>;

/// The value's name; "?" for a value outside the list.
template <named_enum E>
constexpr std::string_view to_string(E value) noexcept {
  const auto index = static_cast<std::size_t>(value);
  return index < enum_names<E>.size() ? enum_names<E>[index] : "?";
}

/// The value with this name; nullopt for a name not in the list.
template <named_enum E>
constexpr std::optional<E> enum_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < enum_names<E>.size(); ++i)
    if (enum_names<E>[i] == name) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace raidbench
