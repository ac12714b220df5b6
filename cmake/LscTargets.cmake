# Helpers shared by the CMakeLists of lsc's own code.

# Our own code builds with every warning as an error; generated and third-party code does not come here.
function(lsc_strict target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
endfunction()

# A C unit test: an executable built from `sources` that prints `PASS: name` / `FAIL: name: why` lines and
# exits non-zero on any failure (test/unit/unit.h). scripts/check.py runs every one, in the normal build and
# in the sanitizer build.
set_property(GLOBAL PROPERTY LSC_UNIT_TESTS "")
function(lsc_unit_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/test/unit)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS})
  lsc_strict(${name})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/test/unit)
  set_property(GLOBAL APPEND PROPERTY LSC_UNIT_TESTS ${name})
endfunction()
