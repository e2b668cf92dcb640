# shellcheck shell=bash
# Sourced by the benchmark scripts (`source "$(dirname "$0")/common.sh"`): sets `repo`, the checkout,
# and gives the steps each script starts with.
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# release_build DIR TARGET…: configures DIR as the tools ship (cmake/shipping.cmake) when it has no
# cache yet, warns when it holds another build type (its figures would mean little), and builds the
# targets. An unoptimised binary must never stand in a comparison by accident.
release_build() {
  local build=$1
  shift
  if [[ ! -f $build/CMakeCache.txt ]]; then
    cmake -C "$repo/cmake/shipping.cmake" -S "$repo" -B "$build" -G Ninja > /dev/null
  fi
  grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt" ||
    echo "warning: $build is not a Release build; its figures mean little" >&2
  # An initial cache does not change a tree configured before it (another compiler, say).
  grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' "$build/CMakeCache.txt" ||
    echo "warning: $build is not built with clang++ as the tools ship (cmake/shipping.cmake)" >&2
  cmake --build "$build" --target "$@" > /dev/null
}

# bench_build DIR TARGET…: sets BUILD to DIR made absolute (build-bench in the checkout when DIR is
# empty) and builds the targets there with release_build.
bench_build() {
  BUILD=$(realpath -m "${1:-$repo/build-bench}")
  shift
  release_build "$BUILD" "$@"
}

# bench_tool DIR TOOL: bench_build DIR TOOL (in a command substitution: BUILD is not kept), then
# prints the path of TOOL, one of the rb-* tools (rb-dd is examples/tools/dd/rb-dd).
bench_tool() {
  bench_build "$1" "$2"
  echo "$BUILD/examples/tools/${2#rb-}/$2"
}

# bench_scratch NAME [PARENT]: sets WORK to a new directory PARENT/NAME.XXXXXX (PARENT: $TMPDIR, else
# /tmp), removed with all it holds when the script exits.
bench_scratch() {
  WORK=$(mktemp -d "${2:-${TMPDIR:-/tmp}}/$1.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
}
