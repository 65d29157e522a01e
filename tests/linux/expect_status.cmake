# Run `pimnic linux ARGS` (ARGS is a ;-list) and require exit status STATUS and a stderr of one
# line matching STDERR_REGEX.
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PIMNIC} linux ${args} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
string(STRIP "${err}" err)
string(FIND "${err}" "\n" newline)
if(NOT rc EQUAL STATUS OR NOT err MATCHES "${STDERR_REGEX}" OR NOT newline EQUAL -1)
  message(FATAL_ERROR "expected status ${STATUS} and one stderr line matching '${STDERR_REGEX}', got ${rc}: ${err}")
endif()
