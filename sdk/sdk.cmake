# What the SDK library (pimnic_sdk_<profile>) is made of. Included by toolchain/PimnicFirmware.cmake,
# which compiles these sources once per profile. Paths only: no targets are defined here.
set(_sdk "${CMAKE_CURRENT_LIST_DIR}")

# Headers every firmware source sees: pimnic/* (memory map, drivers, test helpers) and the
# freestanding C library. C++ sources also get the small C++ support headers (<new>, <cstring>...).
set(PIMNIC_SDK_INCLUDE_DIRS "${_sdk}/include" "${_sdk}/libc/include")
set(PIMNIC_SDK_CXX_INCLUDE_DIRS "${_sdk}/libcxx/include")
set(PIMNIC_SDK_PRIVATE_INCLUDE_DIRS "${_sdk}/crt")
set(PIMNIC_SDK_LDSCRIPT "${_sdk}/ldscripts/pimnic.ld.in")

file(GLOB PIMNIC_SDK_SOURCES CONFIGURE_DEPENDS
  "${_sdk}/crt/*.S" "${_sdk}/crt/*.c"
  "${_sdk}/platform/*.c"
  "${_sdk}/runtime/*.c"
  "${_sdk}/libc/*.c"
  "${_sdk}/libm/*.c"
  "${_sdk}/libcxx/*.cpp")

# SoftFloat (sdk/softfloat/, maintained separately): the library API for every profile, and its
# soft-float ABI (__adddf3, ..., also the 64-bit conversions, honouring SoftFloat's rounding mode)
# for the profiles without an FPU. Listed before the SDK's own sources: for a symbol defined in
# two archive members ld.lld takes the first, and runtime/int64_float.c only has weak ABI names.
set(PIMNIC_SDK_SOURCES_host "")
set(PIMNIC_SDK_SOURCES_nic "")
set(PIMNIC_SDK_SOURCES_pim "")
if(EXISTS "${_sdk}/softfloat/softfloat.cmake")
  include("${_sdk}/softfloat/softfloat.cmake")
  list(APPEND PIMNIC_SDK_INCLUDE_DIRS "${SOFTFLOAT_INCLUDE_DIR}")
  set(PIMNIC_SDK_SOURCES_host ${SOFTFLOAT_SOURCES})
  set(PIMNIC_SDK_SOURCES_nic ${SOFTFLOAT_ABI_SOURCES} ${SOFTFLOAT_SOURCES})
  set(PIMNIC_SDK_SOURCES_pim ${SOFTFLOAT_ABI_SOURCES} ${SOFTFLOAT_SOURCES})
endif()
