# ctest softfloat.vectors_current: regenerate the firmware vector header and compare it with the
# committed one (firmware/softfloat-test/vectors.h). To update: softfloat_check_ppc --emit-vectors
# firmware/softfloat-test/vectors.h
execute_process(COMMAND ${GEN} --emit-vectors ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "vector generation failed (the host library disagrees with the FPU/reference)")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${REF} RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  message(FATAL_ERROR "${REF} is out of date: regenerate it with\n  ${GEN} --emit-vectors ${REF}")
endif()
message(STATUS "firmware vectors are the host build's")
