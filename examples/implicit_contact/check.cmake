# SPDX-License-Identifier: BSD-3-Clause
# The ctest instance: the program with --json --check and ARGS on each thread count of THREADS; its
# JSON reports (stdout) must agree byte for byte once the timings are left out. Prints
# "skipped: ..." (the test's SKIP_REGULAR_EXPRESSION) when the program finds no gmsh.
foreach(threads IN LISTS THREADS)
  set(ENV{OMP_NUM_THREADS} ${threads})
  execute_process(COMMAND ${PROGRAM} ${ARGS} --json RESULT_VARIABLE status OUTPUT_VARIABLE report
                  ERROR_VARIABLE text)
  message("${threads} thread(s):\n${text}${report}")
  if(status EQUAL 77)
    return()
  elseif(NOT status EQUAL 0)
    message(FATAL_ERROR "implicit_contact exited with ${status} on ${threads} thread(s)")
  endif()
  string(REGEX REPLACE "\"[a-z_]*_seconds\": *[-+.e0-9]*" "" report "${report}")
  set(report_${threads} "${report}")
endforeach()
list(GET THREADS 0 first)
foreach(threads IN LISTS THREADS)
  if(NOT report_${threads} STREQUAL report_${first})
    message(FATAL_ERROR "${first} and ${threads} threads differ:\n${report_${first}}\n${report_${threads}}")
  endif()
endforeach()
