// Register moves and sign operations (fmr, fneg, fabs, fnabs: bits only, FPSCR untouched),
// fsel, and the compares fcmpu/fcmpo.
#include "cpu/fpu_exec.h"

namespace pimnic {

using namespace fpu;

namespace {

template <typename F>
inline Status move(Hart& h, uint32_t w, F op) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  h.fpr[rt(w)] = op(h.fpr[rb(w)]);
  if (rc_bit(w)) set_cr1(h);
  return Status::Ok;
}

// FPCC and CR field BF from the comparison; VXSNAN for a signalling NaN; fcmpo also VXVC for
// any NaN, except an SNaN with VE = 1 (Book I, fcmpo). C, FR and FI are left alone.
Status compare(Hart& h, uint32_t w, bool ordered) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  const uint64_t a = h.fpr[ra(w)], b = h.fpr[rb(w)];
  const uint32_t old = h.fpscr;
  uint32_t cc, raised = 0;
  if (is_nan(a) || is_nan(b)) [[unlikely]] {
    cc = 1;
    const bool snan = is_snan(a) || is_snan(b);
    if (snan) raised |= VXSNAN;
    if (ordered && !(snan && (old & VE))) raised |= VXVC;
  } else {
    const double x = as_double(a), y = as_double(b);
    cc = x < y ? 8 : x > y ? 4 : 2;
  }
  h.set_cr_field(crfd(w), cc);
  uint32_t f = (old & ~FPCC) | cc << FPRF_SHIFT;
  if (raised) [[unlikely]] {
    f |= raised;
    if (raised & ~old) f |= FX;
    f = with_summaries(f);
    h.fpscr = f;
    if (any_enabled(raised, f) && fp_traps_enabled(h)) return h.raise_program(SRR1_PROGRAM_FP);
    return Status::Ok;
  }
  h.fpscr = f;
  return Status::Ok;
}

}  // namespace

Status exec_fmr(Hart& h, uint32_t w) { return move(h, w, [](uint64_t v) { return v; }); }
Status exec_fneg(Hart& h, uint32_t w) { return move(h, w, [](uint64_t v) { return v ^ SIGN; }); }
Status exec_fabs(Hart& h, uint32_t w) { return move(h, w, [](uint64_t v) { return v & ~SIGN; }); }
Status exec_fnabs(Hart& h, uint32_t w) { return move(h, w, [](uint64_t v) { return v | SIGN; }); }

// frT = frA >= 0 ? frC : frB, with -0 >= 0 and NaNs failing; no exceptions.
Status exec_fsel(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  h.fpr[rt(w)] = as_double(h.fpr[ra(w)]) >= 0.0 ? h.fpr[rc(w)] : h.fpr[rb(w)];
  if (rc_bit(w)) set_cr1(h);
  return Status::Ok;
}

Status exec_fcmpu(Hart& h, uint32_t w) { return compare(h, w, false); }
Status exec_fcmpo(Hart& h, uint32_t w) { return compare(h, w, true); }

}  // namespace pimnic
