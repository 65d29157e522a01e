// Names of the return codes and event kinds (portals3.h), for messages and test scripts.
#include "portals3.h"

extern "C" const char* PtlErrorStr(int code) {
  static const char* const names[] = {
      "PTL_OK", "PTL_AC_INDEX_INVALID", "PTL_EQ_DROPPED", "PTL_EQ_EMPTY", "PTL_EQ_INVALID", "PTL_FAIL",
      "PTL_HANDLE_INVALID", "PTL_IFACE_INVALID", "PTL_MD_ILLEGAL", "PTL_MD_INVALID", "PTL_MD_IN_USE",
      "PTL_MD_NO_UPDATE", "PTL_ME_IN_USE", "PTL_ME_INVALID", "PTL_ME_LIST_TOO_LONG", "PTL_NI_INVALID",
      "PTL_NO_INIT", "PTL_NO_SPACE", "PTL_PID_INVALID", "PTL_PROCESS_INVALID", "PTL_PT_INDEX_INVALID",
      "PTL_SEGV", "PTL_SR_INDEX_INVALID", "PTL_UNKNOWN_ERROR"};
  return code >= 0 && code < PTL_MAX_ERRNO ? names[code] : "PTL_UNKNOWN_ERROR";
}

extern "C" const char* PtlEventKindStr(ptl_event_kind_t kind) {
  static const char* const names[] = {"PTL_EVENT_GET_START",   "PTL_EVENT_GET_END",  "PTL_EVENT_PUT_START",
                                      "PTL_EVENT_PUT_END",     "PTL_EVENT_REPLY_START", "PTL_EVENT_REPLY_END",
                                      "PTL_EVENT_SEND_START",  "PTL_EVENT_SEND_END", "PTL_EVENT_ACK",
                                      "PTL_EVENT_UNLINK"};
  return kind >= PTL_EVENT_GET_START && kind <= PTL_EVENT_UNLINK ? names[kind - 1] : "PTL_EVENT_UNKNOWN";
}
