#!/usr/bin/env bash
# The main job: installs what is missing, builds every shipped tool (optimised: cmake/shipping.cmake)
# into ./build-main, says where they are, and runs `raidbench`, the seed suite (dd-style sequential
# write and read-back, pg_test_fsync-style commits, sysbench-style random I/O) in ./raidbench-scratch
# under the current directory, which it creates and removes; it prints context, results and verdicts
# and writes its JSON report (docs/suite.md). Options go to raidbench (--quick, --full, --help).
#   RAIDBENCH_BUILD_DIR=DIR   build there instead of ./build-main
#   RAIDBENCH_BUILD_ONLY=1    build and say where the tools are, run nothing
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/install-deps.sh" build
build=${RAIDBENCH_BUILD_DIR:-$here/build-main}
# Built as the test command builds and tests the tools (cmake/shipping.cmake: clang++, -O2, Release).
cmake -C "$here/cmake/shipping.cmake" -S "$here" -B "$build" -G Ninja \
      -DRAIDBENCH_BUILD_TESTS=OFF -DRAIDBENCH_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target raidbench-tools >/dev/null
echo "raidbench's tools ($("$build/examples/tools/suite/raidbench" --version)):" >&2
sed 's/^/  /' "$build/shipped-tools.txt" >&2
[[ ${RAIDBENCH_BUILD_ONLY:-} == 1 ]] && exit 0
exec "$build/examples/tools/suite/raidbench" "$@"
