# SPDX-License-Identifier: BSD-3-Clause
# Configures tests/consumer_source with fecontact added by add_subdirectory, then builds and runs
# it with fecontact added by FetchContent (which adds the same source folder the same way: one
# build of the libraries is enough to show they build there). Built without optimisation
# (CMAKE_BUILD_TYPE None): this checks the build, not the speed.
foreach(mode subdirectory fetchcontent)
  set(build ${WORK_DIR}/${mode})
  file(REMOVE_RECURSE ${build})
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build} -DMODE=${mode}
                  -DFECONTACT_SOURCE=${FECONTACT_SOURCE} -DCMAKE_BUILD_TYPE=None RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${mode}: configuring the consumer failed (${status})")
  endif()
  if(mode STREQUAL "fetchcontent")
    execute_process(COMMAND ${CMAKE_COMMAND} --build ${build} --target consumer -j2 RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${mode}: building the consumer failed (${status})")
    endif()
    execute_process(COMMAND ${build}/consumer ${MESH} RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${mode}: the consumer failed (${status})")
    endif()
  endif()
endforeach()
