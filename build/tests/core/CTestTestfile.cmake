# CMake generated Testfile for 
# Source directory: /work/main/tests/core
# Build directory: /work/main/build/tests/core
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[core.units]=] "/work/main/build/tests/core/test_core" "--run_test=units_test" "--log_level=warning")
set_tests_properties([=[core.units]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;24;add_test;/work/main/tests/core/CMakeLists.txt;1;raidbench_add_test_area;/work/main/tests/core/CMakeLists.txt;0;")
add_test([=[core.expected]=] "/work/main/build/tests/core/test_core" "--run_test=expected_test" "--log_level=warning")
set_tests_properties([=[core.expected]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;24;add_test;/work/main/tests/core/CMakeLists.txt;1;raidbench_add_test_area;/work/main/tests/core/CMakeLists.txt;0;")
add_test([=[core.random]=] "/work/main/build/tests/core/test_core" "--run_test=random_test" "--log_level=warning")
set_tests_properties([=[core.random]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;24;add_test;/work/main/tests/core/CMakeLists.txt;1;raidbench_add_test_area;/work/main/tests/core/CMakeLists.txt;0;")
