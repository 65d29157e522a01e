// How a run ended, as every run loop and debug target reports it, and the one-line text and
// exit status of a core's fatal stop.
#pragma once
#include <cstdint>
#include <string>

#include "cpu/hart.h"
#include "sim/run_control.h"

namespace pimnic {

struct RunResult {
  // Stopped: ended from outside the guest, by --max-sim-time or a stop request (sim/run_control.h).
  enum class Kind { Exited, InsnLimit, Fault, Stopped } kind = Kind::Exited;
  int exit_code = 0;       // guest exit code (Exited), else pimnic's exit status for the run
  std::string message;     // for InsnLimit, Fault and Stopped
  uint64_t instructions = 0;
};

// The result of a run a limit or a stop request ended (InsnLimit or Stopped).
RunResult limit_result(const LimitStop& stop);

// A hart's stop that no run can go on from: a fault with no handler (Fault), or a wait for an
// interrupt with interrupts disabled (Halt). The exit status and the one-line message every
// machine and debug target reports for it (prefixed with the core's name on a machine of many).
struct FatalStop {
  int status = 0;
  std::string message;
};
FatalStop fatal_stop(StopReason why, const Hart& h);

// One-line description of why a hart stopped on a fault ("illegal instruction 0x... at 0x...").
std::string describe_fault(const Hart& h);
// Conventional exit status for a fault: 128 + the POSIX signal a Linux process would get.
int fault_exit_status(const Hart& h);

}  // namespace pimnic
