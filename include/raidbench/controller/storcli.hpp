#pragma once
/// Parser for Broadcom StorCLI and Dell PercCLI: the text of `/cX show [all]`, `/call show all`,
/// `/cX/vall show all`, `/cX/eall/sall show all`, `/cX/bbu|cv show all`, and the same commands
/// with `J` (JSON). Both forms feed one set of section and table handlers.
#include "raidbench/controller/shipped_parsers.hpp"

namespace raidbench {
template <>
struct parser_traits<storcli> : shipped_parser<storcli, "storcli"> {};
}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/storcli.hpp"
#endif
