#include "cpu/interrupts.h"

#include "cpu/hart.h"
#include "isa/fields.h"

namespace pimnic {

const char* interrupt_name(Interrupt k) {
  switch (k) {
    case Interrupt::SystemReset: return "system reset";
    case Interrupt::MachineCheck: return "machine check";
    case Interrupt::Storage: return "storage (DSI)";
    case Interrupt::InstructionStorage: return "instruction storage (ISI)";
    case Interrupt::External: return "external";
    case Interrupt::Alignment: return "alignment";
    case Interrupt::Program: return "program";
    case Interrupt::FpUnavailable: return "floating-point unavailable";
    case Interrupt::Decrementer: return "decrementer";
    case Interrupt::SystemCall: return "system call";
    case Interrupt::Trace: return "trace";
    case Interrupt::VecUnavailable: return "vector unavailable";
  }
  return "unknown";
}

bool Environment::wakes_itself(const Hart& h) const { return (h.msr & MSR_POW) && (h.msr & MSR_EE); }

uint32_t interrupt_vector(uint32_t msr, Interrupt k) {
  return ((msr & MSR_IP) ? 0xFFF00000u : 0u) | uint32_t(k);
}

// The 7400 (like every classic 32-bit PowerPC) describes the instruction that took an alignment
// interrupt in DSISR, so a handler can emulate it without decoding the word itself:
//   bits 15-16  X form: instruction bits 29-30          D form: 0
//   bit  17     X form: instruction bit 25               D form: instruction bit 5
//   bits 18-21  X form: instruction bits 21-24           D form: instruction bits 1-4
//   bits 22-26  instruction bits 6-10 (rT/rS/frT/frS)
//   bits 27-31  instruction bits 11-15 (rA)
// In 32-bit PowerPC every indexed (X-form) load/store has primary opcode 31.
uint32_t alignment_dsisr(uint32_t w) {
  using isa::field;
  uint32_t d = 0;
  if (isa::opcd(w) == 31)
    d = field(w, 29, 30) << 15 | field(w, 25, 25) << 14 | field(w, 21, 24) << 10;
  else
    d = field(w, 5, 5) << 14 | field(w, 1, 4) << 10;
  return d | field(w, 6, 10) << 5 | field(w, 11, 15);
}

uint32_t exception_syndrome(const InterruptInfo& info) {
  switch (info.kind) {
    case Interrupt::Program:
      return ((info.srr1_bits & SRR1_PROGRAM_ILLEGAL) ? ESR_PIL : 0) |
             ((info.srr1_bits & SRR1_PROGRAM_PRIV) ? ESR_PPR : 0) |
             ((info.srr1_bits & SRR1_PROGRAM_TRAP) ? ESR_PTR : 0) |
             ((info.srr1_bits & SRR1_PROGRAM_FP) ? ESR_FP : 0);
    case Interrupt::Storage:
      return (info.dsisr & DSISR_STORE) ? ESR_ST : 0;
    case Interrupt::Alignment:
      return (info.dsisr & DSISR_STORE) ? ESR_ST : 0;
    default:
      return 0;
  }
}

// MSR bits that survive taking an interrupt; everything else (EE, PR, FP, FE0, FE1, SE, BE, IR,
// DR, RI, VEC, POW) is cleared. pimnic is big-endian only, so LE stays 0 (= ILE, also 0).
static constexpr uint32_t kMsrKept = MSR_IP | MSR_ME | MSR_ILE;

isa::Status deliver_interrupt(Hart& h, const InterruptInfo& info) {
  // A fault inside the vector of the interrupt just taken means nothing handles it.
  uint32_t vec = interrupt_vector(h.msr, info.kind);
  bool sync = info.kind != Interrupt::External && info.kind != Interrupt::Decrementer;
  if (sync && info.srr0 - vec < 0x100 && h.last_interrupt.kind == info.kind) {
    h.double_fault = true;
    h.pc = info.srr0;
    return isa::Status::Stop;
  }
  // Interrupt handling code that faults before SRR0/SRR1 are safe would loop for ever.
  if (sync && h.ri_used && !(h.msr & MSR_RI)) {
    h.double_fault = h.unrecoverable = true;
    h.unrecoverable_at = info;
    h.mem().read_bytes(info.srr0 & ~3u, &h.unrecoverable_word, 4);
    h.unrecoverable_word = __builtin_bswap32(h.unrecoverable_word);
    h.pc = info.srr0;
    return isa::Status::Stop;
  }
  h.last_interrupt = info;
  h.faulting_word = 0;
  h.mem().read_bytes(info.srr0 & ~3u, &h.faulting_word, 4);
  h.faulting_word = __builtin_bswap32(h.faulting_word);
  h.srr0 = info.srr0;
  h.srr1 = (h.msr & MSR_SAVED_IN_SRR1) | info.srr1_bits;
  if (info.kind == Interrupt::Storage) {
    h.dar = info.dar;
    h.dsisr = info.dsisr;
  } else if (info.kind == Interrupt::Alignment) {
    // The access direction is not part of the 7400's alignment DSISR; the word tells it.
    h.dar = info.dar;
    h.dsisr = alignment_dsisr(h.faulting_word);
  }
  if (info.kind == Interrupt::Program || info.kind == Interrupt::Storage ||
      info.kind == Interrupt::Alignment)
    h.esr = exception_syndrome(info);
  h.msr &= kMsrKept;
  h.pc = vec;
  return isa::Status::Jump;
}

}  // namespace pimnic
