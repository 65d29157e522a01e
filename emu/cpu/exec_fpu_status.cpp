// FPSCR moves: mffs, mtfsf, mtfsfi, mtfsb0, mtfsb1, mcrfs. FEX and VX are never written
// directly: they are recomputed from the other bits after every change. A move that leaves an
// enabled exception pending (FEX = 1) takes the program interrupt when MSR[FE0,FE1] allows.
#include "cpu/fpu_exec.h"

namespace pimnic {

using namespace fpu;

namespace {

// FPSCR field n (0 = most significant nibble) as a mask.
constexpr uint32_t field_bits(unsigned n) { return 0xF0000000u >> (4 * n); }

// The new FPSCR, then CR1 if Rc (before a pending enabled exception interrupts, as in qemu).
Status written(Hart& h, uint32_t w, uint32_t f) {
  h.fpscr = with_summaries(f);
  if (rc_bit(w)) set_cr1(h);
  if ((h.fpscr & FEX) && fp_traps_enabled(h)) return h.raise_program(SRR1_PROGRAM_FP);
  return Status::Ok;
}

}  // namespace

// FRT = FPSCR in the low word; the high word is zero, as in qemu (undefined in the books). The
// reserved bits 11-20 are ignored, so POWER9's mffsce/mffscrn/mffscrni/mffsl run as mffs.
Status exec_mffs(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  h.fpr[rt(w)] = h.fpscr;
  if (rc_bit(w)) set_cr1(h);
  return Status::Ok;
}

// Fields selected by FLM take the low word of frB; FX may be set or cleared this way.
Status exec_mtfsf(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  uint32_t mask = 0;
  for (unsigned i = 0; i < 8; ++i)
    if (fm(w) & (0x80u >> i)) mask |= field_bits(i);
  return written(h, w, (h.fpscr & ~mask) | (uint32_t(h.fpr[rb(w)]) & mask));
}

Status exec_mtfsfi(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  const unsigned bf = crfd(w);
  const uint32_t mask = field_bits(bf), value = (field(w, 16, 19) << 28) >> (4 * bf);
  return written(h, w, (h.fpscr & ~mask) | value);
}

Status exec_mtfsb0(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  return written(h, w, h.fpscr & ~ibm(int(rt(w))));
}

// Setting an exception bit that was clear also sets FX (Book I: every FP instruction but mtfsf
// and mtfsfi does; qemu does not for mtfsb1).
Status exec_mtfsb1(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  const uint32_t bit = ibm(int(rt(w))) & ~(FEX | VX);
  uint32_t f = h.fpscr | bit;
  if (bit & EXCEPTIONS & ~h.fpscr) f |= FX;
  return written(h, w, f);
}

// CR field BF = FPSCR field BFA; the exception bits of that field (not FEX, VX) are cleared.
Status exec_mcrfs(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  const unsigned bfa = crfs(w);
  h.set_cr_field(crfd(w), (h.fpscr >> (28 - 4 * bfa)) & 0xF);
  h.fpscr = with_summaries(h.fpscr & ~(field_bits(bfa) & (FX | EXCEPTIONS)));
  return Status::Ok;
}

}  // namespace pimnic
