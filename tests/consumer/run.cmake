# SPDX-License-Identifier: BSD-3-Clause
# Install the build tree into a fresh prefix, then configure, build and run the consumer project.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --config ${CONFIG})
# Every installed header compiles alone from the prefix (with Eigen's and MPI's include folders):
# none includes a header that stays in the source tree.
file(GLOB_RECURSE installed_headers ${prefix}/include/fecontact/*.hpp)
file(GLOB_RECURSE leaked LIST_DIRECTORIES true ${prefix}/include/fecontact/*)
list(FILTER leaked INCLUDE REGEX "/detail(/|$)")
# The BVH templates' two internals that bounding_volume.hpp and traverse.hpp include.
list(FILTER leaked EXCLUDE REGEX "/bvh/detail(/quantized_box\\.hpp|/traversal_step\\.hpp)?$")
if(leaked)
  message(FATAL_ERROR "internal headers were installed: ${leaked}")
endif()
set(probe ${WORK_DIR}/installed_header_probe.cpp)
foreach(header IN LISTS installed_headers)
  file(WRITE ${probe} "#include \"${header}\"\n")
  set(flags -std=c++20 -fsyntax-only -I${prefix}/include)
  foreach(dir IN LISTS HEADER_INCLUDE_DIRS)
    list(APPEND flags -I${dir})
  endforeach()
  execute_process(COMMAND ${CXX_COMPILER} ${flags} ${probe} RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "installed ${header} does not compile alone:\n${errors}")
  endif()
endforeach()
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
