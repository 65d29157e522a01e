// Where a PIM core's parcel and migrate instructions go (docs/isa/pim.md): the node's parcel
// engine (emu/devices/parcel_engine.h). A core without one (the one-core machine) raises the
// illegal-instruction interrupt for both, as a core without a network must. The core hands the
// engine records (time, registers on the wire), so that the engine needs nothing of the core.
#pragma once
#include <cstdint>

#include "sim/clock.h"

namespace pimnic {

class ThreadContexts;

// A thread's registers on the wire: 32 GPRs, pc, cr, lr, ctr, xer, msr, vrsave, vscr, then the
// 32 vector registers (32 bytes each), all big-endian (cpu/thread_state.h reads and writes them).
inline constexpr uint32_t kThreadStateWords = 32 + 8;
inline constexpr uint32_t kThreadStateBytes = kThreadStateWords * 4 + 32 * 32;

// A thread that leaves its core (`migrate`).
struct Migration {
  Tick time = 0;                       // when it leaves: its hart's time
  uint32_t node = 0;                   // where to
  const ThreadContexts* from = nullptr;  // its core
  uint32_t context = 0;                // its context (hart index) there
  uint32_t stack = 0;                  // its r1
  uint32_t stack_bytes = 0;            // how much of the stack at r1 goes with it
  const uint8_t* state = nullptr;      // kThreadStateBytes: its registers, already showing the state it resumes with
};

class ParcelPort {
 public:
  virtual ~ParcelPort() = default;
  // `parcel`: send the parcel described at `desc` in the sender's memory, at `time`. False:
  // rejected (bad node, payload too long or outside memory); nothing was sent.
  virtual bool send_parcel(uint32_t desc, Tick time) = 0;
  // `migrate`: send the thread and its stack. False: rejected; it stays and continues.
  virtual bool migrate(const Migration& m) = 0;
};

}  // namespace pimnic
