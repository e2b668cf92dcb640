# The build the tools ship as, and that the test command's first stage tests: an initial cache for
# `cmake -C cmake/shipping.cmake` (scripts/main.sh, scripts/test.sh, benchmarks/).
# clang++ (Debian's clang 14): it compiles this template-heavy code in about 60 % of g++ 12's CPU time
# at the same -O2 (benchmarks/RESULTS.md, fifth round). g++, the compiler most consumers use, still
# builds the consumer projects header-only, warnings as errors (tests/cmake/).
set(CMAKE_CXX_COMPILER clang++ CACHE STRING "")
set(CMAKE_BUILD_TYPE Release CACHE STRING "")
# -O2 rather than CMake's Release default -O3: what a distribution ships, and quicker to build.
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "")
# LLVM's linker: the same programs, linked in a third of ld.bfd's time (benchmarks/RESULTS.md).
set(CMAKE_EXE_LINKER_FLAGS "-fuse-ld=lld" CACHE STRING "")
