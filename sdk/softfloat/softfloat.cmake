# pimnic SoftFloat source lists, for the host test build and for the firmware build.
#   SOFTFLOAT_INCLUDE_DIR   public header (softfloat.h)
#   SOFTFLOAT_SOURCES       the library (sf32_* / sf64_* and the SoftFloat 3 style API)
#   SOFTFLOAT_ABI_SOURCES   the soft-float ABI clang -msoft-float calls (__adddf3 ...), on top of it
# Compile as C11; define SOFTFLOAT_NAN_STYLE_X86=1 only for the host's bit-exact x86 check.
set(SOFTFLOAT_DIR ${CMAKE_CURRENT_LIST_DIR})
set(SOFTFLOAT_INCLUDE_DIR ${SOFTFLOAT_DIR}/include)
file(GLOB SOFTFLOAT_SOURCES CONFIGURE_DEPENDS ${SOFTFLOAT_DIR}/src/*.c)
file(GLOB SOFTFLOAT_ABI_SOURCES CONFIGURE_DEPENDS ${SOFTFLOAT_DIR}/abi/*.c)
