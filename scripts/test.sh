#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs what is missing, builds with warnings as errors,
# runs every test (unit, tool comparisons against the real peers, compile-fail, consumer projects,
# brief fuzzing), then builds and runs the tests again under AddressSanitizer + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh test

jobs=$(nproc)
build=${RAIDBENCH_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRAIDBENCH_WERROR=ON >/dev/null
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" -j "$jobs" --output-on-failure

# Sanitizers: the unit and tool tests again, in a build of their own (no benchmarks, no consumers).
cmake -S . -B "$build-asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DRAIDBENCH_WERROR=ON -DRAIDBENCH_SANITIZE=ON \
      -DRAIDBENCH_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build-asan" -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$build-asan" -j "$jobs" --output-on-failure -LE no-sanitizer
