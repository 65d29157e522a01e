# CMake toolchain file for programs of pimnic's simulated host cores: static 32-bit big-endian
# powerpc-linux executables, built by Debian's cross gcc against glibc (gcc-powerpc-linux-gnu,
# g++-powerpc-linux-gnu, libc6-dev-powerpc-cross). `pimnic linux` and `pimnic mpirun` run them.
#
#   cmake -S firmware/mpi/host -B build/mpi-build -DCMAKE_TOOLCHAIN_FILE=<pimnic>/toolchain/powerpc-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR powerpc)

find_program(PIMNIC_PPC_LINUX_GCC powerpc-linux-gnu-gcc REQUIRED)
find_program(PIMNIC_PPC_LINUX_GXX powerpc-linux-gnu-g++ REQUIRED)
set(CMAKE_C_COMPILER "${PIMNIC_PPC_LINUX_GCC}")
set(CMAKE_CXX_COMPILER "${PIMNIC_PPC_LINUX_GXX}")

set(CMAKE_FIND_ROOT_PATH /usr/powerpc-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# Executables are static (the emulator loads no shared objects).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
