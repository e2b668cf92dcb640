#pragma once
// The body every parser fuzz target shares: parse arbitrary bytes, then use what came out the way
// rb-ctrl does (checks, JSON), so a value the parser invents badly (an enum out of range, a string
// with bytes JSON cannot hold) fails here too, not only a crash inside the parser.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "raidbench/controller/checks.hpp"
#include "raidbench/controller/model_json.hpp"

namespace raidbench::fuzz {

// Every warning points at a line of the text (or 0, the whole text).
inline void check_warning_lines(std::string_view text, const inventory& inv) {
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  for (const auto& w : inv.warnings)
    if (w.line > lines) std::abort();
}

template <class Parse>
int run_one(const std::uint8_t* data, std::size_t size, Parse parse) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto inv = parse(text);
  if (!inv) {
    if (inv.message().empty()) std::abort();
    return 0;
  }
  check_warning_lines(text, *inv);
  (void)check_inventory(*inv);
  // dump() throws on invalid UTF-8 in a string: the parsers must not pass such bytes through.
  (void)nlohmann::json(*inv).dump();
  return 0;
}

}  // namespace raidbench::fuzz
