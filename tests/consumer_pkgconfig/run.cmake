# SPDX-License-Identifier: BSD-3-Clause
# Builds LANGUAGE's (c, fortran, cpp or mpi_c) README example with tests/consumer_pkgconfig/Makefile
# against the installed PREFIX and runs it (under RUNNER when given: mpiexec and its flags) for
# the output the README shows. Says "skipped: " and
# why (ctest then reports it skipped) when pkg-config, make or the language's compiler is missing.
foreach(tool PKG_CONFIG MAKE COMPILER)
  if(NOT ${tool})
    message("skipped: no ${tool} for the ${LANGUAGE} example (Debian: pkg-config make gfortran)")
    return()
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(compiler_variable_c CC)
set(compiler_variable_fortran FC)
set(compiler_variable_cpp CXX)
set(compiler_variable_mpi_c CC)
set(ENV{PKG_CONFIG_PATH} ${PREFIX}/${LIBDIR}/pkgconfig)
execute_process(COMMAND ${MAKE} -f ${TESTS}/consumer_pkgconfig/Makefile TESTS=${TESTS}
                        ${compiler_variable_${LANGUAGE}}=${COMPILER} ${LANGUAGE}
                WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "make ${LANGUAGE} failed (${status})")
endif()
set(ENV{LD_LIBRARY_PATH} ${PREFIX}/${LIBDIR})  # libfecontact_capi.so: pkg-config gives -L, not a run path
execute_process(COMMAND ${RUNNER} ${WORK_DIR}/example_${LANGUAGE} ${ARGUMENTS} RESULT_VARIABLE status
                OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(NOT status EQUAL 0 OR NOT output MATCHES "${EXPECTED}")
  message(FATAL_ERROR "example_${LANGUAGE}: status ${status}, output does not match '${EXPECTED}'")
endif()
