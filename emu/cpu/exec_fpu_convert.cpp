// Round to single (frsp), convert to 32-bit integer (fctiw, fctiwz), reciprocal square root
// estimate (frsqrte: qemu's bits, 1/sqrt rounded in two double steps).
#include "cpu/fpu_exec.h"
#include "cpu/fpu_fast.h"

namespace pimnic {

using namespace fpu;

Status exec_frsp(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  uint32_t f = h.fpscr;
  uint64_t v;
  // An exact "error" of zero: rounding a double that lies in the single normal range.
  if (fast_mode(f) && finish_single({as_double(h.fpr[rb(w)]), 0.0, true}, f, false, v)) [[likely]] {
    h.fpscr = f;
    h.fpr[rt(w)] = v;
    if (rc_bit(w)) set_cr1(h);
    return Status::Ok;
  }
  return arith_exact(h, w, Op::Round, true);
}

namespace {

// |frB| < 2^31 converts without overflow unless it rounds up to 2^31; truncation (fctiwz) or
// round-to-nearest-even (fctiw with RN = 0) then follow from the host's conversions. FPRF is
// left alone.
template <bool ToZero>
Status to_int(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  const uint64_t bits = h.fpr[rb(w)];
  uint32_t f = h.fpscr;
  if (biased_exp(bits) < 1023 + 31 && fast_mode(f) && (ToZero || (f & RN) == RoundNearest))
      [[likely]] {
    const double d = as_double(bits);
    double r;
    if constexpr (ToZero) {
      r = double(int32_t(d));
    } else {
      constexpr double kMagic = 6755399441055744.0;  // 1.5 * 2^52: adding it rounds to integer
      r = d < 0 ? -((-d + kMagic) - kMagic) : (d + kMagic) - kMagic;
    }
    if (r > 2147483647.0) [[unlikely]]  // rounded up to 2^31: invalid
      return commit(h, w, rt(w), convert_to_int32(bits, ToZero, f));
    const bool inexact = r != d, fr = std::fabs(r) > std::fabs(d);
    f &= ~(FR | FI);
    if (fr) f |= FR;
    if (inexact) f |= FI | XX | ((f & XX) ? 0 : FX);
    h.fpscr = f;
    h.fpr[rt(w)] = uint64_t(int64_t(int32_t(r)));
    if (rc_bit(w)) set_cr1(h);
    return Status::Ok;
  }
  return commit(h, w, rt(w), convert_to_int32(bits, ToZero, f));
}

}  // namespace

Status exec_fctiw(Hart& h, uint32_t w) { return to_int<false>(h, w); }
Status exec_fctiwz(Hart& h, uint32_t w) { return to_int<true>(h, w); }

Status exec_frsqrte(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  return arith_exact(h, w, Op::RSqrt, false);
}

}  // namespace pimnic
