// Out-of-line FPU support: host feature detection, the FP-unavailable interrupt, and committing
// exact-path outcomes.
#include "cpu/fpu_exec.h"
#include "cpu/fpu_fast.h"

namespace pimnic::fpu {

#if defined(__x86_64__) || defined(__i386__)
const bool host_fma = (__builtin_cpu_init(), __builtin_cpu_supports("fma"));
#else
const bool host_fma = true;
#endif

Status raise_unavailable(Hart& h) { return h.raise({Interrupt::FpUnavailable, h.pc}); }

Status commit(Hart& h, uint32_t w, unsigned frt, const Outcome& o) {
  const uint32_t old = h.fpscr;
  uint32_t f = old | o.raised;
  if (o.raised & ~old & EXCEPTIONS) f |= FX;
  if (o.write) f = (f & ~o.status_mask) | (o.status & o.status_mask);
  f = with_summaries(f);
  h.fpscr = f;
  if (o.write) h.fpr[frt] = o.value;
  if (any_enabled(o.raised, f) && fp_traps_enabled(h)) return h.raise_program(SRR1_PROGRAM_FP);
  if (rc_bit(w)) set_cr1(h);
  return Status::Ok;
}

Status arith_exact(Hart& h, uint32_t w, Op op, bool single) {
  Outcome o = exact(op, single, h.fpr[ra(w)], h.fpr[rb(w)], h.fpr[rc(w)], h.fpscr);
  return commit(h, w, rt(w), o);
}

}  // namespace pimnic::fpu
