#pragma once
/// Compile-time lists of output importers and detection of which one reads a text.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/tag_list.hpp"

namespace raidbench {

/// An ordered list of importer tags; detection tries them in this order.
template <class... Formats>
using importer_list = tag_list<importer_traits, Formats...>;

/// The list value users write: `importers<my_format>`, `builtin_importers + importers<my_format>`
/// (left first: put a user importer first to let it win detection).
template <class... Formats>
  requires(detail::check_output_importer<Formats>() && ...)
inline constexpr importer_list<Formats...> importers{};

/// Name of the first importer in the list that recognises the text; nullopt when none does.
template <class... Formats>
std::optional<std::string_view> detect_output(std::string_view text, importer_list<Formats...> list) noexcept {
  return detail::first_detecting(text, list);
}

/// An importer in a run-time table: how a list reaches the compiled pipeline and rb-compare's main.
template <>
struct table_entry<importer_traits> {
  std::string_view name;
  bool (*detect)(std::string_view) noexcept;
  expected<run_record> (*import)(std::string_view);  ///< import_as: never throws, names the format

  template <class Format>
  static constexpr table_entry of() noexcept {
    return {importer_traits<Format>::name, &importer_traits<Format>::detect, &import_as<Format>};
  }
};
using importer_entry = table_entry<importer_traits>;

/// Imports text with the first importer of the table that recognises it.
inline expected<run_record> import_any(std::string_view text, std::span<const importer_entry> table) {
  std::string tried;
  if (const auto* i = detail::first_detecting_entry(table, text, tried)) return i->import(text);
  return fail("not an output raidbench can import (tried: " + tried + ")");
}

/// Imports text with the first importer of the list that recognises it, from the text alone.
template <class... Formats>
expected<run_record> import_any(std::string_view text, importer_list<Formats...> list) {
  auto result = detail::read_first<expected<run_record>>(text, list, []<class Format>(std::string_view t) { return import_as<Format>(t); });
  if (result) return std::move(*result);
  return fail("not an output raidbench can import (tried: " + detail::names_of(list) + ")");
}

}  // namespace raidbench
