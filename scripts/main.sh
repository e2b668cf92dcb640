#!/usr/bin/env bash
# The main job: installs what is missing, builds the tools, and runs raidbench's default workload
# in a scratch directory it creates under the current directory (and removes afterwards).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/install-deps.sh" build
build=${RAIDBENCH_BUILD_DIR:-$here/build}
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRAIDBENCH_BUILD_TESTS=OFF \
      -DRAIDBENCH_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target rb-run >/dev/null
exec "$build/examples/run/rb-run" "$@"
