// rb-custom-parser: how a user teaches raidbench another tool's output without touching include/.
// The parser for 3ware/LSI `tw_cli` is in tw_cli.hpp; this tool reads dumps with parse_any over
// builtin_parsers + parsers<tw_cli> and prints what rb-ctrl prints.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include <fmt/format.h>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/report/verdicts.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/controller/merge.hpp"
#include "raidbench/report/controller_summary.hpp"
#include "tw_cli.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: rb-custom-parser FILE...\n");
    return 1;
  }
  constexpr auto all_parsers = raidbench::builtin_parsers + raidbench::parsers<tw_cli>;
  raidbench::inventory inv;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      fmt::print(stderr, "rb-custom-parser: cannot read {}\n", argv[i]);
      return 1;
    }
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto one = raidbench::parse_any(text, all_parsers);
    if (!one) {
      fmt::print(stderr, "rb-custom-parser: {}: {}\n", argv[i], one.message());
      return 1;
    }
    for (const auto& w : one->warnings) fmt::print(stderr, "rb-custom-parser: warning: {}:{}: {}\n", argv[i], w.line, w.text);
    raidbench::merge(inv, std::move(*one));
  }
  fmt::print("{}", raidbench::format_controller_summary(inv) + raidbench::format_verdicts(raidbench::judge(raidbench::facts{nullptr, &inv, {}, {}, {}})));
  return 0;
}
