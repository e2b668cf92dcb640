#pragma once
/// Parser for Adaptec/Microsemi/IBM ServeRAID `arcconf GETCONFIG n [AL|AD|LD|PD|AR]`, old
/// (5.x, "Logical drive") and new (SmartRAID, "Logical Device", arrays) layouts.
#include "raidbench/controller/shipped_parsers.hpp"

namespace raidbench {
template <>
struct parser_traits<arcconf> : shipped_parser<arcconf, "arcconf"> {};
}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/arcconf.hpp"
#endif
