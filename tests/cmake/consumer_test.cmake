# cmake -DMODE=find_package|add_subdirectory -DSOURCE_DIR=… -DBUILD_DIR=… -P consumer_test.cmake
# Builds and runs a consumer project in a temporary directory it creates and removes.
string(RANDOM LENGTH 8 suffix)
set(work /tmp/raidbench-consumer-${MODE}-${suffix})
file(MAKE_DIRECTORY ${work})

function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    file(REMOVE_RECURSE ${work})
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endfunction()

if(MODE STREQUAL "find_package")
  step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${work}/prefix)
  step(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/cmake/find_package -B ${work}/build -G Ninja
       -DCMAKE_PREFIX_PATH=${work}/prefix)
else()
  step(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/cmake/add_subdirectory -B ${work}/build -G Ninja
       -DRAIDBENCH_SOURCE_DIR=${SOURCE_DIR})
endif()
step(${CMAKE_COMMAND} --build ${work}/build)
step(${work}/build/consumer)
file(REMOVE_RECURSE ${work})
