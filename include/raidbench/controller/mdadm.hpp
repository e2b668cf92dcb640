#pragma once
/// Parser for `mdadm --detail` (also `--query --detail`, several arrays in one text): each
/// array becomes a virtual drive of one "controller" (the host's md layer), its devices physical drives.
#include "raidbench/controller/shipped_parsers.hpp"

namespace raidbench {
template <>
struct parser_traits<mdadm> : shipped_parser<mdadm, "mdadm"> {};
}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/mdadm.hpp"
#endif
