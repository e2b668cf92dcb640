#pragma once
/// Parser for HP/HPE Smart Array tools (ssacli, hpssacli, hpacucli): `ctrl all show`,
/// `ctrl all show config [detail]`, `ctrl all show status`, `pd all show [detail]`, `pd X show`,
/// `ld N show`, and the tool's error messages.
#include "raidbench/controller/shipped_parsers.hpp"

namespace raidbench {
template <>
struct parser_traits<ssacli> : shipped_parser<ssacli, "ssacli"> {};
}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/ssacli.hpp"
#endif
