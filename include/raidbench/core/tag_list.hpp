#pragma once
/// An ordered compile-time list of extension tags, each read through a traits template (`name`,
/// `detect`, `parse`): the shape the controller parsers' list (controller/registry.hpp) and the
/// output importers' list (compare/importer_list.hpp) share.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace raidbench {

template <template <class> class Traits, class... Tags>
struct tag_list {
  static constexpr std::size_t size = sizeof...(Tags);
};

/// Concatenates two lists, left one first (put a user's tag first to let it win detection).
template <template <class> class Traits, class... A, class... B>
constexpr tag_list<Traits, A..., B...> operator+(tag_list<Traits, A...>, tag_list<Traits, B...>) noexcept {
  return {};
}

namespace detail {

/// The name of the first tag whose traits recognise the text; nullopt when none does.
template <template <class> class Traits, class... Tags>
std::optional<std::string_view> first_detecting(std::string_view text, tag_list<Traits, Tags...>) noexcept {
  std::optional<std::string_view> found;
  (void)((Traits<Tags>::detect(text) ? (found = Traits<Tags>::name, true) : false) || ...);
  return found;
}

/// `read.template operator()<Tag>(text)` for the first tag whose traits recognise the text; nullopt
/// when none does.
template <class Result, template <class> class Traits, class... Tags, class Read>
std::optional<Result> read_first(std::string_view text, tag_list<Traits, Tags...>, Read&& read) {
  std::optional<Result> result;
  (void)((Traits<Tags>::detect(text) ? (result.emplace(read.template operator()<Tags>(text)), true) : false) || ...);
  return result;
}

/// "megacli, storcli, …", or "none".
template <template <class> class Traits, class... Tags>
std::string names_of(tag_list<Traits, Tags...>) {
  std::string out;
  ((out += out.empty() ? "" : ", ", out += Traits<Tags>::name), ...);
  return out.empty() ? "none" : out;
}

}  // namespace detail

}  // namespace raidbench
