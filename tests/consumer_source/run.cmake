# Configures, builds and runs tests/consumer_source in both modes (add_subdirectory, FetchContent).
# Built without optimisation (CMAKE_BUILD_TYPE None): this checks the build, not the speed.
foreach(mode subdirectory fetchcontent)
  set(build ${WORK_DIR}/${mode})
  file(REMOVE_RECURSE ${build})
  foreach(step "-S;${SOURCE_DIR};-B;${build};-DMODE=${mode};-DFECONTACT_SOURCE=${FECONTACT_SOURCE};-DCMAKE_BUILD_TYPE=None"
               "--build;${build};--target;consumer;-j2")
    execute_process(COMMAND ${CMAKE_COMMAND} ${step} RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${mode}: cmake ${step} failed (${status})")
    endif()
  endforeach()
  execute_process(COMMAND ${build}/consumer ${MESH} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${mode}: the consumer failed (${status})")
  endif()
endforeach()
