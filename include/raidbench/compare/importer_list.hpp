#pragma once
/// Compile-time lists of output importers and detection of which one reads a text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// An ordered list of importer tags; detection tries them in this order.
template <class... Formats>
struct importer_list {
  static_assert((detail::check_output_importer<Formats>() && ...));
  /// Number of importers in the list.
  static constexpr std::size_t size = sizeof...(Formats);
};

/// The list value users write: `importers<my_format>`, `builtin_importers + importers<my_format>`.
template <class... Formats>
inline constexpr importer_list<Formats...> importers{};

/// Concatenates two lists, left one first (put a user importer first to let it win detection).
template <class... A, class... B>
constexpr importer_list<A..., B...> operator+(importer_list<A...>, importer_list<B...>) noexcept {
  return {};
}

/// Name of the first importer in the list that recognises the text; nullopt when none does.
template <class... Formats>
std::optional<std::string_view> detect_output(std::string_view text, importer_list<Formats...>) noexcept {
  std::optional<std::string_view> found;
  (void)((importer_traits<Formats>::detect(text) ? (found = importer_traits<Formats>::name, true) : false) || ...);
  return found;
}

/// Imports text with the first importer of the list that recognises it, from the text alone.
template <class... Formats>
expected<run_record> import_any(std::string_view text, importer_list<Formats...>) {
  std::optional<expected<run_record>> result;
  (void)((importer_traits<Formats>::detect(text) ? (result.emplace(import_as<Formats>(text)), true) : false) || ...);
  if (result) return std::move(*result);
  std::string tried;
  ((tried += (tried.empty() ? "" : ", "), tried += importer_traits<Formats>::name), ...);
  return fail("not an output raidbench can import (tried: " + (tried.empty() ? std::string("none") : tried) + ")");
}

}  // namespace raidbench
