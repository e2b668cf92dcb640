#pragma once
/// rb-ctrl, whole, as a function: reads RAID controller tools' output (files, stdin, or the vendor
/// tools found on PATH) with the pipeline's parsers into one inventory, judges it with the
/// pipeline's rules, and prints a summary, JSON, Prometheus metrics or a monitoring plugin's status
/// line. The shipped rb-ctrl is `rb_ctrl_main(argc, argv)`; rb-ctrl with a parser or a rule of
/// yours is the same call with `pipeline{}.with(builtin_parsers + parsers<yours>)` (docs/extending.md).
#include "raidbench/core/linkage.hpp"
#include "raidbench/session/pipeline.hpp"

namespace raidbench {

/// Runs rb-ctrl on argv and returns its exit status (docs/controllers.md).
RAIDBENCH_API int rb_ctrl_main(int argc, char** argv, const pipeline& lists = {});

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/session/impl/rb_ctrl.hpp"
#endif
