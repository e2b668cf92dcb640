#pragma once
/// Parser for Broadcom StorCLI and Dell PercCLI: the text of `/cX show [all]`, `/call show all`,
/// `/cX/vall show all`, `/cX/eall/sall show all`, `/cX/bbu|cv show all`, and the same commands
/// with `J` (JSON). Both forms feed one set of section and table handlers.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Tag for StorCLI / PercCLI output, text or JSON.
struct storcli {};

/// StorCLI / PercCLI: detected by its "Status = Success|Failure" header or its JSON envelope.
template <>
struct parser_traits<storcli> {
  static constexpr std::string_view name = "storcli";

  static bool detect(std::string_view text) noexcept;

  static expected<inventory> parse(std::string_view text);
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/storcli.hpp"
#endif
