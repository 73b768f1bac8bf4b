# SPDX-License-Identifier: BSD-3-Clause
# fecontact-mpi search on RANKS ranks against fecontact search, on the bundled model: the same
# interfaces, contacts and pairs in the JSON (the statistics aside: counters and times differ),
# `ranks` and one rank_statistics entry per rank and interface, the same .vtu file byte for byte;
# and a usage mistake and a missing file fail with fecontact's exit statuses, one message. Usage:
#   cmake -DFECONTACT=<fecontact> -DFECONTACT_MPI=<fecontact-mpi> "-DMPIRUN=<mpiexec;flags>"
#         -DRANKS=<n> -DDATA=<data dir> -DWORK=<dir> -P mpi_search.cmake
cmake_minimum_required(VERSION 3.21)

function(fail)
  string(JOIN "" message ${ARGV})
  message(FATAL_ERROR "${RANKS} ranks: ${message}")
endfunction()

# Sets out, err and rc in the caller.
function(run)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r)
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
  set(rc "${r}" PARENT_SCOPE)
endfunction()

set(mesh ${DATA}/demo.msh)
foreach(arguments "--pair;cylinder_surface:block_top"
                  "--pair;cylinder_surface:block_top;--mode;surface-to-surface;--bv;obb"
                  "--self;cylinder_surface;--tolerance;0.4;--pair;cylinder_surface:block_top;--bv;dual")
  run(${FECONTACT} search ${mesh} ${arguments} --json)
  if(NOT rc EQUAL 0)
    fail("fecontact search ${arguments}: exit status ${rc}: ${err}")
  endif()
  set(serial "${out}")
  run(${MPIRUN} ${RANKS} ${FECONTACT_MPI} search ${mesh} ${arguments} --json)
  if(NOT rc EQUAL 0)
    fail("fecontact-mpi search ${arguments}: exit status ${rc}: ${err}")
  endif()
  set(distributed "${out}")
  string(JSON ranks GET "${distributed}" ranks)
  string(JSON interfaces LENGTH "${serial}" interfaces)
  string(JSON statistics LENGTH "${distributed}" rank_statistics)
  math(EXPR expected "${RANKS} * ${interfaces}")
  if(NOT ranks EQUAL RANKS OR NOT statistics EQUAL expected)
    fail("${arguments}: ranks ${ranks}, ${statistics} rank_statistics entries, expected ${expected}")
  endif()
  math(EXPR last "${interfaces} - 1")
  foreach(i RANGE ${last})
    string(JSON a GET "${serial}" interfaces ${i})
    string(JSON b GET "${distributed}" interfaces ${i})
    string(JSON a REMOVE "${a}" statistics)
    string(JSON b REMOVE "${b}" statistics)
    string(JSON same EQUAL "${a}" "${b}")
    string(JSON contacts LENGTH "${a}" contacts)
    if(NOT same OR contacts EQUAL 0)
      fail("${arguments}: interface ${i} differs from fecontact search's (${contacts} contacts)")
    endif()
  endforeach()
endforeach()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
run(${FECONTACT} search ${mesh} --pair cylinder_surface:block_top --vtu ${WORK}/serial.vtu)
run(${MPIRUN} ${RANKS} ${FECONTACT_MPI} search ${mesh} --pair cylinder_surface:block_top --vtu ${WORK}/mpi.vtu)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/serial.vtu ${WORK}/mpi.vtu RESULT_VARIABLE differ)
if(NOT rc EQUAL 0 OR differ)
  fail("--vtu: exit status ${rc}, the files differ: ${err}")
endif()

run(${MPIRUN} ${RANKS} ${FECONTACT_MPI} search ${mesh} --bogus)
string(REGEX MATCHALL "unknown option" messages "${err}")
list(LENGTH messages count)
if(NOT rc EQUAL 2 OR NOT count EQUAL 1)
  fail("--bogus: exit status ${rc} (expected 2), ${count} messages (expected 1): ${err}")
endif()
run(${MPIRUN} ${RANKS} ${FECONTACT_MPI} search ${DATA}/no-such-file.msh)
if(NOT rc EQUAL 1 OR NOT err MATCHES "cannot read mesh")
  fail("missing file: exit status ${rc} (expected 1): ${err}")
endif()
