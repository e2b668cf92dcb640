#pragma once
/// Parser for LSI/Broadcom MegaCLI (MegaCli64) text: -AdpAllInfo, -LDInfo, -LDGetProp -Cache and
/// -DskCache, -LDPDInfo, -PDList, -AdpBbuCmd, -CfgDsply, -EncInfo and -ShowSummary, alone or pasted
/// one after another.
#include "raidbench/controller/shipped_parsers.hpp"

namespace raidbench {
template <>
struct parser_traits<megacli> : shipped_parser<megacli, "megacli"> {};
}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/megacli.hpp"
#endif
