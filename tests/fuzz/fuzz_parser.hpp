#pragma once
// The body every parser fuzz target shares: parse arbitrary bytes, then use what came out the way
// rb-ctrl does (checks, JSON), so a value the parser invents badly (an enum out of range, a string
// with bytes JSON cannot hold) fails here too, not only a crash inside the parser.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "raidbench/compare/comparable_json.hpp"
#include "raidbench/compare/comparison.hpp"
#include "raidbench/verdict/inventory_checks.hpp"
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

// An importer's run must be usable as rb-compare uses it: written as JSON, read back equal, and
// compared with itself (every change 0, nothing beyond noise).
template <class Import>
int import_one(const std::uint8_t* data, std::size_t size, Import import) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto run = import(text);
  if (!run) {
    if (run.message().empty()) std::abort();
    return 0;
  }
  for (const auto& t : run->tests)
    for (const auto& f : t.figures)
      if (f.value && !(*f.value == *f.value)) std::abort();  // NaN
  const auto json = nlohmann::json(*run);
  (void)json.dump();
  if (nlohmann::json::parse(json.dump()).get<run_record>() != *run) std::abort();
  if (run->tests.empty()) return 0;
  const auto c = compare_sides({{"A", {*run}}, {"B", {*run}}});
  if (c)
    for (const auto& row : c->rows)
      if (row.changes.size() > 1 && row.changes[1].percent && *row.changes[1].percent != 0) std::abort();
  return 0;
}

}  // namespace raidbench::fuzz
