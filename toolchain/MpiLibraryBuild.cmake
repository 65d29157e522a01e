# Included by the root CMakeLists.txt: builds libpimnic_mpi.a (firmware/mpi/host) for the simulated
# host cores with Debian's powerpc-linux-gnu cross gcc, as a separate CMake project, and writes the
# compiler wrappers build/bin/pimnic-mpicc and build/bin/pimnic-mpicxx (firmware/mpi/tools/) that
# compile and link MPI programs against it. `make firmware` and the default build run it.
# Libraries: build/mpi/lib/libpimnic_mpi.a and libpimnic_mpi_transports.a; header:
# firmware/mpi/include/mpi.h. See docs/mpi.md.
include(ExternalProject)

option(PIMNIC_BUILD_MPI "Build the host MPI library and pimnic-mpicc (needs gcc-powerpc-linux-gnu)" ON)
find_program(PIMNIC_MPI_CC powerpc-linux-gnu-gcc)
find_program(PIMNIC_MPI_CXX powerpc-linux-gnu-g++)
if(NOT PIMNIC_BUILD_MPI OR NOT PIMNIC_MPI_CC OR NOT PIMNIC_MPI_CXX OR NOT EXISTS /usr/powerpc-linux-gnu/lib/libc.a)
  message(STATUS "MPI library skipped: needs powerpc-linux-gnu-gcc/g++ and libc6-dev-powerpc-cross")
  return()
endif()

set(PIMNIC_MPI_INCLUDE_DIR "${CMAKE_SOURCE_DIR}/firmware/mpi/include")
set(PIMNIC_MPI_LIB_DIR "${CMAKE_BINARY_DIR}/mpi/lib" CACHE INTERNAL "where libpimnic_mpi.a is")

set(_mpi_launcher "")
if(CCACHE_PROGRAM)  # found by the root CMakeLists.txt
  set(_mpi_launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${CCACHE_PROGRAM}")
endif()

ExternalProject_Add(mpi_library
  SOURCE_DIR "${CMAKE_SOURCE_DIR}/firmware/mpi/host"
  BINARY_DIR "${CMAKE_BINARY_DIR}/mpi-build"
  CMAKE_ARGS
    "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/toolchain/powerpc-linux-gnu.cmake"
    "-DCMAKE_BUILD_TYPE=Release"
    "-DPIMNIC_MPI_LIB_DIR=${PIMNIC_MPI_LIB_DIR}"
    ${_mpi_launcher}
  BUILD_ALWAYS ON  # the inner build decides what changed
  INSTALL_COMMAND ""
  USES_TERMINAL_BUILD ON)
add_dependencies(firmware mpi_library)
# Test programs linked against the library (tests/mpilib) wait for it.
foreach(programs IN ITEMS mpilib_qemu_programs pim_nic_programs portals_programs)
  if(TARGET ${programs})
    add_dependencies(${programs} mpi_library)
  endif()
endforeach()

# pimnic-mpicc (C, gcc) and pimnic-mpicxx (C++, g++): one template.
foreach(wrapper IN ITEMS mpicc mpicxx)
  if(wrapper STREQUAL mpicc)
    set(WRAPPER_COMPILER "${PIMNIC_MPI_CC}")
    set(WRAPPER_ENV PIMNIC_MPICC_CC)
  else()
    set(WRAPPER_COMPILER "${PIMNIC_MPI_CXX}")
    set(WRAPPER_ENV PIMNIC_MPICXX_CXX)
  endif()
  set(WRAPPER_NAME pimnic-${wrapper})
  configure_file("${CMAKE_SOURCE_DIR}/firmware/mpi/tools/pimnic-mpicc.in" "${CMAKE_BINARY_DIR}/bin/pimnic-${wrapper}"
                 @ONLY FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                        WORLD_READ WORLD_EXECUTE)
endforeach()
