#pragma once
// The body every parser fuzz target shares: parse arbitrary bytes, then use what came out the way
// rb-ctrl does (the judgement of the inventory on its own, JSON), so a value the parser invents badly
// (an enum out of range, a string with bytes JSON cannot hold) or a rule that trips on it fails here
// too, not only a crash inside the parser.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "raidbench/compare/comparable_json.hpp"
#include "raidbench/compare/comparison.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench::fuzz {

// Every warning points at a line of the text (or 0, the whole text).
inline void check_warning_lines(std::string_view text, const inventory& inv) {
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  for (const auto& w : inv.warnings)
    if (w.line > lines) std::abort();
}

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

// The judgement of an inventory on its own, as rb-ctrl makes it: no rule may fail (judge() would
// hide its exception in a verdict), and every verdict that fired names its subject and evidence.
inline void check_judgement(const inventory& inv) {
  const auto verdicts = judge(facts{nullptr, &inv, {}, {}, {}});
  for (const auto& v : verdicts) {
    if (v.message.starts_with("not judged")) std::abort();
    if (v.fired && (v.subject.empty() || v.message.empty() || v.evidence.empty())) std::abort();
  }
  // Subjects and evidence quote what the parser read: they must be valid UTF-8 too.
  (void)nlohmann::json(verdicts).dump();
}

template <class Parse>
int run_one(const std::uint8_t* data, std::size_t size, Parse parse) {
  return read_one(data, size, parse, [](std::string_view text, const inventory& inv) {
    check_warning_lines(text, inv);
    check_judgement(inv);
    // dump() throws on invalid UTF-8 in a string: the parsers must not pass such bytes through.
    (void)nlohmann::json(inv).dump();
  });
}

// An importer's run must be usable as rb-compare uses it: written as JSON, read back equal, and
// compared with itself (every change 0, nothing beyond noise).
template <class Import>
int import_one(const std::uint8_t* data, std::size_t size, Import import) {
  return read_one(data, size, import, [](std::string_view, const run_record& run) {
    for (const auto& t : run.tests)
      for (const auto& f : t.figures)
        if (f.value && !(*f.value == *f.value)) std::abort();  // NaN
    const auto json = nlohmann::json(run);
    (void)json.dump();
    if (nlohmann::json::parse(json.dump()).get<run_record>() != run) std::abort();
    if (run.tests.empty()) return;
    const auto c = compare_sides({{"A", {run}}, {"B", {run}}});
    if (c)
      for (const auto& row : c->rows)
        if (row.changes.size() > 1 && row.changes[1].percent && *row.changes[1].percent != 0) std::abort();
  });
}

}  // namespace raidbench::fuzz
