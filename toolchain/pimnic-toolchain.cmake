# CMake toolchain file for pimnic firmware: 32-bit big-endian PowerPC, bare metal, built with
# Debian's LLVM (clang --target=powerpc-unknown-eabi, ld.lld, llvm-ar, llvm-objcopy).
#
#   cmake -S my-firmware -B build -DCMAKE_TOOLCHAIN_FILE=<pimnic>/toolchain/pimnic-toolchain.cmake
#
# then `include(PimnicFirmware)` in the project and use pimnic_add_image() (see docs/sdk.md).
# Nothing here is per profile: the profiles (host, nic, pim) are per-target settings that
# PimnicFirmware.cmake attaches from the PIMNIC_PROFILE_*_FLAGS lists below.

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR powerpc)
set(PIMNIC_TARGET_TRIPLE powerpc-unknown-eabi)

# The pimnic source tree this file belongs to; PimnicFirmware.cmake finds the SDK through it.
get_filename_component(PIMNIC_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(PIMNIC_ROOT "${PIMNIC_ROOT}" CACHE PATH "pimnic source tree (SDK and toolchain)")
list(APPEND CMAKE_MODULE_PATH "${PIMNIC_ROOT}/toolchain")

# Prefer the versioned Debian names so a newer default clang does not slip in unnoticed.
find_program(PIMNIC_CLANG NAMES clang-14 clang REQUIRED)
find_program(PIMNIC_CLANGXX NAMES clang++-14 clang++ REQUIRED)
find_program(PIMNIC_LLD NAMES ld.lld-14 ld.lld REQUIRED)
find_program(PIMNIC_LLVM_AR NAMES llvm-ar-14 llvm-ar REQUIRED)
find_program(PIMNIC_LLVM_RANLIB NAMES llvm-ranlib-14 llvm-ranlib REQUIRED)
find_program(PIMNIC_LLVM_OBJCOPY NAMES llvm-objcopy-14 llvm-objcopy REQUIRED)

set(CMAKE_C_COMPILER "${PIMNIC_CLANG}")
set(CMAKE_CXX_COMPILER "${PIMNIC_CLANGXX}")
set(CMAKE_ASM_COMPILER "${PIMNIC_CLANG}")
set(CMAKE_C_COMPILER_TARGET ${PIMNIC_TARGET_TRIPLE})
set(CMAKE_CXX_COMPILER_TARGET ${PIMNIC_TARGET_TRIPLE})
set(CMAKE_ASM_COMPILER_TARGET ${PIMNIC_TARGET_TRIPLE})
set(CMAKE_AR "${PIMNIC_LLVM_AR}" CACHE FILEPATH "")
set(CMAKE_RANLIB "${PIMNIC_LLVM_RANLIB}" CACHE FILEPATH "")
set(CMAKE_OBJCOPY "${PIMNIC_LLVM_OBJCOPY}" CACHE FILEPATH "")
set(CMAKE_LINKER "${PIMNIC_LLD}" CACHE FILEPATH "")

# Compiler checks must not link: there is no C library until the SDK is built.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# -ffreestanding is required (the host's headers and libraries are not ours); -nostdlibinc
# keeps clang's own headers (stdint.h, stddef.h, stdarg.h, float.h, limits.h) and drops the
# host's /usr/include, so the SDK's libc headers are the only ones. Sections per function let
# the linker drop what an image does not use.
set(_pimnic_common "-ffreestanding -nostdlibinc -ffunction-sections -fdata-sections -fno-common -fno-asynchronous-unwind-tables -fno-unwind-tables")
set(CMAKE_C_FLAGS_INIT "${_pimnic_common}")
set(CMAKE_ASM_FLAGS_INIT "${_pimnic_common}")
set(CMAKE_CXX_FLAGS_INIT "${_pimnic_common} -fno-exceptions -fno-rtti")

# clang's driver hands linking for this triple to the host gcc, so link with ld.lld directly:
# target link options are ld.lld options. The SDK's linker script and libraries come from
# pimnic_add_image().
set(CMAKE_EXE_LINKER_FLAGS_INIT "--gc-sections -z max-page-size=4096 -static")
foreach(lang C CXX ASM)
  set(CMAKE_${lang}_LINK_EXECUTABLE
      "<CMAKE_LINKER> <CMAKE_${lang}_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
endforeach()

# The three core profiles (see docs/sdk.md):
#  host: G4/7400 class, hard float and 128-bit AltiVec; the compiler may auto-vectorise, so the
#        SDK start-up enables MSR[FP] and MSR[VEC].
#  nic:  PowerPC 440 class, no FPU, no AltiVec. -mcpu=440 emits isel; floating point goes to the
#        soft-float helpers. fp-contract off so a*b+c never becomes a software fma call.
#  pim:  integer code is base PowerPC plus isel (what the PIM core decodes), soft float; the
#        256-bit vector unit is reached only through SDK inline assembly, because clang's
#        -msoft-float -maltivec is broken.
set(PIMNIC_PROFILES host nic pim)
set(PIMNIC_PROFILE_host_FLAGS -mcpu=7400 -maltivec)
set(PIMNIC_PROFILE_nic_FLAGS -mcpu=440 -msoft-float -mno-altivec -ffp-contract=off)
set(PIMNIC_PROFILE_pim_FLAGS -mcpu=ppc -misel -msoft-float -mno-altivec -ffp-contract=off)
