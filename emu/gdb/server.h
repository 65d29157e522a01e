// The gdb server: a TCP socket on 127.0.0.1 (another address only when asked), one client at a
// time, the machine run in bounded slices between polls of the socket so that Ctrl-C is prompt.
// A client that detaches or vanishes leaves the machine running; the next one can attach.
#pragma once
#include <string>

#include "gdb/debug_target.h"

namespace pimnic::gdb {

struct ServerOptions {
  int port = -1;                  // -1: no server; 0: any free port (printed on stderr)
  bool wait = false;              // start halted at the entry until a client attaches
  std::string bind = "127.0.0.1";
  bool enabled() const { return port >= 0; }
};

// Serve until the machine ends (guest exit, fatal fault without a debugger, gdb's kill).
// Throws std::invalid_argument when the socket cannot be set up.
Outcome serve(DebugTarget& target, const ServerOptions& options);

}  // namespace pimnic::gdb
