#pragma once
// `raidbench sweep iometer|atto|cdm`: the classic matrices (run/sweep.hpp) on one scratch file.
#include <cstdint>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/sweep.hpp"

namespace rb_suite {

/// Runs one pass of a point over `file` in `dir` (`size` bytes): `seconds` long, or one pass when 0, cut at
/// `time_limit` when that is not 0; psync at queue depth 1, io_uring above. Defined in sweep_point.cpp,
/// the one file that instantiates the sweep's kernels.
raidbench::expected<raidbench::result> run_sweep_point(raidbench::held_directory& dir, const std::string& file, std::uint64_t size,
                                                       const raidbench::sweep_point& p, bool direct, double seconds,
                                                       double time_limit, std::uint64_t seed, const raidbench::run_options& ro);

/// The `raidbench sweep …` command; argv[0] is "sweep".
int sweep_main(int argc, char** argv);

}  // namespace rb_suite
