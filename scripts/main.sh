#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs `raidbench`, the seed suite (dd-style
# sequential write and read-back, pg_test_fsync-style commits, sysbench-style random I/O) in
# ./raidbench-scratch under the current directory, which it creates and removes; it prints context,
# results and verdicts and writes ./report.json. Options go to raidbench (--quick, --full, --help).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/install-deps.sh" build
build=${RAIDBENCH_BUILD_DIR:-$here/build-main}
# -O2, as the test command builds and tests the tools (CMake's Release default is -O3).
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
      -DRAIDBENCH_BUILD_TESTS=OFF -DRAIDBENCH_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target raidbench-suite >/dev/null
exec "$build/examples/suite/raidbench" "$@"
