# cmake -DCOMPILER=… -DSOURCE_DIR=… -P readme_snippet_test.cmake
# The README's C++ example must compile against the headers as they are.
file(READ ${SOURCE_DIR}/README.md readme)
string(REGEX MATCH "```cpp\n(.*)```\n\nPolicies go" found "${readme}")
if(NOT found)
  message(FATAL_ERROR "README.md has no ```cpp block followed by 'Policies go'")
endif()
string(RANDOM LENGTH 8 suffix)
set(file /tmp/raidbench-readme-${suffix}.cpp)
file(WRITE ${file} "${CMAKE_MATCH_1}")
execute_process(COMMAND ${COMPILER} -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I${SOURCE_DIR}/include ${file}
                RESULT_VARIABLE status ERROR_VARIABLE err)
file(REMOVE ${file})
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the README's example does not compile:\n${err}")
endif()
