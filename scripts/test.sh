#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs what is missing, builds the shipping build and an
# AddressSanitizer + UBSan build with warnings as errors, and runs every test once (unit, tool
# comparisons against the real peers, compile-fail, consumer projects, package, brief fuzzing):
# under the sanitizers where that build has the test, else in the shipping build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh test

jobs=$(nproc)
# Most tests wait on the disk, on a peer tool or on a fuzzer's time box rather than use a core:
# twice as many at once as there are cores keeps both cores busy (no test measures time).
test_jobs=$((2 * jobs))
build=${RAIDBENCH_BUILD_DIR:-build}
# Built as the tools ship (cmake/shipping.cmake: clang++, -O2), without debug info: it roughly doubles
# the compile time of template-heavy code and CI does not need it (the tests' own code is built -O0,
# tests/CMakeLists.txt). The consumer projects build with g++ (tests/cmake/). Benchmarks are built
# by their own scripts; benchmarks/compile_time.sh says where the time goes.
# The test areas the sanitized build below runs in full are not built here (RAIDBENCH_SANITIZED_TWIN).
cmake -C cmake/shipping.cmake -S . -B "$build" -G Ninja -DRAIDBENCH_WERROR=ON -DRAIDBENCH_BUILD_BENCHMARKS=OFF \
      -DRAIDBENCH_SANITIZED_TWIN=ON >/dev/null
cmake --build "$build" -j "$jobs"

# Sanitizers: the unit and tool tests again, in a build of their own (no benchmarks, no consumers,
# no compile-fail tests, no vendor-parser tests: the fuzzers run those parsers under ASan already).
# -O0 with line tables only (-g1): the quickest build whose reports still name file and line.
# clang++ as well: its sanitized build takes about 60 % of g++'s wall time (130 s against 225 s here).
# Linked with lld, as the shipping build: ld.bfd took 43 s of CPU linking the sanitized programs, lld 16.
cmake -S . -B "$build-asan" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O0 -g1" \
      -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
      -DRAIDBENCH_WERROR=ON -DRAIDBENCH_SANITIZE=ON -DRAIDBENCH_BUILD_BENCHMARKS=OFF -DRAIDBENCH_INSTALL=OFF >/dev/null
# Every test runs once: under the sanitizers when the sanitized build has it, else here (the fuzzers,
# compile-fail tests, consumers, package and fleet, the browser check, and the unit tests the
# sanitized build leaves out). The tools' tests run there with the sanitized tools.
sanitized=$(ctest --test-dir "$build-asan" -N -LE no-sanitizer | sed -n 's/^ *Test *#[0-9]*: //p' | sed 's/[.]/[.]/g' | paste -sd'|')
# The sanitized build is built while these tests run, at the lowest priority: it takes the CPU they
# leave while they wait on the disk, a peer tool or a fuzzer's time box, and yields it when they
# compile or compute. A process group of its own (set -m), not a session: a new session would be
# a scheduler autogroup of its own, which the kernel weighs against this one whatever the nice value.
set -m
nice -n 19 cmake --build "$build-asan" -j "$jobs" >"$build-asan/build.log" 2>&1 &
sanitized_build=$!
set +m
trap 'kill -- -$sanitized_build 2>/dev/null || true' EXIT  # the build's whole group, if a test failed
ctest --test-dir "$build" -j "$test_jobs" --output-on-failure ${sanitized:+-E "^($sanitized)\$"}
if ! wait $sanitized_build; then
  cat "$build-asan/build.log"
  exit 1
fi
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$build-asan" -j "$test_jobs" --output-on-failure -LE no-sanitizer
