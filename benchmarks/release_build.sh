# Sourced by the side-by-side scripts. release_build DIR TARGET…: configures DIR as a Release tree
# when it has no cache yet, warns when it holds another build type (its figures would mean little),
# and builds the targets. An unoptimised binary must never stand in a comparison by accident.
release_build() {
  local build=$1
  shift
  if [[ ! -f $build/CMakeCache.txt ]]; then
    cmake -S "$(dirname "${BASH_SOURCE[0]}")/.." -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
  fi
  grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt" ||
    echo "warning: $build is not a Release build; its figures mean little" >&2
  cmake --build "$build" --target "$@" > /dev/null
}
