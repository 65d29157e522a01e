// Floating multiply-add family: frA * frC + frB, with the product subtracted from and the result
// negated (after rounding, as the architecture says) for fmsub, fnmadd, fnmsub.
#include "cpu/fpu_exec.h"
#include "cpu/fpu_fast.h"

namespace pimnic {

namespace {

using namespace fpu;

template <Op K, bool Single>
PIMNIC_FPU_FAST Status fast(Hart& h, uint32_t w) {
  constexpr bool subtract = K == Op::MulSub || K == Op::NegMulSub;
  constexpr bool negate = K == Op::NegMulAdd || K == Op::NegMulSub;
  const double a = as_double(h.fpr[ra(w)]), c = as_double(h.fpr[rc(w)]);
  const double b = as_double(h.fpr[rb(w)]);
  const Approx x = fma_approx(a, c, subtract ? -b : b);
  uint32_t f = h.fpscr;
  if (x.ok && fast_mode(f)) [[likely]] {
    uint64_t v;
    bool done = true;
    if constexpr (Single) done = finish_single(x, f, negate, v);
    else v = finish_double(x, f, negate);
    if (done) [[likely]] {
      h.fpscr = f;
      h.fpr[rt(w)] = v;
      if (rc_bit(w)) set_cr1(h);
      return Status::Ok;
    }
  }
  return arith_exact(h, w, K, Single);
}

template <Op K, bool Single>
inline Status run(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  if (host_fma) [[likely]] return fast<K, Single>(h, w);
  return arith_exact(h, w, K, Single);
}

}  // namespace

Status exec_fmadd(Hart& h, uint32_t w) { return run<Op::MulAdd, false>(h, w); }
Status exec_fmadds(Hart& h, uint32_t w) { return run<Op::MulAdd, true>(h, w); }
Status exec_fmsub(Hart& h, uint32_t w) { return run<Op::MulSub, false>(h, w); }
Status exec_fmsubs(Hart& h, uint32_t w) { return run<Op::MulSub, true>(h, w); }
Status exec_fnmadd(Hart& h, uint32_t w) { return run<Op::NegMulAdd, false>(h, w); }
Status exec_fnmadds(Hart& h, uint32_t w) { return run<Op::NegMulAdd, true>(h, w); }
Status exec_fnmsub(Hart& h, uint32_t w) { return run<Op::NegMulSub, false>(h, w); }
Status exec_fnmsubs(Hart& h, uint32_t w) { return run<Op::NegMulSub, true>(h, w); }

}  // namespace pimnic
