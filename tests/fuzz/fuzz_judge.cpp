// The fuzz target's checks of a parsed inventory (fuzz_parser.hpp), in a unit of their own: the
// rules and the model's JSON compile here while the parsers compile in fuzz_controllers.cpp.
#include <nlohmann/json.hpp>

#include "fuzz_parser.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench::fuzz {

namespace {

// Every warning points at a line of the text (or 0, the whole text).
void check_warning_lines(std::string_view text, const inventory& inv) {
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  for (const auto& w : inv.warnings)
    if (w.line > lines) std::abort();
}

// The judgement of an inventory on its own, as rb-ctrl makes it: no rule may fail (judge() would
// hide its exception in a verdict), and every verdict that fired names its subject and evidence.
void check_judgement(const inventory& inv) {
  const auto verdicts = judge(facts{nullptr, &inv, {}, {}, {}});
  for (const auto& v : verdicts) {
    if (v.message.starts_with("not judged")) std::abort();
    if (v.fired && (v.subject.empty() || v.message.empty() || v.evidence.empty())) std::abort();
  }
  // Subjects and evidence quote what the parser read: they must be valid UTF-8 too.
  (void)nlohmann::json(verdicts).dump();
}

}  // namespace

void check_inventory(std::string_view text, const inventory& inv) {
  check_warning_lines(text, inv);
  check_judgement(inv);
  // dump() throws on invalid UTF-8 in a string: the parsers must not pass such bytes through.
  (void)nlohmann::json(inv).dump();
}

}  // namespace raidbench::fuzz
