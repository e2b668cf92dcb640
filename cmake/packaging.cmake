# What `cmake --install` installs and what `cpack -G DEB` packs from it, as two Debian packages:
#   raidbench      the shipped tools (stripped), a man page per tool (help2man from the built tool's
#                  --help), bash completion, the fleet's alerting rules; Depends: the runtime
#                  libraries dpkg-shlibdeps finds, nothing else
#   raidbench-dev  the headers and the CMake package (architecture-independent); Depends: the
#                  development packages of the libraries the headers include
# Both carry a DEP-5 copyright file and the Debian changelog (packaging/). tests/package/ builds,
# lintians, installs and purges them.

set(raidbench_maintainer "raidbench maintainers <maintainers@users.noreply.a-seed-fec3d686.example>")

# The header-only library and its CMake package. The CMake files are architecture-independent, so
# they go under share/, where find_package looks as well as under lib/.
install(DIRECTORY include/raidbench DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
install(TARGETS raidbench EXPORT raidbenchTargets COMPONENT dev)
set(raidbench_cmake_dir ${CMAKE_INSTALL_DATADIR}/cmake/raidbench)
install(EXPORT raidbenchTargets NAMESPACE raidbench:: DESTINATION ${raidbench_cmake_dir} COMPONENT dev)
configure_package_config_file(cmake/raidbenchConfig.cmake.in
  ${PROJECT_BINARY_DIR}/raidbenchConfig.cmake INSTALL_DESTINATION ${raidbench_cmake_dir})
# Header-only and ABI-free: any 0.x consumer built for the same major-minor line works.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/raidbenchConfigVersion.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/raidbenchConfig.cmake ${PROJECT_BINARY_DIR}/raidbenchConfigVersion.cmake
              cmake/FindLiburing.cmake
        DESTINATION ${raidbench_cmake_dir} COMPONENT dev)

# Debian's copyright file (DEP-5) with LICENSE's text as its license paragraph, and the changelog
# gzipped as Debian ships it (-n: no name or time stamp inside, the same bytes every build).
file(STRINGS LICENSE license_lines)
set(RAIDBENCH_LICENSE_TEXT "")
foreach(line IN LISTS license_lines)
  if(line STREQUAL "")
    set(line ".")
  endif()
  string(APPEND RAIDBENCH_LICENSE_TEXT " ${line}\n")
endforeach()
string(STRIP "${RAIDBENCH_LICENSE_TEXT}" RAIDBENCH_LICENSE_TEXT)
set(RAIDBENCH_LICENSE_TEXT " ${RAIDBENCH_LICENSE_TEXT}")
set(RAIDBENCH_MAINTAINER "${raidbench_maintainer}")
configure_file(packaging/copyright.in ${PROJECT_BINARY_DIR}/packaging/copyright @ONLY)
set(changelog_gz ${PROJECT_BINARY_DIR}/packaging/changelog.gz)
add_custom_command(OUTPUT ${changelog_gz}
  COMMAND sh -c "gzip -9nc \"$0\" > \"$1\"" ${PROJECT_SOURCE_DIR}/packaging/changelog ${changelog_gz}
  DEPENDS packaging/changelog VERBATIM)
add_custom_target(raidbench_changelog ALL DEPENDS ${changelog_gz})

function(raidbench_install_debian_docs component package)
  install(FILES ${PROJECT_BINARY_DIR}/packaging/copyright ${changelog_gz}
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component})
endfunction()
set(raidbench_components dev)
raidbench_install_debian_docs(dev raidbench-dev)

