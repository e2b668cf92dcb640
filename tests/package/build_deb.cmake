# cmake -DBUILD_DIR=… -DOUT=… -P build_deb.cmake
# Builds the packages raidbench and raidbench-dev (cmake/packaging.cmake) from the build directory
# into OUT (emptied first), once for the tests that use them (package.deb, fleet.playbook).
set(work ${OUT})
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/step.cmake)
file(REMOVE_RECURSE ${OUT})
step(cpack -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${OUT})
file(GLOB debs RELATIVE ${OUT} ${OUT}/*.deb)
list(SORT debs)
if(NOT debs MATCHES "^raidbench-dev_[^;]*_all\\.deb;raidbench_[^;]*\\.deb$")
  message(FATAL_ERROR "expected raidbench-dev_*_all.deb and raidbench_*.deb in ${OUT}, found: ${debs}")
endif()
