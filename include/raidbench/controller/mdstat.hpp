#pragma once
/// Parser for Linux software RAID as /proc/mdstat shows it: each md array becomes a virtual
/// drive of one "controller" (the host's md layer), its member devices physical drives.
#include "raidbench/controller/shipped_parsers.hpp"

namespace raidbench {
template <>
struct parser_traits<mdstat> : shipped_parser<mdstat, "mdstat"> {};
}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/mdstat.hpp"
#endif
