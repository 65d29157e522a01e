# Build a dynamically linked hello (PIE, Debian's default, or with -no-pie per FLAGS) and check
# that `pimnic linux` refuses it: exit status 2 and a one-line message naming PT_INTERP.
execute_process(COMMAND ${CC} -O2 ${FLAGS} -o ${OUT} ${SRC} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "could not build ${OUT}")
endif()
execute_process(COMMAND ${PIMNIC} linux ${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
string(STRIP "${err}" err)
string(FIND "${err}" "\n" newline)
if(NOT rc EQUAL 2 OR NOT err MATCHES "PT_INTERP" OR NOT newline EQUAL -1)
  message(FATAL_ERROR "expected one line mentioning PT_INTERP and exit status 2, got ${rc}: ${err}")
endif()
