# What `cmake --install` puts under the prefix: the tools and their man pages, liblsc (static and shared) and
# lsc.h, a CMake package (find_package(lsc): targets lsc::lsc, lsc::lsc_shared, lsc::lsc-rewrite and
# lsc_target_sources()) and a pkg-config file (lsc.pc). Both packages locate the prefix from their own path, so
# an install can be moved.
include(CMakePackageConfigHelpers)

set(LSC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/lsc)
set(LSC_INSTALL_PKGCONFIGDIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The tools exist only when their sources do (and lsc-rewrite only with LSC_BUILD_TOOLS).
foreach(tool lsc-rewrite lsc-plan lsc-cc)
  if(TARGET ${tool})
    install(TARGETS ${tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
# Installed binaries keep the search path of libraries outside the system folders (libclang in
# /usr/lib/llvm-19/lib, an MPI elsewhere), which CMake would otherwise strip at install time.
foreach(target lsc-rewrite lsc-plan lsc-cc lsc_shared)
  if(TARGET ${target})
    set_target_properties(${target} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
  endif()
endforeach()

# Man pages (docs/man): each tool's page in section 1, the pragmas and the LSC_* variables in lsc(7).
set(LSC_MAN_DIR ${PROJECT_SOURCE_DIR}/docs/man)
foreach(tool lsc-rewrite lsc-plan lsc-cc)
  if(TARGET ${tool})
    install(FILES ${LSC_MAN_DIR}/${tool}.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
endforeach()
install(FILES ${LSC_MAN_DIR}/lsc.7 DESTINATION ${CMAKE_INSTALL_MANDIR}/man7)

# runtime/CMakeLists.txt installs liblsc into the export set lscTargets and installs lsc.h.
if(TARGET lsc)
  install(EXPORT lscTargets NAMESPACE lsc:: DESTINATION ${LSC_INSTALL_CMAKEDIR} FILE lscTargets.cmake)
endif()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/lscConfig.cmake.in ${PROJECT_BINARY_DIR}/lscConfig.cmake
                              INSTALL_DESTINATION ${LSC_INSTALL_CMAKEDIR}
                              PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_INCLUDEDIR)
# 0.x: a new minor version may change the generated-code ABI (LSC_ABI_VERSION), so only 0.1.* matches 0.1.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/lscConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/lscConfig.cmake ${PROJECT_BINARY_DIR}/lscConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/lscTargetSources.cmake DESTINATION ${LSC_INSTALL_CMAKEDIR})

# lsc.pc: the prefix is found from the .pc file's own folder (${pcfiledir}), not the configure-time prefix,
# since `cmake --install --prefix` may choose another one.
file(RELATIVE_PATH LSC_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" LSC_PC_TO_PREFIX "${LSC_PC_TO_PREFIX}")
set(LSC_PC_CFLAGS "")
foreach(dir ${MPI_C_INCLUDE_DIRS})
  string(APPEND LSC_PC_CFLAGS " -I${dir}")
endforeach()
foreach(def ${MPI_C_COMPILE_DEFINITIONS})
  string(APPEND LSC_PC_CFLAGS " -D${def}")
endforeach()
string(REPLACE ";" " " LSC_PC_MPI_COMPILE_OPTIONS "${MPI_C_COMPILE_OPTIONS}")
string(APPEND LSC_PC_CFLAGS " ${LSC_PC_MPI_COMPILE_OPTIONS}")
string(STRIP "${LSC_PC_CFLAGS}" LSC_PC_CFLAGS)
set(LSC_PC_LIBS "${OpenMP_C_FLAGS}")
string(REPLACE ";" " " LSC_PC_MPI_LINK_FLAGS "${MPI_C_LINK_FLAGS}")
string(APPEND LSC_PC_LIBS " ${LSC_PC_MPI_LINK_FLAGS}")
foreach(lib ${MPI_C_LIBRARIES})
  string(APPEND LSC_PC_LIBS " ${lib}")
endforeach()
string(APPEND LSC_PC_LIBS " -lm")
foreach(lib ${CMAKE_DL_LIBS})
  string(APPEND LSC_PC_LIBS " -l${lib}")
endforeach()
string(REGEX REPLACE "  +" " " LSC_PC_LIBS "${LSC_PC_LIBS}")
string(STRIP "${LSC_PC_LIBS}" LSC_PC_LIBS)
configure_file(${CMAKE_CURRENT_LIST_DIR}/lsc.pc.in ${PROJECT_BINARY_DIR}/lsc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/lsc.pc DESTINATION ${LSC_INSTALL_PKGCONFIGDIR})
