#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs `raidbench`, the seed suite (dd-style
# sequential write and read-back, pg_test_fsync-style commits, sysbench-style random I/O) in
# ./raidbench-scratch under the current directory, which it creates and removes; it prints context,
# results and verdicts and writes ./report.json. Options go to raidbench (--quick, --full, --help).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/install-deps.sh" build
build=${RAIDBENCH_BUILD_DIR:-$here/build-main}
# Built as the test command builds and tests the tools (cmake/shipping.cmake: clang++, -O2).
cmake -C "$here/cmake/shipping.cmake" -S "$here" -B "$build" -G Ninja \
      -DRAIDBENCH_BUILD_TESTS=OFF -DRAIDBENCH_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target raidbench-suite >/dev/null
exec "$build/examples/tools/suite/raidbench" "$@"
