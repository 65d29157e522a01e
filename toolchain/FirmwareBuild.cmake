# Included by the root CMakeLists.txt: builds every image under firmware/ with the firmware
# toolchain, as a separate CMake project (a cross build cannot share the emulator's compiler
# settings). `make firmware` / `cmake --build build --target firmware` run it, and so does the
# default build target, because the firmware tests need the images. Images: build/firmware/*.elf.
include(ExternalProject)

option(PIMNIC_BUILD_FIRMWARE "Build the firmware images (needs clang, ld.lld, llvm-ar)" ON)
set(PIMNIC_FIRMWARE_DIR "${CMAKE_BINARY_DIR}/firmware" CACHE INTERNAL "where the firmware images are")

if(NOT PIMNIC_BUILD_FIRMWARE)
  add_custom_target(firmware COMMENT "firmware disabled (PIMNIC_BUILD_FIRMWARE=OFF)")
  return()
endif()

set(_fw_launcher "")
if(CCACHE_PROGRAM)  # found by the root CMakeLists.txt
  set(_fw_launcher "-DCMAKE_C_COMPILER_LAUNCHER=${CCACHE_PROGRAM}" "-DCMAKE_CXX_COMPILER_LAUNCHER=${CCACHE_PROGRAM}")
endif()

ExternalProject_Add(firmware_images
  SOURCE_DIR "${CMAKE_SOURCE_DIR}/firmware"
  BINARY_DIR "${CMAKE_BINARY_DIR}/firmware-build"
  CMAKE_ARGS
    "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/toolchain/pimnic-toolchain.cmake"
    "-DCMAKE_BUILD_TYPE=RelWithDebInfo"
    "-DPIMNIC_FIRMWARE_OUTPUT_DIR=${PIMNIC_FIRMWARE_DIR}"
    ${_fw_launcher}
  # Always ask the inner build whether something changed; it is a no-op when nothing did.
  BUILD_ALWAYS ON
  INSTALL_COMMAND ""
  USES_TERMINAL_BUILD ON)

add_custom_target(firmware DEPENDS firmware_images)
