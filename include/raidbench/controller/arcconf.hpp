#pragma once
/// Parser traits for Adaptec/Microsemi/IBM ServeRAID `arcconf GETCONFIG n [AL|AD|LD|PD|AR]`, old
/// (5.x, "Logical drive") and new (SmartRAID, "Logical Device", arrays) layouts.
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

/// Tag for Adaptec/Microsemi `arcconf GETCONFIG` output.
struct arcconf {};

/// Reads `arcconf GETCONFIG` output; each "Controllers found:" starts a new controller.
template <>
struct parser_traits<arcconf> {
  static constexpr std::string_view name = "arcconf";

  /// True for arcconf's "Controllers found:" banner, or its closing line under one of its headings.
  static bool detect(std::string_view text) noexcept;

  /// Parses the text; what cannot be read becomes a warning.
  static expected<inventory> parse(std::string_view text);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/arcconf.hpp"
#endif
