#pragma once
/// The extension point for importers of classic outputs: a tag type plus an importer_traits
/// specialisation, checked by the output_importer concept, as parser_traits is for controller tools.
#include <concepts>
#include <exception>
#include <string>
#include <string_view>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// Specialise for a tag type to teach raidbench a benchmark's output (name, detect, parse).
template <class Format>
struct importer_traits;

/// A tag whose importer_traits has `name`, `detect(text) noexcept -> bool` and `parse(text) -> expected<run_record>`.
template <class Format>
concept output_importer = requires(std::string_view text) {
  { importer_traits<Format>::name } -> std::convertible_to<std::string_view>;
  { importer_traits<Format>::detect(text) } noexcept -> std::same_as<bool>;
  { importer_traits<Format>::parse(text) } -> std::same_as<expected<run_record>>;
};

namespace detail {
template <class Format>
constexpr bool check_output_importer() {
  static_assert(output_importer<Format>,
                "Format is not an output importer: specialise raidbench::importer_traits<Format> with "
                "`static constexpr std::string_view name`, "
                "`static bool detect(std::string_view) noexcept` and "
                "`static raidbench::expected<raidbench::run_record> parse(std::string_view)`");
  return true;
}
}  // namespace detail

namespace detail {
/// `recognises()`, or false when it throws: for a detect() whose reading may throw (an allocation,
/// a number out of range), as detect() must not.
template <class F>
bool recognises_without_throwing(F&& recognises) noexcept {
  try {
    return recognises();
  } catch (...) {
    return false;
  }
}
}  // namespace detail

/// Imports text with one importer; a run without a test is an error (the text held no result).
template <class Format>
expected<run_record> import_as(std::string_view text) {
  static_assert(detail::check_output_importer<Format>());
  const std::string name(importer_traits<Format>::name);
  // An importer must not throw on bad text; this keeps a user importer's slip from escaping as a crash.
  try {
    auto record = importer_traits<Format>::parse(text);
    if (!record) return record;
    if (record->format.empty()) record->format = name;
    if (record->tests.empty()) return fail(name + ": the text holds no result");
    return record;
  } catch (const std::exception& e) {
    return fail(name + ": " + e.what());
  }
}

}  // namespace raidbench
