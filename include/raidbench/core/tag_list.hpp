#pragma once
/// An ordered compile-time list of extension tags, each read through a traits template (`name`, and
/// `detect`/`parse` or `judge`): the shape the controller parsers' list (controller/registry.hpp),
/// the output importers' list (compare/importer_list.hpp) and the verdict rules' list
/// (verdict/rule_list.hpp) share. A list becomes a run-time table of plain function pointers
/// (`table_of`), which is how it crosses into the compiled pipeline and the tools' mains.
#include <array>
#include <cstddef>
#include <optional>
#include <span>
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

/// One tag of a `Traits` family in a run-time table: specialise with the entry's members and
/// `template <class Tag> static constexpr table_entry of()`.
template <template <class> class Traits>
struct table_entry;

/// The tags of `list` as a table, in the list's order.
template <template <class> class Traits, class... Tags>
constexpr std::array<table_entry<Traits>, sizeof...(Tags)> table_of(tag_list<Traits, Tags...>) noexcept {
  return {table_entry<Traits>::template of<Tags>()...};
}

/// The table of the list type `List`, with static storage, so a span of it outlives any call.
template <class List>
inline constexpr auto table_v = table_of(List{});

namespace detail {

/// The first entry of a run-time table whose `detect` recognises the text; null when none does, and
/// then `tried` (when given) lists their names ("megacli, storcli", or "none").
template <class Entry>
const Entry* first_detecting_entry(std::span<const Entry> table, std::string_view text, std::string* tried = nullptr) {
  for (const auto& e : table) {
    if (e.detect(text)) return &e;
    if (tried) *tried += (tried->empty() ? "" : ", ") + std::string(e.name);
  }
  if (tried && tried->empty()) *tried = "none";
  return nullptr;
}

}  // namespace detail

/// Name of the first tag in a list of parsers or importers whose detect() recognises the text
/// (`detect(text, builtin_parsers)`); nullopt when none does.
template <template <class> class Traits, class... Tags>
std::optional<std::string_view> detect(std::string_view text, tag_list<Traits, Tags...> list) noexcept {
  const auto* found = detail::first_detecting_entry(std::span<const table_entry<Traits>>(table_v<decltype(list)>), text);
  return found ? std::optional<std::string_view>(found->name) : std::nullopt;
}

}  // namespace raidbench
