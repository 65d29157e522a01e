#include "cpu/interrupts.h"

#include "cpu/hart.h"

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

uint32_t interrupt_vector(uint32_t msr, Interrupt k) {
  return ((msr & MSR_IP) ? 0xFFF00000u : 0u) | uint32_t(k);
}

// MSR bits copied into SRR1 (7400: bits 6, 16-23, 25-27, 30-31).
static constexpr uint32_t kSrr1FromMsr = 0x0200FF73u;
// MSR bits that survive taking an interrupt.
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
  h.last_interrupt = info;
  h.faulting_word = 0;
  h.mem().read_bytes(info.srr0 & ~3u, &h.faulting_word, 4);
  h.faulting_word = __builtin_bswap32(h.faulting_word);
  h.srr0 = info.srr0;
  h.srr1 = (h.msr & kSrr1FromMsr) | info.srr1_bits;
  if (info.kind == Interrupt::Storage || info.kind == Interrupt::Alignment) {
    h.dar = info.dar;
    h.dsisr = info.dsisr;
  }
  if (info.kind == Interrupt::Program) h.esr = info.srr1_bits;
  h.msr &= kMsrKept;
  h.pc = vec;
  return isa::Status::Jump;
}

}  // namespace pimnic
