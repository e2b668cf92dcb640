#pragma once
/// Compile-time lists of controller parsers and detection of which one reads a text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// An ordered list of parser tags; detection tries them in this order.
template <class... Tools>
struct parser_list {
  static_assert((detail::check_controller_parser<Tools>() && ...));
  /// Number of parsers in the list.
  static constexpr std::size_t size = sizeof...(Tools);
};

/// The list value users write: `parsers<mycli>`, `builtin_parsers + parsers<mycli>`.
template <class... Tools>
inline constexpr parser_list<Tools...> parsers{};

/// Concatenates two lists, left one first (put a user parser first to let it win detection).
template <class... A, class... B>
constexpr parser_list<A..., B...> operator+(parser_list<A...>, parser_list<B...>) noexcept {
  return {};
}

/// Name of the first parser in the list that recognises the text; nullopt when none does.
template <class... Tools>
std::optional<std::string_view> detect(std::string_view text, parser_list<Tools...>) noexcept {
  std::optional<std::string_view> found;
  (void)((parser_traits<Tools>::detect(text) ? (found = parser_traits<Tools>::name, true) : false) || ...);
  return found;
}

/// Parses text with the first parser of the list that recognises it, from the text alone.
template <class... Tools>
expected<inventory> parse_any(std::string_view text, parser_list<Tools...>) {
  std::optional<expected<inventory>> result;
  (void)((parser_traits<Tools>::detect(text) ? (result.emplace(parse_as<Tools>(text)), true) : false) || ...);
  if (result) return std::move(*result);
  std::string tried;
  ((tried += (tried.empty() ? "" : ", "), tried += parser_traits<Tools>::name), ...);
  return fail("no parser recognises this text (tried: " + (tried.empty() ? std::string("none") : tried) + ")");
}

}  // namespace raidbench
