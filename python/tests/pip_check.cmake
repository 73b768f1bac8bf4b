# SPDX-License-Identifier: BSD-3-Clause
# What the README says a Python user does, in WORK_DIR: a virtual environment that sees Debian's
# packages, `pip install --no-build-isolation .` of a copy of the sources (no network: --no-index),
# then the Python tests run by the environment's interpreter against the installed copy. Says
# "skipped: " and why (ctest then reports it skipped) when the interpreter cannot make a virtual
# environment (Debian python3-venv).
# Arguments: PYTHON, SOURCE_DIR, WORK_DIR, CMAKE_ARGS (passed to setup.py's configure), and
# APP, GMSH (for the tests that run them).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${PYTHON} -c "import ensurepip, venv" RESULT_VARIABLE status ERROR_QUIET)
if(NOT status EQUAL 0)
  message("skipped: ${PYTHON} cannot make a virtual environment with pip (Debian python3-venv)")
  return()
endif()

# The sources as a clone has them: no build folders, no .git.
set(source ${WORK_DIR}/source)
file(GLOB entries RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/* ${SOURCE_DIR}/.[a-z]*)
foreach(entry IN LISTS entries)
  if(NOT entry MATCHES "^(build.*|\\.git)$")
    file(COPY ${SOURCE_DIR}/${entry} DESTINATION ${source})
  endif()
endforeach()

set(venv ${WORK_DIR}/venv)
run(${PYTHON} -m venv --system-site-packages ${venv})
run(${CMAKE_COMMAND} -E env "CMAKE_ARGS=${CMAKE_ARGS}"
    ${venv}/bin/pip install --no-build-isolation --no-index --quiet ${source})
# The module the environment imports is the installed one (pytest below runs from WORK_DIR, with
# no build folder on the path).
run(${CMAKE_COMMAND} -E env PYTHONNOUSERSITE=1 ${venv}/bin/python -c
    "import fecontact, sys; assert fecontact.__file__.startswith(sys.argv[1]), fecontact.__file__; print(fecontact.__file__)"
    ${venv})
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONNOUSERSITE=1 PYTHONDONTWRITEBYTECODE=1 MPLBACKEND=Agg
                        FECONTACT_SOURCE_DIR=${source} FECONTACT_APP=${APP} FECONTACT_GMSH=${GMSH}
                        ${venv}/bin/python -m pytest -q -p no:cacheprovider --basetemp=${WORK_DIR}/tmp ${source}/python/tests
                WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "pytest against the pip-installed module failed (${status})")
endif()
