// Instruction-at-a-time execution with a full ExecRecord per instruction, for traces and timing
// models.
//
// Hart::step() checks for interrupts before every instruction; Hart::run() only at the points
// where one can have become due. HartStepper asks step() to check at those same points (at the
// start, when the decrementer's next event is due, after anything that can change MSR, the
// decrementer or the interrupt lines, after an interrupt) and to skip the check otherwise, which
// saves a division per instruction. The decrementer deadline is kept in cycles, not instructions:
// under a timing model one instruction takes many cycles and the time base follows the cycles, so
// traced and untraced runs, timed or not, take interrupts at the same instructions.
#pragma once
#include <cstdint>

#include "cpu/exec_record.h"
#include "cpu/hart.h"
#include "cpu/hart_step.h"

namespace pimnic {

class HartStepper {
 public:
  HartStepper();
  // Before the first step, and after anything else ran the hart (Hart::run).
  void restart() { poll_ = true; }
  [[gnu::always_inline]] StopReason step(Hart& h, ExecRecord& r) {
    return step_with(h, r, [&]() __attribute__((always_inline)) { return h.step_nopoll(r); });
  }
  // For the instruction the caller knows is at pc (Hart::step_nopoll_known).
  [[gnu::always_inline]] StopReason step_known(Hart& h, ExecRecord& r, isa::ExecFn fn, uint32_t word, isa::InsnId id) {
    return step_with(h, r, [&]() __attribute__((always_inline)) { return h.step_nopoll_known(r, fn, word, id); });
  }
  // Whether steps that all start before `cycle` need no interrupt check, provided each one says
  // quiet_after() (or rechecks() is false for it and it was not interrupted): the caller may then
  // step with Hart::step_lean itself (MSR[POW] is clear).
  bool quiet_until(const Hart& h, uint64_t cycle) const { return !must_poll(h, cycle); }
  // Whether interrupts must be checked after this instruction: one that writes MSR, serializes or
  // moves to or from an SPR, but not the SPRs that cannot change what is pending (XER, LR, CTR,
  // VRSAVE/USPRG0, SPRG0-7: moves of those are common in loops and calls). poll_next() for a
  // caller that stepped one itself.
  [[gnu::always_inline]] bool rechecks(isa::InsnId id, uint32_t word) const {
    return recheck_[size_t(id)] && !harmless_spr_move(id, word);  // (recheck_ covers InsnId::Invalid)
  }
  void poll_next() { poll_ = true; }
  // After such a step (and every step): false when the next one must check for interrupts.
  [[gnu::always_inline]] bool quiet_after(const ExecRecord& r) { return quiet_after(r.interrupted, r.id, r.word); }
  [[gnu::always_inline]] bool quiet_after(bool interrupted, isa::InsnId id, uint32_t word) {
    poll_ = interrupted || rechecks(id, word);
    return !poll_;
  }

 private:
  // Whether a step that starts at `cycle` must check for interrupts first.
  [[gnu::always_inline]] bool must_poll(const Hart& h, uint64_t cycle) const {
    return poll_ || cycle >= poll_cycle_ || (h.msr & MSR_POW) || ((h.msr & MSR_EE) && (h.external_irq || h.dec_pending));
  }
  template <typename NoPoll>
  [[gnu::always_inline]] StopReason step_with(Hart& h, ExecRecord& r, NoPoll&& nopoll) {
    const bool poll = must_poll(h, h.cycles());
    StopReason why = poll ? h.step(r, true) : nopoll();  // the common case inline
    if (poll) [[unlikely]] poll_cycle_ = h.cycles() + (h.next_timer_icount() - h.icount);
    quiet_after(r);
    return why;
  }

  static bool harmless_spr_move(isa::InsnId id, uint32_t word);
  const bool* recheck_;     // per InsnId (0..0xFFFF): interrupts must be checked after it
  uint64_t poll_cycle_ = 0;  // cycle at which the decrementer needs a look
  bool poll_ = true;         // check before the next instruction
};

}  // namespace pimnic
