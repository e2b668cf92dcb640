#pragma once
/// Parser traits for HP/HPE Smart Array tools (ssacli, hpssacli, hpacucli): `ctrl all show`,
/// `ctrl all show config [detail]`, `ctrl all show status`, `pd all show [detail]`, `pd X show`,
/// `ld N show`, and the tool's error messages.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Tag for HP/HPE Smart Array CLI output (ssacli, hpssacli, hpacucli).
struct ssacli {};

/// Reads HP/HPE Smart Array CLI output; one controller per "… in Slot N" header.
template <>
struct parser_traits<ssacli> {
  static constexpr std::string_view name = "ssacli";

  /// True when a line is a Smart Array header, a physicaldrive/logicaldrive line or an ssacli prompt.
  static bool detect(std::string_view text) noexcept;

  /// Parses the text; what cannot be read becomes a warning.
  static expected<inventory> parse(std::string_view text);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/ssacli.hpp"
#endif
