# cmake -DBUILD_DIR=… -DSOURCE_DIR=… -DDEB_DIR=… -DCOMPILER=… -P deb_test.cmake
# Takes the .deb package.build_deb built into DEB_DIR, unpacks it into a temporary root and runs the tools and
# a consumer build from there; as root, also installs it with dpkg -i and removes it with
# dpkg --purge, leaving the system as it was. Everything it writes is under a directory it creates.
string(RANDOM LENGTH 8 suffix)
set(work /tmp/raidbench-deb-${suffix})
file(MAKE_DIRECTORY ${work})

include(${CMAKE_CURRENT_LIST_DIR}/../cmake/step.cmake)

file(GLOB deb ${DEB_DIR}/*.deb)
list(LENGTH deb n)
if(NOT n EQUAL 1)
  file(REMOVE_RECURSE ${work})
  message(FATAL_ERROR "expected one .deb in ${DEB_DIR} (package.build_deb), found ${n}")
endif()

step(dpkg-deb --field ${deb} Package Version Depends)
foreach(needed IN ITEMS "Package: raidbench" "libfmt" "liburing" "libboost-dev")
  string(FIND "${step_out}" "${needed}" at)
  if(at EQUAL -1)
    file(REMOVE_RECURSE ${work})
    message(FATAL_ERROR "the package's fields lack '${needed}':\n${step_out}")
  endif()
endforeach()

step(dpkg-deb -x ${deb} ${work}/root)
foreach(file IN ITEMS usr/bin/raidbench usr/bin/rb-dd usr/bin/rb-fsync usr/bin/rb-fileio usr/bin/rb-run usr/bin/rb-ctrl
                      usr/bin/rb-durable
                      usr/include/raidbench/raidbench.hpp usr/share/doc/raidbench/examples/raidbench-alerts.yml)
  if(NOT EXISTS ${work}/root/${file})
    file(REMOVE_RECURSE ${work})
    message(FATAL_ERROR "the package lacks /${file}")
  endif()
endforeach()
file(GLOB_RECURSE config ${work}/root/usr/lib/*/raidbenchConfig.cmake ${work}/root/usr/lib/raidbenchConfig.cmake)
if(NOT config)
  file(REMOVE_RECURSE ${work})
  message(FATAL_ERROR "the package lacks raidbenchConfig.cmake")
endif()

# The tools run from the unpacked root.
step(${work}/root/usr/bin/rb-dd --version)
step(${work}/root/usr/bin/rb-durable --version)
step(${work}/root/usr/bin/rb-ctrl ${SOURCE_DIR}/tests/fixtures/seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt)
step(${work}/root/usr/bin/rb-fileio --file-num=1 --file-total-size=1M --file-test-mode=seqwr --events=10 --time=0 help)

# A project finds and uses the CMake package from the unpacked root.
step(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/package/consumer -B ${work}/build -G Ninja
     -DCMAKE_CXX_COMPILER=${COMPILER} "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Werror" -DCMAKE_PREFIX_PATH=${work}/root/usr)
step(${CMAKE_COMMAND} --build ${work}/build)
step(${work}/build/consumer)

# As root: the package's own install and removal.
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(uid STREQUAL "0")
  execute_process(COMMAND dpkg-query -W -f=\${Status} raidbench RESULT_VARIABLE absent OUTPUT_VARIABLE status ERROR_QUIET)
  if(absent EQUAL 0 AND status MATCHES "installed")
    message(STATUS "raidbench is installed on this system already: dpkg -i/--purge skipped, to leave it as it is")
  else()
    step(dpkg -i ${deb})
    execute_process(COMMAND /usr/bin/rb-dd --version RESULT_VARIABLE ran OUTPUT_QUIET ERROR_QUIET)
    step(dpkg --purge raidbench)
    if(NOT ran EQUAL 0 OR EXISTS /usr/bin/rb-dd OR EXISTS /usr/include/raidbench)
      file(REMOVE_RECURSE ${work})
      message(FATAL_ERROR "dpkg -i did not install a working rb-dd, or dpkg --purge left files behind")
    endif()
  endif()
endif()
file(REMOVE_RECURSE ${work})
