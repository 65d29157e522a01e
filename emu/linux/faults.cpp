// Interrupts that are not system calls become signals, as the kernel's handlers would make them
// (si_code and si_addr included): the mapping is in docs/linux-mode.md. mfspr PVR is emulated and
// unaligned accesses are fixed up (alignment_fixup.cpp) as Linux does.
#include <cstdio>

#include "cpu/fpu_bits.h"
#include "isa/disasm.h"
#include "linux/process.h"

namespace pimnic::linux_user {

namespace {
constexpr uint32_t kDsisrProtection = 1u << 27;  // DSISR bit 4: a protection violation

// The kernel's parse_fpe: which enabled exception the FPSCR shows, in its order of precedence.
int fp_exception_code(uint32_t f) {
  using namespace fpu;
  if ((f & VE) && (f & VX)) return G_FPE_FLTINV;
  if ((f & OE) && (f & OX)) return G_FPE_FLTOVF;
  if ((f & UE) && (f & UX)) return G_FPE_FLTUND;
  if ((f & ZE) && (f & ZX)) return G_FPE_FLTDIV;
  if ((f & XE) && (f & XX)) return G_FPE_FLTRES;
  return G_FPE_FLTUNK;
}
}  // namespace

Status LinuxProcess::fault(Hart& h, const InterruptInfo& info) {
  uint32_t word = 0;
  read_u32(info.srr0, word);
  // What a data fault's instruction was, as text ("stw r10, 0(r9)"): a bare word would read as a
  // second address next to the one the fault is about.
  const std::string insn = "`" + isa::disassemble(h.core().decoder(), word, info.srr0) + "`";
  std::string where = hex32(info.srr0);
  std::string sym = image_->symbols.describe(info.srr0);
  if (!sym.empty()) where += " (" + sym + ")";
  int sig = G_SIGILL, code = G_ILL_ILLOPC;
  uint32_t addr = info.srr0;  // si_addr: the instruction, or the data address of a data fault
  frame::TrapContext trap{uint32_t(info.kind)};
  std::string msg;
  switch (info.kind) {
    case Interrupt::Program:
      if (info.srr1_bits & SRR1_PROGRAM_TRAP) {
        sig = G_SIGTRAP;
        code = G_TRAP_BRKPT;
        msg = "trap instruction " + hex32(word) + " at " + where;
      } else if (info.srr1_bits & SRR1_PROGRAM_FP) {
        sig = G_SIGFPE;
        code = fp_exception_code(h.fpscr);
        msg = "floating-point exception at " + where;
      } else if (info.srr1_bits & SRR1_PROGRAM_PRIV) {
        // Linux emulates mfpvr for user programs.
        if ((word & 0xFC1FFFFEu) == 0x7C1F42A6u) {
          h.gpr[(word >> 21) & 31] = h.pvr;
          h.pc = info.srr0 + 4;
          return Status::Jump;
        }
        code = G_ILL_PRVOPC;
        msg = "privileged instruction " + hex32(word) + " at " + where;
      } else {
        msg = "illegal instruction " + hex32(word) + " at " + where;
      }
      break;
    case Interrupt::Alignment:
      if (fix_alignment(h, info)) return stopping_ ? Status::Stop : Status::Jump;
      if (stopping_) {
        h.stop_reason = StopReason::Exit;
        return Status::Stop;
      }
      sig = G_SIGBUS;
      code = G_BUS_ADRALN;
      addr = trap.dar = info.dar;
      trap.dsisr = info.dsisr;
      msg = "unaligned access to " + hex32(info.dar) + " by " + insn + " at " + where;
      break;
    case Interrupt::Storage:
      sig = G_SIGSEGV;
      code = (info.dsisr & kDsisrProtection) ? G_SEGV_ACCERR : G_SEGV_MAPERR;
      addr = trap.dar = info.dar;
      trap.dsisr = info.dsisr;
      msg = "segmentation fault: " + std::string((info.dsisr & DSISR_STORE) ? "write to " : "read from ") +
            hex32(info.dar) + " by " + insn + " at " + where;
      break;
    case Interrupt::InstructionStorage:
      sig = G_SIGSEGV;
      code = G_SEGV_MAPERR;
      trap.dar = info.srr0;
      trap.dsisr = info.srr1_bits;
      msg = "segmentation fault: instruction fetch from " + where;
      break;
    case Interrupt::Trace:
      sig = G_SIGTRAP;
      code = G_TRAP_TRACE;
      msg = "trace interrupt at " + where;
      break;
    default:
      msg = std::string("unexpected ") + interrupt_name(info.kind) + " interrupt at " + where;
      break;
  }
  h.pc = info.srr0;
  return force_fault_signal(h, SigInfo::fault(sig, code, addr, msg + " (" + signal_name(sig) + ")"), trap);
}

}  // namespace pimnic::linux_user
