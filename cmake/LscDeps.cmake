# Finds everything lsc builds and tests with, and stops with the Debian package to install when one is absent.
# `make` runs scripts/install-deps.sh first, so these errors show only when CMake is driven by hand.

function(lsc_require var what package)
  if(NOT ${var})
    message(FATAL_ERROR "lsc: ${what} not found. Install the Debian package '${package}' "
                        "(or run scripts/install-deps.sh, which `make` does for you).")
  endif()
endfunction()

set(LSC_LLVM_ROOT "/usr/lib/llvm-19" CACHE PATH "Root of the LLVM 19 installation (libclang, FileCheck, lit)")

find_package(MPI COMPONENTS C)
lsc_require(MPI_C_FOUND "MPI (C bindings)" "libopenmpi-dev")
find_program(LSC_MPIRUN NAMES mpirun mpiexec HINTS ${MPIEXEC_EXECUTABLE})
lsc_require(LSC_MPIRUN "mpirun" "openmpi-bin")
find_program(LSC_MPICC NAMES mpicc)
lsc_require(LSC_MPICC "mpicc" "libopenmpi-dev")

find_package(OpenMP COMPONENTS C)
lsc_require(OpenMP_C_FOUND "OpenMP for C" "libomp-19-dev (or gcc's libgomp)")

if(LSC_BUILD_TOOLS)
  find_path(LSC_LIBCLANG_INCLUDE_DIR clang-c/Index.h HINTS ${LSC_LLVM_ROOT}/include NO_DEFAULT_PATH)
  find_library(LSC_LIBCLANG NAMES clang-19 clang HINTS ${LSC_LLVM_ROOT}/lib NO_DEFAULT_PATH)
  lsc_require(LSC_LIBCLANG_INCLUDE_DIR "libclang 19 headers (clang-c/Index.h)" "libclang-19-dev")
  lsc_require(LSC_LIBCLANG "libclang 19" "libclang-19-dev")
  find_program(LSC_CLANG NAMES clang-19 HINTS ${LSC_LLVM_ROOT}/bin)
  lsc_require(LSC_CLANG "clang-19 (asked for its resource directory at run time)" "clang-19")
endif()

if(LSC_BUILD_TESTS)
  find_file(LSC_LIT lit.py HINTS ${LSC_LLVM_ROOT}/build/utils/lit NO_DEFAULT_PATH)
  lsc_require(LSC_LIT "lit (lit.py)" "llvm-19-tools")
  find_program(LSC_FILECHECK NAMES FileCheck HINTS ${LSC_LLVM_ROOT}/bin NO_DEFAULT_PATH)
  lsc_require(LSC_FILECHECK "FileCheck" "llvm-19-tools")
  find_program(LSC_PYTHON NAMES python3 HINTS /usr/bin)
  lsc_require(LSC_PYTHON "python3 (runs lit)" "python3")
endif()
