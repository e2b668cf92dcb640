#pragma once
/// Compile-time lists of controller parsers and detection of which one reads a text.
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/core/tag_list.hpp"

namespace raidbench {

/// An ordered list of parser tags; detection tries them in this order.
template <class... Tools>
using parser_list = tag_list<parser_traits, Tools...>;

/// The list value users write: `parsers<mycli>`, `builtin_parsers + parsers<mycli>` (left first:
/// put a user parser first to let it win detection).
template <class... Tools>
  requires(detail::check_controller_parser<Tools>() && ...)
inline constexpr parser_list<Tools...> parsers{};

/// A parser in a run-time table: how a list reaches the compiled pipeline (collect_inventory) and
/// the tools' mains.
template <>
struct table_entry<parser_traits> {
  std::string_view name;
  bool (*detect)(std::string_view) noexcept;
  expected<inventory> (*parse)(std::string_view);  ///< parse_as: never throws, names the source

  template <class Tool>
  static constexpr table_entry of() noexcept {
    // After the requires-clause's static_assert, nothing more: one error, naming what is missing.
    if constexpr (controller_parser<Tool>) return {parser_traits<Tool>::name, &parser_traits<Tool>::detect, &parse_as<Tool>};
    else return {};
  }
};
using parser_entry = table_entry<parser_traits>;

/// Parses text with the first parser of the table that recognises it.
RAIDBENCH_API expected<inventory> parse_any(std::string_view text, std::span<const parser_entry> table);

/// Parses text with the first parser of the list that recognises it, from the text alone.
template <class... Tools>
expected<inventory> parse_any(std::string_view text, parser_list<Tools...>) {
  return parse_any(text, std::span<const parser_entry>(table_v<parser_list<Tools...>>));
}

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/registry.hpp"
#endif
