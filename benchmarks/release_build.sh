# Sourced by the side-by-side scripts. release_build DIR TARGET…: configures DIR as the tools ship
# (cmake/shipping.cmake) when it has no cache yet, warns when it holds another build type (its
# figures would mean little), and builds the targets. An unoptimised binary must never stand in a
# comparison by accident.
release_build() {
  local build=$1
  shift
  if [[ ! -f $build/CMakeCache.txt ]]; then
    local repo
    repo=$(dirname "${BASH_SOURCE[0]}")/..
    cmake -C "$repo/cmake/shipping.cmake" -S "$repo" -B "$build" -G Ninja > /dev/null
  fi
  grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt" ||
    echo "warning: $build is not a Release build; its figures mean little" >&2
  # An initial cache does not change a tree configured before it (another compiler, say).
  grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' "$build/CMakeCache.txt" ||
    echo "warning: $build is not built with clang++ as the tools ship (cmake/shipping.cmake)" >&2
  cmake --build "$build" --target "$@" > /dev/null
}
