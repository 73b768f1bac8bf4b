# SPDX-License-Identifier: BSD-3-Clause
# A ctest instance of an example: PROGRAM with ARGS (--check among them) on each thread count of
# THREADS; their JSON reports must agree byte for byte once the timings ("..._seconds") are left
# out. JSON_OUTPUT=file: the program writes its report to the file given after --json (added
# here, WORK_DIR/NAME_THREADS.json); JSON_OUTPUT=stdout: ARGS hold --json and the report is the
# program's standard output. Prints "skipped: ..." (the test's SKIP_REGULAR_EXPRESSION) when the
# program exits with 77 (a tool it needs, such as gmsh, is missing).
foreach(threads IN LISTS THREADS)
  set(ENV{OMP_NUM_THREADS} ${threads})
  set(report ${WORK_DIR}/${NAME}_${threads}.json)
  if(JSON_OUTPUT STREQUAL "file")
    execute_process(COMMAND ${PROGRAM} ${ARGS} --json ${report}
                    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  else()
    execute_process(COMMAND ${PROGRAM} ${ARGS} RESULT_VARIABLE status OUTPUT_FILE ${report}
                    ERROR_VARIABLE output)
    if(NOT status EQUAL 0)
      file(READ ${report} standard_output)
      string(APPEND output "${standard_output}")
    endif()
  endif()
  message("${threads} thread(s):\n${output}")
  if(status EQUAL 77)
    return()
  elseif(NOT status EQUAL 0)
    message(FATAL_ERROR "${NAME} exited with ${status} on ${threads} thread(s)")
  endif()
  file(STRINGS ${report} lines)
  list(FILTER lines EXCLUDE REGEX "_seconds\"")
  set(report_${threads} "${lines}")
endforeach()
list(GET THREADS 0 first)
foreach(threads IN LISTS THREADS)
  if(NOT report_${threads} STREQUAL report_${first})
    message(FATAL_ERROR "${first} and ${threads} threads differ:\n${report_${first}}\n${report_${threads}}")
  endif()
endforeach()
