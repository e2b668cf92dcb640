#pragma once
/// rb-compare, whole, as a function: compares runs — raidbench's own JSON and the classic outputs
/// the pipeline's importers read — judges imported runs with the pipeline's rules (and the
/// controller dumps given with its parsers), and prints the changes and whether they are real. The
/// shipped rb-compare is `rb_compare_main(argc, argv)`; rb-compare with an importer of yours is the
/// same call with `pipeline{}.with(importers<yours> + builtin_importers)` (docs/extending.md).
#include "raidbench/core/linkage.hpp"
#include "raidbench/session/pipeline.hpp"

namespace raidbench {

/// Runs rb-compare on argv and returns its exit status (docs/compare.md).
RAIDBENCH_API int rb_compare_main(int argc, char** argv, const pipeline& lists = {});

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/session/impl/rb_compare.hpp"
#endif
