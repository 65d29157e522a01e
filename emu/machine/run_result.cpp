#include "machine/run_result.h"

#include <csignal>
#include <cstdio>

namespace pimnic {

RunResult limit_result(const LimitStop& stop) {
  RunResult r;
  r.kind = stop.kind == LimitStop::Kind::InsnLimit ? RunResult::Kind::InsnLimit : RunResult::Kind::Stopped;
  r.exit_code = stop.status;
  r.message = stop.message;
  return r;
}

FatalStop fatal_stop(StopReason why, const Hart& h) {
  if (why == StopReason::Fault) return {fault_exit_status(h), describe_fault(h)};
  char buf[128];
  std::snprintf(buf, sizeof buf, "the core halted at 0x%08x with interrupts disabled (MSR[POW] set, MSR[EE] clear)", h.pc);
  return {128 + SIGILL, buf};
}

std::string describe_fault(const Hart& h) {
  char buf[384];
  if (h.unrecoverable) {
    const InterruptInfo& u = h.unrecoverable_at;
    std::snprintf(buf, sizeof buf,
                  "unrecoverable %s interrupt at 0x%08x (word 0x%08x) in interrupt handling code (MSR[RI]=0) "
                  "after the %s interrupt from 0x%08x: an image built for another core?",
                  interrupt_name(u.kind), u.srr0, h.unrecoverable_word, interrupt_name(h.last_interrupt.kind),
                  h.last_interrupt.srr0);
    return buf;
  }
  const InterruptInfo& i = h.last_interrupt;
  const char* what = interrupt_name(i.kind);
  if (i.kind == Interrupt::Program) {
    what = (i.srr1_bits & SRR1_PROGRAM_ILLEGAL) ? "illegal instruction"
         : (i.srr1_bits & SRR1_PROGRAM_PRIV)    ? "privileged instruction"
         : (i.srr1_bits & SRR1_PROGRAM_TRAP)    ? "trap"
         : (i.srr1_bits & SRR1_PROGRAM_FP)      ? "floating-point enabled exception"
                                                : "program interrupt";
  }
  if (i.kind == Interrupt::Storage || i.kind == Interrupt::Alignment)
    std::snprintf(buf, sizeof buf, "unhandled %s interrupt: access to 0x%08x by the instruction at 0x%08x (word 0x%08x)",
                  what, i.dar, i.srr0, h.faulting_word);
  else
    std::snprintf(buf, sizeof buf, "unhandled %s at 0x%08x (word 0x%08x): no handler at vector 0x%08x",
                  what, i.srr0, h.faulting_word, interrupt_vector(0, i.kind));
  return buf;
}

int fault_exit_status(const Hart& h) {
  const InterruptInfo& i = h.unrecoverable ? h.unrecoverable_at : h.last_interrupt;
  switch (i.kind) {
    case Interrupt::Program:
      if (i.srr1_bits & SRR1_PROGRAM_TRAP) return 128 + SIGTRAP;
      if (i.srr1_bits & SRR1_PROGRAM_FP) return 128 + SIGFPE;
      return 128 + SIGILL;
    case Interrupt::Alignment: return 128 + SIGBUS;
    case Interrupt::Storage: case Interrupt::InstructionStorage: return 128 + SIGSEGV;
    default: return 128 + SIGILL;
  }
}

}  // namespace pimnic
