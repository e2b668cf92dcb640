# cmake -DBUILD_DIR=… -DOUT=… -P build_deb.cmake
# Builds the .deb from the build directory into OUT (emptied first), once for the tests that use it
# (package.deb, fleet.playbook): cpack takes about 12 CPU-seconds.
set(work ${OUT})
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/step.cmake)
file(REMOVE_RECURSE ${OUT})
step(cpack -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${OUT})
file(GLOB deb ${OUT}/*.deb)
list(LENGTH deb n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one .deb in ${OUT}, found ${n}")
endif()
