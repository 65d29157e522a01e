// Interrupts that are not system calls become signals, as the kernel's handlers would make them:
// the mapping is in docs/linux-mode.md. mfspr PVR is emulated and unaligned accesses are fixed
// up (alignment_fixup.cpp) as Linux does.
#include <cstdio>

#include "linux/process.h"

namespace pimnic::linux_user {

namespace {
std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}
}  // namespace

Status LinuxProcess::fault(Hart& h, const InterruptInfo& info) {
  uint32_t word = 0;
  read_u32(info.srr0, word);
  std::string where = hex32(info.srr0);
  std::string sym = image_->symbols.describe(info.srr0);
  if (!sym.empty()) where += " (" + sym + ")";
  int sig = 4;
  std::string msg;
  switch (info.kind) {
    case Interrupt::Program:
      if (info.srr1_bits & SRR1_PROGRAM_TRAP) {
        sig = 5;
        msg = "trap instruction " + hex32(word) + " at " + where;
      } else if (info.srr1_bits & SRR1_PROGRAM_FP) {
        sig = 8;
        msg = "floating-point exception at " + where;
      } else if (info.srr1_bits & SRR1_PROGRAM_PRIV) {
        // Linux emulates mfpvr for user programs.
        if ((word & 0xFC1FFFFEu) == 0x7C1F42A6u) {
          h.gpr[(word >> 21) & 31] = h.pvr;
          h.pc = info.srr0 + 4;
          return Status::Jump;
        }
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
      sig = 7;
      msg = "unaligned access to " + hex32(info.dar) + " by " + hex32(word) + " at " + where;
      break;
    case Interrupt::Storage:
      sig = 11;
      msg = "segmentation fault: " + std::string((info.dsisr & DSISR_STORE) ? "write to " : "read from ") +
            hex32(info.dar) + " by " + hex32(word) + " at " + where;
      break;
    case Interrupt::InstructionStorage:
      sig = 11;
      msg = "segmentation fault: instruction fetch from " + where;
      break;
    case Interrupt::Trace:
      sig = 5;
      msg = "trace interrupt at " + where;
      break;
    default:
      msg = std::string("unexpected ") + interrupt_name(info.kind) + " interrupt at " + where;
      break;
  }
  h.pc = info.srr0;
  if (on_fatal_fault && on_fatal_fault(h, sig, msg + " (" + signal_name(sig) + ")")) {
    h.stop_reason = StopReason::Fault;
    return Status::Stop;
  }
  terminate_by_signal(sig, msg + " (" + signal_name(sig) + ")");
  h.stop_reason = StopReason::Exit;
  return Status::Stop;
}

}  // namespace pimnic::linux_user
