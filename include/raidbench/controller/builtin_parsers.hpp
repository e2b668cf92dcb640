#pragma once
/// Every parser raidbench ships, as one list, and parse_any over it.
#include <span>
#include <string_view>

#include "raidbench/controller/arcconf.hpp"
#include "raidbench/controller/mdadm.hpp"
#include "raidbench/controller/mdstat.hpp"
#include "raidbench/controller/megacli.hpp"
#include "raidbench/controller/registry.hpp"
#include "raidbench/controller/ssacli.hpp"
#include "raidbench/controller/storcli.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// The shipped parsers in detection order; append yours: `builtin_parsers + parsers<mycli>`.
inline constexpr auto builtin_parsers = parsers<storcli, megacli, ssacli, arcconf, mdadm, mdstat>;

/// The shipped parsers' table, for the pipeline (session/pipeline.hpp).
inline constexpr std::span<const parser_entry> shipped_parsers{table_v<decltype(builtin_parsers)>};

/// Parses text with whichever shipped parser recognises it.
RAIDBENCH_API expected<inventory> parse_any(std::string_view text);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/builtin_parsers.hpp"
#endif
