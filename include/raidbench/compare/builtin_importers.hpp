#pragma once
/// The importers raidbench ships, in detection order: each detects its tool's own words, so the
/// order only matters for texts that hold several tools' outputs (the first wins).
#include "raidbench/compare/bonnie_import.hpp"
#include "raidbench/compare/dd_import.hpp"
#include "raidbench/compare/fio_import.hpp"
#include "raidbench/compare/importer_list.hpp"
#include "raidbench/compare/pg_test_fsync_import.hpp"
#include "raidbench/compare/sysbench_import.hpp"

namespace raidbench {

/// Every built-in importer; extend with `builtin_importers + importers<my_format>`.
inline constexpr auto builtin_importers = importers<pg_test_fsync_output, sysbench_output, dd_output, bonnie_output, fio_output>;

}  // namespace raidbench
