# Building pimnic firmware images with the SDK. Use together with pimnic-toolchain.cmake:
#
#   include(PimnicFirmware)
#   pimnic_add_image(hello PROFILE nic SOURCES main.cpp)       # -> hello.elf
#
# pimnic_add_image(NAME PROFILE <host|nic|pim> SOURCES src... [LIBRARIES lib...]
#                  [LINK_OPTIONS opt...])
#   Compiles SOURCES for the profile, links them with ld.lld against the SDK library built for that
#   profile (pimnic_sdk_<profile>) using the SDK's linker script for the profile's memory, and
#   outputs NAME.elf in the runtime output directory. LIBRARIES are further targets (built with
#   pimnic_add_library or linking pimnic_profile_<profile>); LINK_OPTIONS are ld.lld options.
#
# pimnic_add_library(NAME PROFILE <p> SOURCES src...)
#   A static library compiled for one profile (with the SDK headers), for code shared by images.
#
# pimnic_sdk(<profile>)
#   Defines pimnic_sdk_<profile> (static library) and pimnic_profile_<profile> (interface target:
#   compiler flags, profile macros, SDK include directories) if they do not exist yet.
#   pimnic_add_image calls it; call it yourself to link the SDK into something else.
include_guard(GLOBAL)

if(NOT DEFINED PIMNIC_PROFILES)
  message(FATAL_ERROR "PimnicFirmware: configure with -DCMAKE_TOOLCHAIN_FILE=<pimnic>/toolchain/pimnic-toolchain.cmake")
endif()
enable_language(C CXX ASM)

# Firmware runs in a simulator where every instruction counts: optimise (with debug info for
# gdb) unless the project chose a build type.
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type (pimnic firmware default)" FORCE)
endif()

set(PIMNIC_SDK_DIR "${PIMNIC_ROOT}/sdk" CACHE PATH "pimnic SDK sources")
include("${PIMNIC_SDK_DIR}/sdk.cmake")

function(pimnic_sdk profile)
  if(NOT profile IN_LIST PIMNIC_PROFILES)
    message(FATAL_ERROR "pimnic: unknown profile '${profile}' (expected one of: ${PIMNIC_PROFILES})")
  endif()
  if(TARGET pimnic_sdk_${profile})
    return()
  endif()
  string(TOUPPER ${profile} up)

  # Everything compiled for the profile: CPU flags, profile macros, SDK headers.
  add_library(pimnic_profile_${profile} INTERFACE)
  target_compile_options(pimnic_profile_${profile} INTERFACE ${PIMNIC_PROFILE_${profile}_FLAGS})
  target_compile_definitions(pimnic_profile_${profile} INTERFACE
    PIMNIC_PROFILE_${up}=1 PIMNIC_PROFILE_NAME="${profile}")
  target_include_directories(pimnic_profile_${profile} SYSTEM INTERFACE ${PIMNIC_SDK_INCLUDE_DIRS})
  target_include_directories(pimnic_profile_${profile} SYSTEM INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:${PIMNIC_SDK_CXX_INCLUDE_DIRS}>)

  # The linker script, preprocessed from the memory map for this profile.
  set(ld_dir "${CMAKE_BINARY_DIR}/pimnic-sdk/${profile}")
  set(ld_script "${ld_dir}/pimnic.ld")
  add_custom_command(OUTPUT "${ld_script}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ld_dir}"
    COMMAND ${CMAKE_C_COMPILER} -E -P -x c -undef -nostdinc -DPIMNIC_PROFILE_${up}=1
            -I "${PIMNIC_SDK_DIR}/include" "${PIMNIC_SDK_LDSCRIPT}" -o "${ld_script}"
    DEPENDS "${PIMNIC_SDK_LDSCRIPT}" "${PIMNIC_SDK_DIR}/include/pimnic/memmap.h"
    COMMENT "pimnic: linker script for the ${profile} profile"
    VERBATIM)
  add_custom_target(pimnic_ldscript_${profile} DEPENDS "${ld_script}")

  add_library(pimnic_sdk_${profile} STATIC ${PIMNIC_SDK_SOURCES_${profile}} ${PIMNIC_SDK_SOURCES})
  target_link_libraries(pimnic_sdk_${profile} PUBLIC pimnic_profile_${profile})
  target_include_directories(pimnic_sdk_${profile} PRIVATE ${PIMNIC_SDK_PRIVATE_INCLUDE_DIRS})
  target_compile_options(pimnic_sdk_${profile} PRIVATE -O2 -g -Wall -Wextra)
  set_target_properties(pimnic_sdk_${profile} PROPERTIES
    ARCHIVE_OUTPUT_DIRECTORY "${ld_dir}"
    PIMNIC_LINKER_SCRIPT "${ld_script}")
  add_dependencies(pimnic_sdk_${profile} pimnic_ldscript_${profile})
endfunction()

# Every subdirectory of the current one that has a CMakeLists.txt, in name order.
# CONFIGURE_DEPENDS: an existing build tree notices a new image directory.
function(pimnic_add_image_directories)
  file(GLOB children CONFIGURE_DEPENDS RELATIVE "${CMAKE_CURRENT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}/*")
  list(SORT children)
  foreach(child IN LISTS children)
    if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${child}/CMakeLists.txt")
      add_subdirectory(${child})
    endif()
  endforeach()
endfunction()

function(pimnic_add_library name)
  cmake_parse_arguments(ARG "" "PROFILE" "SOURCES" ${ARGN})
  pimnic_sdk(${ARG_PROFILE})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_link_libraries(${name} PUBLIC pimnic_profile_${ARG_PROFILE})
endfunction()

function(pimnic_add_image name)
  cmake_parse_arguments(ARG "" "PROFILE" "SOURCES;LIBRARIES;LINK_OPTIONS" ${ARGN})
  if(NOT ARG_PROFILE)
    message(FATAL_ERROR "pimnic_add_image(${name}): PROFILE host|nic|pim is required")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "pimnic_add_image(${name}): no SOURCES")
  endif()
  pimnic_sdk(${ARG_PROFILE})
  get_target_property(ld_script pimnic_sdk_${ARG_PROFILE} PIMNIC_LINKER_SCRIPT)

  add_executable(${name} ${ARG_SOURCES})
  # The SDK goes last: user libraries may call into it. ld.lld resolves archives in any order.
  target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES} pimnic_sdk_${ARG_PROFILE})
  target_link_options(${name} PRIVATE "--script=${ld_script}" "-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map"
                      ${ARG_LINK_OPTIONS})
  set_target_properties(${name} PROPERTIES SUFFIX .elf LINK_DEPENDS "${ld_script}" PIMNIC_PROFILE ${ARG_PROFILE})
  add_dependencies(${name} pimnic_ldscript_${ARG_PROFILE})
endfunction()
