#pragma once
/// A string literal as a template argument: `policy_of<…, "read">`, `shipped_parser<storcli, "storcli">`.
#include <cstddef>
#include <string_view>

namespace raidbench::detail {

template <std::size_t N>
struct fixed_name {
  char text[N] = {};
  // Not explicit: the literal in `policy_of<…, "read">` converts to it.
  constexpr fixed_name(const char (&s)[N]) noexcept {
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
  /// The literal, without its terminating NUL.
  constexpr std::string_view view() const noexcept { return {text, N - 1}; }
};

}  // namespace raidbench::detail
