#pragma once
/// Parser traits for Linux software RAID as /proc/mdstat shows it: each md array becomes a virtual
/// drive of one "controller" (the host's md layer), its member devices physical drives.
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

/// Tag for the text of /proc/mdstat.
struct mdstat {};

/// Reads /proc/mdstat; arrays are virtual drives of one controller, members its physical drives.
template <>
struct parser_traits<mdstat> {
  static constexpr std::string_view name = "mdstat";

  /// True when a line starts with "Personalities :" or is an "mdN : active|inactive …" array line.
  static bool detect(std::string_view text) noexcept;

  /// Parses the text; what cannot be read becomes a warning.
  static expected<inventory> parse(std::string_view text);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/mdstat.hpp"
#endif
