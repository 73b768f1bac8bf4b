# Every public header compiles on its own (includes what it uses): a file that includes only it
# is parsed with -fsyntax-only. Arguments: COMPILER, INCLUDE_DIRS and HEADER_ROOTS (;-lists),
# WORK_DIR.
set(failed "")
set(probe ${WORK_DIR}/header_probe.cpp)
foreach(root IN LISTS HEADER_ROOTS)
  file(GLOB_RECURSE headers ${root}/fecontact/*.hpp)
  foreach(header IN LISTS headers)
    set(flags -std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Werror)
    foreach(dir IN LISTS INCLUDE_DIRS)
      list(APPEND flags -I${dir})
    endforeach()
    file(WRITE ${probe} "#include \"${header}\"\n")
    execute_process(COMMAND ${COMPILER} ${flags} ${probe} RESULT_VARIABLE status
                    ERROR_VARIABLE errors)
    if(NOT status EQUAL 0)
      list(APPEND failed ${header})
      message("${header}:\n${errors}")
    endif()
  endforeach()
endforeach()
if(failed)
  message(FATAL_ERROR "headers that do not compile alone: ${failed}")
endif()
