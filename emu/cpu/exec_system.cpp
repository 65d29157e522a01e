// Special-purpose registers, time base, MSR, rfi, sc and barriers: the supervisor subset.
// Which SPRs exist, and on which cores, is isa/spr_table.h; see docs/isa/interrupts.md.
#include "cpu/core.h"
#include "cpu/exec_common.h"
#include "cpu/fpu_bits.h"
#include "cpu/spr_registers.h"

namespace pimnic {

namespace {

// The MSR bits a core implements; the rest read as 0. pimnic is big-endian only (LE, ILE stay 0)
// and MSR[VEC] exists only on vector cores.
uint32_t msr_writable(const Hart& h) {
  uint32_t m = MSR_POW | MSR_EE | MSR_PR | MSR_FP | MSR_ME | MSR_FE0 | MSR_SE | MSR_BE | MSR_FE1 |
               MSR_IP | MSR_IR | MSR_DR | MSR_RI;
  if (h.vec_bytes()) m |= MSR_VEC;
  return m;
}

// Privilege first (SPR number bit 0x10 in problem state, the architecture's rule), then whether
// this core has the register with that access (the 7400 fully decodes the SPR field).
const SprDef* spr_access(Hart& h, uint32_t n, uint8_t access, Status& fail) {
  if ((n & 0x10) && (h.msr & MSR_PR)) {
    fail = h.raise_privileged();
    return nullptr;
  }
  const SprDef* d = find_spr(n, h.core().config().features);
  if (!d || !(d->access & access)) {
    fail = h.raise_illegal();
    return nullptr;
  }
  return d;
}

// After an MSR or DEC change: end the run slice with this instruction, so that the run loop's
// outer pass re-evaluates interrupts, the timer and the wait state before the next one (any
// dispatcher stops at icount_limit; a Jump alone may be followed without returning).
Status end_slice(Hart& h, uint32_t next_pc) {
  if (h.icount_limit > h.icount + 1) h.icount_limit = h.icount + 1;
  h.pc = next_pc;
  return Status::Jump;
}
Status reevaluate(Hart& h) { return end_slice(h, h.pc + 4); }

// A new MSR that enables floating-point exceptions (FE0|FE1) while FPSCR[FEX] is already set
// takes the enabled-exception program interrupt at once, with SRR0 at the next instruction
// (SRR1 says so) — the architecture's rule for mtmsr and rfi.
Status msr_changed(Hart& h, uint32_t old_msr, uint32_t next_pc) {
  h.ri_used |= (h.msr & MSR_RI) != 0;
  bool enables = !(old_msr & (MSR_FE0 | MSR_FE1)) && (h.msr & (MSR_FE0 | MSR_FE1));
  if (enables && (h.fpscr & fpu::FEX))
    return h.raise({Interrupt::Program, next_pc, SRR1_PROGRAM_FP | SRR1_PROGRAM_NEXT});
  return end_slice(h, next_pc);
}

}  // namespace

Status exec_mfspr(Hart& h, uint32_t w) {
  uint32_t n = spr(w);
  // Fast path: compiled code moves LR and CTR in every call.
  if (n == 8) return h.gpr[rt(w)] = h.lr, Status::Ok;
  if (n == 9) return h.gpr[rt(w)] = h.ctr, Status::Ok;
  Status fail;
  const SprDef* d = spr_access(h, n, SPR_READ, fail);
  if (!d) return fail;
  h.gpr[rt(w)] = spr_value(h, *d);
  return Status::Ok;
}

Status exec_mtspr(Hart& h, uint32_t w) {
  uint32_t n = spr(w);
  uint32_t v = h.gpr[rt(w)];
  if (n == 8) return h.lr = v, Status::Ok;
  if (n == 9) return h.ctr = v, Status::Ok;
  Status fail;
  const SprDef* d = spr_access(h, n, SPR_WRITE, fail);
  if (!d) return fail;
  return write_spr(h, *d, v) ? reevaluate(h) : Status::Ok;
}

// mftb takes only the two time-base numbers; anything else is an invalid form (illegal).
Status exec_mftb(Hart& h, uint32_t w) {
  switch (spr(w)) {
    case 268: h.gpr[rt(w)] = uint32_t(h.timebase()); return Status::Ok;
    case 269: h.gpr[rt(w)] = uint32_t(h.timebase() >> 32); return Status::Ok;
    default: return h.raise_illegal();
  }
}

Status exec_mfmsr(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  h.gpr[rt(w)] = h.msr;
  return Status::Ok;
}

Status exec_mtmsr(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  uint32_t old = h.msr;
  h.msr = h.gpr[rt(w)] & msr_writable(h);
  return msr_changed(h, old, h.pc + 4);  // MSR[EE] may have just enabled a pending interrupt
}

Status exec_rfi(Hart& h, uint32_t) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  uint32_t old = h.msr;
  h.msr = (h.msr & ~MSR_SAVED_IN_SRR1) | (h.srr1 & MSR_SAVED_IN_SRR1 & msr_writable(h));
  return msr_changed(h, old, h.srr0 & ~3u);
}

Status exec_sc(Hart& h, uint32_t) {
  return h.raise({Interrupt::SystemCall, h.pc + 4});
}

// Barriers order memory accesses; the functional model performs each access in program order,
// so they only matter to timing models (F_SERIALIZE).
Status exec_sync(Hart&, uint32_t) { return Status::Ok; }
Status exec_isync(Hart&, uint32_t) { return Status::Ok; }
Status exec_eieio(Hart&, uint32_t) { return Status::Ok; }

}  // namespace pimnic
