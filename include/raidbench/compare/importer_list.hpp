#pragma once
/// Compile-time lists of output importers and detection of which one reads a text.
#include <optional>
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

/// Name of the first importer in the list that recognises the text; nullopt when none does.
template <class... Formats>
std::optional<std::string_view> detect_output(std::string_view text, importer_list<Formats...> list) noexcept {
  return detail::first_detecting(text, list);
}

/// Imports text with the first importer of the list that recognises it, from the text alone; a
/// mail-quoted text ("> " before its lines) is read unquoted. A text none recognises fails saying
/// what it is when it says so (a database benchmark, a known tool's unknown layout).
template <class... Formats>
expected<run_record> import_any(std::string_view text, importer_list<Formats...> list) {
  auto read = [&](std::string_view t) {
    return detail::read_first<expected<run_record>>(t, list, []<class Format>(std::string_view x) { return import_as<Format>(x); });
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
  return fail("not an output raidbench can import (tried: " + detail::names_of(list) + ")");
}

}  // namespace raidbench
