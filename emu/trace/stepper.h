// Instruction-at-a-time execution with a full ExecRecord per instruction, for traces.
//
// Hart::step() checks for interrupts before every instruction; Hart::run() only at the points
// where one can have become due. The Stepper asks step() to check at those same points (at the
// start, when the decrementer's next event is reached, after anything that can change MSR, the
// decrementer or the interrupt lines, after an interrupt) and to skip the check otherwise, which
// saves a division per instruction. Traced and untraced runs take interrupts at the same
// instructions.
#pragma once
#include <cstdint>

#include "cpu/exec_record.h"
#include "cpu/hart.h"
#include "cpu/hart_step.h"

namespace pimnic::trace {

class Stepper {
 public:
  explicit Stepper(Hart& h);
  // Before the first step, and after anything else ran the hart (Hart::run).
  void restart() { poll_ = true; }
  [[gnu::always_inline]] StopReason step(ExecRecord& r) {
    Hart& h = h_;
    const bool poll = poll_ || h.icount >= poll_at_ || (h.msr & MSR_POW) ||
                      ((h.msr & MSR_EE) && (h.external_irq || h.dec_pending));
    StopReason why = poll ? h.step(r, true) : h.step_nopoll(r);
    if (poll) [[unlikely]] poll_at_ = h.next_timer_icount();
    poll_ = r.interrupted | recheck_[size_t(r.id)];  // (recheck_ covers InsnId::Invalid)
    return why;
  }

 private:
  Hart& h_;
  const bool* recheck_;   // per InsnId (0..0xFFFF): interrupts must be checked after it
  uint64_t poll_at_ = 0;  // icount at which the decrementer needs a look
  bool poll_ = true;      // check before the next instruction
};

}  // namespace pimnic::trace
