#pragma once
/// Compile-time lists of output importers and detection of which one reads a text.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"
#include "raidbench/compare/unknown_output.hpp"
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

/// An importer in a run-time table: how a list reaches the compiled pipeline and rb-compare's main.
template <>
struct table_entry<importer_traits> {
  std::string_view name;
  bool (*detect)(std::string_view) noexcept;
  expected<run_record> (*import)(std::string_view);  ///< import_as: never throws, names the format

  template <class Format>
  static constexpr table_entry of() noexcept {
    // After the requires-clause's static_assert, nothing more: one error, naming what is missing.
    if constexpr (output_importer<Format>) return {importer_traits<Format>::name, &importer_traits<Format>::detect, &import_as<Format>};
    else return {};
  }
};
using importer_entry = table_entry<importer_traits>;

/// Imports text with the first importer of the table that recognises it, from the text alone; a
/// mail-quoted text ("> " before its lines) is read unquoted. A text none recognises fails saying
/// what it is when it says so (a database benchmark, a known tool's unknown layout).
inline expected<run_record> import_any(std::string_view text, std::span<const importer_entry> table) {
  auto read = [&](std::string_view t) -> std::optional<expected<run_record>> {
    if (const auto* i = detail::first_detecting_entry(table, t)) return i->import(t);
    return std::nullopt;
  };
  auto result = read(text);
  if (result && *result) return std::move(*result);
  if (const auto unquoted = unquoted_mail(text))
    if (auto again = read(*unquoted); again && *again) {
      again->value().notes.push_back("read after removing the mail quoting ('> ') before its lines");
      return std::move(*again);
    }
  if (result) return std::move(*result);
  if (auto why = why_not_imported(text)) return fail(*why);
  std::string names;
  for (const auto& i : table) names += (names.empty() ? "" : ", ") + std::string(i.name);
  return fail("not an output raidbench can import (tried: " + (names.empty() ? std::string("none") : names) + ")");
}

/// The same over a list: `import_any(text, builtin_importers + importers<my_format>)`.
template <class... Formats>
expected<run_record> import_any(std::string_view text, importer_list<Formats...>) {
  return import_any(text, std::span<const importer_entry>(table_v<importer_list<Formats...>>));
}

}  // namespace raidbench
