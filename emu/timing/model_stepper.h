// Instruction-at-a-time execution for timing models: Hart::step() with the interrupt checks
// placed where Hart::run() has them (at the start, after an instruction that may change MSR, an
// SPR or the interrupt lines, after an interrupt, and when the decrementer's next event is due).
// Unlike trace/stepper.h the decrementer deadline is kept in cycles, not instructions: under a
// timing model one instruction takes many cycles, and the time base follows the cycles.
#pragma once
#include <cstdint>

#include "cpu/exec_record.h"
#include "cpu/hart.h"
#include "cpu/hart_step.h"

namespace pimnic::timing {

class ModelStepper {
 public:
  ModelStepper();
  void restart() { poll_ = true; }
  [[gnu::always_inline]] StopReason step(Hart& h, ExecRecord& r) {
    const bool poll = poll_ || h.cycles() >= poll_cycle_ || (h.msr & MSR_POW) ||
                      ((h.msr & MSR_EE) && (h.external_irq || h.dec_pending));
    StopReason why = poll ? h.step(r, true) : h.step_nopoll(r);  // the common case inline
    if (poll) [[unlikely]] poll_cycle_ = h.cycles() + (h.next_timer_icount() - h.icount);
    poll_ = r.interrupted || r.id == isa::InsnId::Invalid || recheck_[size_t(r.id)];
    return why;
  }

 private:
  const bool* recheck_;
  uint64_t poll_cycle_ = 0;
  bool poll_ = true;
};

}  // namespace pimnic::timing
