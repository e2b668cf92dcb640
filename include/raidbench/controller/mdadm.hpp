#pragma once
/// Parser traits for `mdadm --detail` (also `--query --detail`, several arrays in one text): each
/// array becomes a virtual drive of one "controller" (the host's md layer), its devices physical drives.
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

/// Tag for `mdadm --detail` output.
struct mdadm {};

/// Reads `mdadm --detail`; arrays are virtual drives of one controller, devices its physical drives.
template <>
struct parser_traits<mdadm> {
  static constexpr std::string_view name = "mdadm";

  /// True for a "/dev/mdX:" header followed by mdadm's "Raid Level :" line.
  static bool detect(std::string_view text) noexcept;

  /// Parses the text; what cannot be read becomes a warning.
  static expected<inventory> parse(std::string_view text);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/mdadm.hpp"
#endif
