# SPDX-License-Identifier: BSD-3-Clause
# Installs the build tree into a fresh prefix and imports fecontact from there, with no build
# folder on the path: the module must be the installed one and read the demo model.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --config ${CONFIG}
                RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status})")
endif()
set(script "import fecontact, sys\nassert fecontact.__file__.startswith(sys.argv[1]), fecontact.__file__\nm = fecontact.read_mesh(sys.argv[2])\nprint(fecontact.__file__, m.coordinates.shape)")
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONNOUSERSITE=1
                        PYTHONPATH=${prefix}/${PACKAGE_DIR}
                        ${PYTHON} -c "${script}" ${prefix}/${PACKAGE_DIR} ${MESH}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the installed module does not import from ${prefix}/${PACKAGE_DIR} (${status})")
endif()
