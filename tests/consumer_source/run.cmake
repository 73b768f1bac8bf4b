# SPDX-License-Identifier: BSD-3-Clause
# Configures tests/consumer_source with fecontact added by add_subdirectory, then by FetchContent:
# the configuration fails if an option meant for the top-level project is on there, if a target
# the README names is missing, or if a library links a target that only a top-level build
# defines (generating the build fails on an unknown namespaced target).
foreach(mode subdirectory fetchcontent)
  set(build ${WORK_DIR}/${mode})
  file(REMOVE_RECURSE ${build})
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build} -DMODE=${mode}
                  -DFECONTACT_SOURCE=${FECONTACT_SOURCE} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${mode}: configuring the consumer failed (${status})")
  endif()
endforeach()
