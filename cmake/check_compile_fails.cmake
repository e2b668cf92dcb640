# cmake -DCOMPILER=… -DINCLUDE=… -DSOURCE=… -DEXPECTED=<regex> -P check_compile_fails.cmake
# Succeeds when SOURCE does not compile and the diagnostics match EXPECTED.
execute_process(COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECTED}")
  message(FATAL_ERROR "${SOURCE} failed to compile, but not with '${EXPECTED}':\n${err}")
endif()
message(STATUS "${SOURCE} fails to compile, as it must: ${EXPECTED}")
