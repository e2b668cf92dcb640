#pragma once
// The body every fuzz family shares: read arbitrary bytes, then use what came out the way the tools
// do, so a value a reader invents badly (an enum out of range, a string with bytes JSON cannot
// hold) or a rule that trips on it fails here too, not only a crash inside the reader.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/tag_list.hpp"

namespace raidbench::fuzz {

// Reads the bytes as text with `read`, which must give a value or an error that says something,
// and hands the value, with the text, to `use`.
template <class Read, class Use>
int read_one(const std::uint8_t* data, std::size_t size, Read read, Use use) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto out = read(text);
  if (!out) {
    if (out.message().empty()) std::abort();
    return 0;
  }
  use(text, *out);
  return 0;
}

// The read function of the member of `list` whose traits are named `name`, or nullptr.
template <class Result, template <class> class Traits, class... Tags>
auto by_name(std::string_view name, tag_list<Traits, Tags...>) {
  expected<Result> (*found)(std::string_view) = nullptr;
  ((found = !found && Traits<Tags>::name == name ? &Traits<Tags>::parse : found), ...);
  return found;
}

// The first member of `list` that recognises the text reads it, as parse_any and import_any choose.
template <class Result, template <class> class Traits, class... Tags>
expected<Result> first_reader(std::string_view text, tag_list<Traits, Tags...>) {
  std::optional<expected<Result>> read;
  (void)((Traits<Tags>::detect(text) ? (read.emplace(Traits<Tags>::parse(text)), true) : false) || ...);
  return read ? std::move(*read) : fail("nothing in the list recognises this text");
}

/// Uses a parsed inventory as rb-ctrl does: every warning points at a line of the text, the
/// judgement of the inventory on its own holds, and it writes as JSON (fuzz_judge.cpp).
void check_inventory(std::string_view text, const inventory& inv);

}  // namespace raidbench::fuzz
