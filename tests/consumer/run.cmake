# SPDX-License-Identifier: BSD-3-Clause
# Configure, build and run the consumer projects against the installed PREFIX (tests/consumer/install.cmake).
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${PREFIX})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_BUILD_TYPE=${CONFIG} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_C_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_Fortran_FLAGS=${CXX_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --config ${CONFIG})
run(${WORK_DIR}/build/consumer ${MESH})
run(${WORK_DIR}/build/consumer_c)
# The C library alone: find_package(fecontact COMPONENTS capi) in a C-only project.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/../consumer_c -B ${WORK_DIR}/build_c -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_BUILD_TYPE=${CONFIG} "-DCMAKE_C_FLAGS=${CXX_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build_c --config ${CONFIG})
run(${WORK_DIR}/build_c/consumer_c_only)
# The program is installed (when it was built), and says its version.
if(EXISTS ${BUILD_DIR}/apps/fecontact)
  execute_process(COMMAND ${prefix}/bin/fecontact --version OUTPUT_VARIABLE version RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR NOT version MATCHES "^fecontact [0-9]+\\.[0-9]+\\.[0-9]+\n$")
    message(FATAL_ERROR "fecontact --version: status ${status}, printed '${version}'")
  endif()
endif()
if(EXISTS ${WORK_DIR}/build/consumer_fortran)
  run(${WORK_DIR}/build/consumer_fortran)
endif()
