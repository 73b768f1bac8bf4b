# The ctest instance: the program with --check and ARGS on each thread count of THREADS; their
# JSON reports must agree byte for byte once the timings are left out. Prints "skipped: ..." (the
# test's SKIP_REGULAR_EXPRESSION) when the program finds no gmsh.
foreach(threads IN LISTS THREADS)
  set(ENV{OMP_NUM_THREADS} ${threads})
  execute_process(COMMAND ${PROGRAM} ${ARGS} --json ${WORK_DIR}/impact_${threads}.json
                  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("${threads} thread(s):\n${output}")
  if(status EQUAL 77)
    return()
  elseif(NOT status EQUAL 0)
    message(FATAL_ERROR "explicit_impact exited with ${status} on ${threads} thread(s)")
  endif()
  file(STRINGS ${WORK_DIR}/impact_${threads}.json lines)
  list(FILTER lines EXCLUDE REGEX "_seconds\"")
  set(report_${threads} "${lines}")
endforeach()
list(GET THREADS 0 first)
foreach(threads IN LISTS THREADS)
  if(NOT report_${threads} STREQUAL report_${first})
    message(FATAL_ERROR "${first} and ${threads} threads differ:\n${report_${first}}\n${report_${threads}}")
  endif()
endforeach()
