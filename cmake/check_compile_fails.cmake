# cmake -DCOMPILER=… -DINCLUDE=… -DSOURCE=… -DEXPECTED=<regex> -P check_compile_fails.cmake
# Succeeds when SOURCE does not compile and its *first* error matches EXPECTED: a check that fires
# after a dozen unrelated errors has not told the user anything.
execute_process(COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${out}${err}")
if(NOT first_error MATCHES "${EXPECTED}")
  message(FATAL_ERROR "${SOURCE} failed to compile, but its first error is not '${EXPECTED}':\n${first_error}\n\n${err}")
endif()
string(REGEX MATCHALL "error:" errors "${out}${err}")
list(LENGTH errors error_count)
if(NOT error_count EQUAL 1)
  message(FATAL_ERROR "${SOURCE}: the check's error is followed by ${error_count} - 1 others:\n${err}")
endif()
message(STATUS "${SOURCE} fails to compile with one error, as it must: ${first_error}")
