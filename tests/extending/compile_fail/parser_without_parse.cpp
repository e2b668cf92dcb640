// expect: Tool is not a controller parser: specialise raidbench::parser_traits<Tool> with
// A parser whose traits have a name and detect() but no parse(): rb-ctrl cannot take it.
#include <string_view>

#include "raidbench/controller/builtin_parsers.hpp"

struct half_parser {};
template <>
struct raidbench::parser_traits<half_parser> {
  static constexpr std::string_view name = "half";
  static bool detect(std::string_view) noexcept { return true; }
};

int main() { return raidbench::parse_any("x", raidbench::builtin_parsers + raidbench::parsers<half_parser>) ? 0 : 1; }
