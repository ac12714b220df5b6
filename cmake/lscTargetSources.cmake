# lsc_target_sources(<target> [SHARED] <source>...)
#
# The CMake form of lsc-cc. Each C source is rewritten by lsc-rewrite into
# <current binary dir>/lsc/<target>/<path>.lsc.c when it, a header it includes or lsc-rewrite changes; the rewritten file is compiled
# into <target>, and <target> links liblsc (lsc::lsc, the static library; lsc::lsc_shared with SHARED). The
# rewriter parses with the target's include directories, compile definitions and C standard, including those
# its linked targets bring. Other sources (headers) are added unchanged. The target must use the keyword form
# of target_link_libraries (PRIVATE/PUBLIC), since this function does.
function(lsc_target_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 LSC "SHARED" "" "")
  if(NOT TARGET ${target})
    message(FATAL_ERROR "lsc_target_sources: '${target}' is not a target (create it with add_executable first)")
  endif()
  if(NOT LSC_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "lsc_target_sources(${target}): no sources given")
  endif()
  if(NOT TARGET lsc::lsc-rewrite)
    message(FATAL_ERROR "lsc_target_sources: lsc-rewrite is not installed next to this lsc package")
  endif()

  set(library lsc::lsc)
  if(LSC_SHARED)
    set(library lsc::lsc_shared)
  endif()
  target_link_libraries(${target} PRIVATE ${library})

  # Evaluated at generate time, so flags added to the target after this call count too.
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},C_STANDARD>")
  # CMake's default for an unset C_EXTENSIONS is ON: -std=gnu11 rather than -std=c11.
  set(extensions "$<TARGET_PROPERTY:${target},C_EXTENSIONS>")
  set(dialect "$<IF:$<OR:$<STREQUAL:${extensions},>,$<BOOL:${extensions}>>,gnu,c>")
  # $<SEMICOLON> keeps the joined flags one word for CMake, COMMAND_EXPAND_LISTS splits them for the command.
  set(parse_flags "$<$<BOOL:${includes}>:-I$<JOIN:${includes},$<SEMICOLON>-I>>"
                  "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},$<SEMICOLON>-D>>"
                  "$<$<BOOL:${standard}>:-std=${dialect}${standard}>")

  foreach(source ${LSC_UNPARSED_ARGUMENTS})
    get_filename_component(source_path ${source} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    if(NOT source_path MATCHES "\\.c$")
      target_sources(${target} PRIVATE ${source_path})
      continue()
    endif()
    # Mirror the source's path under the build folder; `..` steps become `__` so nothing lands outside it.
    file(RELATIVE_PATH relative ${CMAKE_CURRENT_SOURCE_DIR} ${source_path})
    string(REPLACE "../" "__/" relative "${relative}")
    string(REGEX REPLACE "\\.c$" ".lsc.c" relative "${relative}")
    set(rewritten ${CMAKE_CURRENT_BINARY_DIR}/lsc/${target}/${relative})
    get_filename_component(rewritten_dir ${rewritten} DIRECTORY)
    get_filename_component(source_dir ${source_path} DIRECTORY)

    # The rewrite depends on the headers too (a macro in a loop bound): the compiler lists them in a depfile,
    # which every generator reads (IMPLICIT_DEPENDS would serve Makefiles only).
    add_custom_command(
      OUTPUT ${rewritten}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${rewritten_dir}
      COMMAND ${CMAKE_C_COMPILER} ${parse_flags} -M -MT ${rewritten} -MF ${rewritten}.d ${source_path}
      COMMAND lsc::lsc-rewrite ${source_path} -o ${rewritten} -- ${parse_flags}
      DEPENDS ${source_path} $<TARGET_FILE:lsc::lsc-rewrite>
      DEPFILE ${rewritten}.d
      COMMENT "lsc-rewrite ${source}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The copy lives in the build folder; `#include "x.h"` must still find x.h beside the original.
    set_property(SOURCE ${rewritten} APPEND PROPERTY COMPILE_OPTIONS -iquote ${source_dir})
    target_sources(${target} PRIVATE ${rewritten})
  endforeach()
endfunction()
