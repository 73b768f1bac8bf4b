# SPDX-License-Identifier: BSD-3-Clause
# Configure, build and run the MPI consumer project against the installed PREFIX on 2 ranks.
# Arguments: SOURCE_DIR, PREFIX, WORK_DIR, CONFIG, MPIEXEC (the launcher and its flags, a list).
file(REMOVE_RECURSE ${WORK_DIR})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR} -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_BUILD_TYPE=${CONFIG})
run(${CMAKE_COMMAND} --build ${WORK_DIR} --config ${CONFIG})
run(${MPIEXEC} ${WORK_DIR}/consumer_c_mpi)
if(EXISTS ${WORK_DIR}/consumer_fortran_mpi)
  run(${MPIEXEC} ${WORK_DIR}/consumer_fortran_mpi)
endif()
