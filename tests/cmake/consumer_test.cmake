# cmake -DMODE=find_package|add_subdirectory -DSOURCE_DIR=… -DBUILD_DIR=… -DCOMPILER=… -P consumer_test.cmake
# Builds and runs a consumer project in a temporary directory it creates and removes.
string(RANDOM LENGTH 8 suffix)
set(work /tmp/raidbench-consumer-${MODE}-${suffix})
file(MAKE_DIRECTORY ${work})

include(${CMAKE_CURRENT_LIST_DIR}/step.cmake)

# With COMPILER (g++, the compiler most consumers have, tests/cmake/CMakeLists.txt) and its warnings
# as errors: the headers must build cleanly in a user's project too.
set(consumer_compiler -DCMAKE_CXX_COMPILER=${COMPILER} "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror")
if(MODE STREQUAL "find_package")
  step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${work}/prefix)
  step(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/cmake/find_package -B ${work}/build -G Ninja ${consumer_compiler}
       -DCMAKE_PREFIX_PATH=${work}/prefix)
else()
  step(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/cmake/add_subdirectory -B ${work}/build -G Ninja ${consumer_compiler}
       -DRAIDBENCH_SOURCE_DIR=${SOURCE_DIR})
endif()
step(${CMAKE_COMMAND} --build ${work}/build)
step(${work}/build/consumer)
file(REMOVE_RECURSE ${work})
