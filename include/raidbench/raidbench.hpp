#pragma once
/// Everything a user's tool needs to compose and run workloads and read results. For users only:
/// nothing inside the library includes it, and tools that care about build time include less.
#include "raidbench/core/expected.hpp"
#include "raidbench/core/literals.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/runner.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/stats/latency_histogram.hpp"
#include "raidbench/workload/workload.hpp"
