# step(<command>...): runs one command of a test script (cmake -P); on failure removes the script's
# ${work} directory and stops with the command's output. Its output is printed and left in `step_out`.
function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    file(REMOVE_RECURSE ${work})
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
  set(step_out "${out}" PARENT_SCOPE)
endfunction()
