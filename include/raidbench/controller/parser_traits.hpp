#pragma once
/// The extension point for controller parsers: a tag type plus a parser_traits specialisation,
/// checked by the controller_parser concept.
#include <concepts>
#include <exception>
#include <string>
#include <string_view>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// Specialise for a tag type to teach raidbench a tool's output (name, detect, parse).
template <class Tool>
struct parser_traits;

/// A tag whose parser_traits has `name`, `detect(text) noexcept -> bool` and `parse(text) -> expected<inventory>`.
template <class Tool>
concept controller_parser = requires(std::string_view text) {
  { parser_traits<Tool>::name } -> std::convertible_to<std::string_view>;
  { parser_traits<Tool>::detect(text) } noexcept -> std::same_as<bool>;
  { parser_traits<Tool>::parse(text) } -> std::same_as<expected<inventory>>;
};

namespace detail {
template <class Tool>
constexpr bool check_controller_parser() {
  static_assert(controller_parser<Tool>,
                "Tool is not a controller parser: specialise raidbench::parser_traits<Tool> with "
                "`static constexpr std::string_view name`, "
                "`static bool detect(std::string_view) noexcept` and "
                "`static raidbench::expected<raidbench::inventory> parse(std::string_view)`");
  return true;
}
}  // namespace detail

/// Parses text with one tool's parser; fills `source` with the parser's name when it left it empty.
template <class Tool>
expected<inventory> parse_as(std::string_view text) {
  static_assert(detail::check_controller_parser<Tool>());
  // A parser must not throw on bad text; this keeps a user parser's slip from escaping as a crash.
  try {
    auto result = parser_traits<Tool>::parse(text);
    if (result && result->source.empty()) result->source = std::string(parser_traits<Tool>::name);
    return result;
  } catch (const std::exception& e) {
    return fail(std::string(parser_traits<Tool>::name) + ": " + e.what());
  }
}

}  // namespace raidbench