if(RAIDBENCH_BUILD_EXAMPLES)
  list(APPEND raidbench_components tools)
  raidbench_install_debian_docs(tools raidbench)
  # The one line each shipped tool's man page gives as its name (help2man --name).
  set(raidbench_tool_names
    raidbench-suite "storage benchmark suite for disks behind RAID controllers, and its sweeps"
    rb-run "run one storage workload with fio-like options"
    rb-dd "convert and copy a file, as GNU dd, with raidbench's measurements"
    rb-fsync "compare the ways to flush a write, as pg_test_fsync"
    rb-fileio "file I/O benchmark, as sysbench fileio"
    rb-ctrl "read RAID controller tools' output into one inventory and check it"
    rb-compare "compare benchmark runs and tell a change from noise"
    rb-durable "test whether acknowledged writes survive a power cut, with the record on another host")
  find_program(RAIDBENCH_HELP2MAN help2man DOC "makes the tools' man pages from their --help")
  if(NOT RAIDBENCH_HELP2MAN)
    # The man pages are part of what is installed: say so at once, and again at install time.
    message(WARNING "raidbench: help2man not found (apt-get install help2man): no man pages, and "
                    "`cmake --install` and cpack fail")
    install(CODE "message(FATAL_ERROR \"help2man is needed for the man pages: apt-get install help2man, then build again\")"
            COMPONENT tools)
  endif()
  set(man_pages "")
  # Every shipped tool (examples/CMakeLists.txt); tests/package/ also lists the tools the build made
  # and fails on any the package lacks.
  get_property(shipped GLOBAL PROPERTY RAIDBENCH_SHIPPED_TOOLS)
  foreach(target IN LISTS shipped)
    list(FIND raidbench_tool_names ${target} at)
    if(at EQUAL -1)
      message(FATAL_ERROR "cmake/packaging.cmake: the shipped tool ${target} needs a line in raidbench_tool_names")
    endif()
    math(EXPR at "${at} + 1")
    list(GET raidbench_tool_names ${at} description)
    get_target_property(name ${target} OUTPUT_NAME)
    if(NOT name)
      set(name ${target})
    endif()
    install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
    install(FILES packaging/bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
            RENAME ${name} COMPONENT tools)
    # A sanitized build ships nothing (tests/package/ skips it): its tools make no man pages.
    if(RAIDBENCH_HELP2MAN AND NOT RAIDBENCH_SANITIZE)
      # From the built tool's own --help, so the page cannot disagree with it.
      set(page ${PROJECT_BINARY_DIR}/man/${name}.1)
      add_custom_command(OUTPUT ${page}.gz
        COMMAND ${RAIDBENCH_HELP2MAN} --no-info --no-discard-stderr --locale=C.UTF-8 --version-string=${PROJECT_VERSION}
                "--name=${description}" --output=${page} $<TARGET_FILE:${target}>
        COMMAND gzip -9nf ${page}
        DEPENDS ${target} VERBATIM)
      list(APPEND man_pages ${page}.gz)
      install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
    endif()
  endforeach()
  add_custom_target(raidbench_man_pages ALL DEPENDS ${man_pages})
  install(FILES packaging/raidbench.lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
          RENAME raidbench COMPONENT tools)
  # The fleet's alerting rules, where Prometheus' rule_files can name them (not under /usr/share/doc,
  # which minimal systems leave out).
  install(FILES examples/fleet/raidbench-alerts.yml DESTINATION ${CMAKE_INSTALL_DATADIR}/raidbench COMPONENT tools)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME raidbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# Each package's description is its component's, first line the synopsis: no common summary above it.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_PACKAGE_CONTACT "${raidbench_maintainer}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL ${raidbench_components})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SOURCE raidbench)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${raidbench_maintainer}")
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME raidbench)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SHLIBDEPS ON)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION "storage benchmarks for disks behind RAID controllers
The raidbench suite (dd-style sequential, pg_test_fsync-style commit and
sysbench-style random tests, with the storage context, the RAID controller's
inventory and verdicts on what the figures measure), rb-run for one workload,
the replicas rb-dd, rb-fsync and rb-fileio that keep dd, pg_test_fsync and
sysbench fileio scripts working, rb-ctrl for RAID controller tools' output and
rb-compare, which tells a change between runs from noise.")
set(CPACK_DEBIAN_DEV_PACKAGE_NAME raidbench-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "libboost-dev (>= 1.74), libfmt-dev (>= 9), nlohmann-json3-dev (>= 3.10), liburing-dev (>= 2.1), libcli11-dev (>= 2.1)")
set(CPACK_COMPONENT_DEV_DESCRIPTION "header-only C++20 library for storage benchmarks
raidbench's headers and CMake package (find_package(raidbench) and
raidbench::raidbench): workloads as compile-time policies, latency histograms,
RAID controller parsers, storage context, verdicts, comparisons and reports.")
include(CPack)
