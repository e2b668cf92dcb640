#pragma once
// The shipped importers' table, defined (see core/linkage.hpp): included by pipeline.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <span>

#include "raidbench/session/pipeline.hpp"
#include "raidbench/compare/builtin_importers.hpp"

namespace raidbench {

RAIDBENCH_API std::span<const importer_entry> shipped_importers() { return table_v<decltype(builtin_importers)>; }

}  // namespace raidbench
