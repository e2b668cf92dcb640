#pragma once
/// Parser for LSI/Broadcom MegaCLI (MegaCli64) text: -AdpAllInfo, -LDInfo, -LDGetProp -Cache and
/// -DskCache, -LDPDInfo, -PDList, -AdpBbuCmd, -CfgDsply, -EncInfo and -ShowSummary, alone or pasted
/// one after another.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Tag for MegaCLI output.
struct megacli {};

/// MegaCLI: detected by its adapter, VD, PD, BBU, enclosure or summary headings.
template <>
struct parser_traits<megacli> {
  static constexpr std::string_view name = "megacli";

  static bool detect(std::string_view text) noexcept;
  static expected<inventory> parse(std::string_view text);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/megacli.hpp"
#endif
