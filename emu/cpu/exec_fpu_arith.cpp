// Floating add, subtract, multiply, divide, square root and reciprocal estimate, double and
// single precision: the host-FPU fast path (cpu/fpu_fast.h), else the exact path.
#include "cpu/fpu_exec.h"
#include "cpu/fpu_fast.h"

namespace pimnic {

namespace {

using namespace fpu;

// The fast path once the approximation is known: result, FPSCR, CR1.
template <Op K, bool Single>
inline Status finish(Hart& h, uint32_t w, const Approx& x) {
  uint32_t f = h.fpscr;
  if (x.ok && fast_mode(f)) [[likely]] {
    uint64_t v;
    bool done = true;
    if constexpr (Single) done = finish_single(x, f, false, v);
    else v = finish_double(x, f, false);
    if (done) [[likely]] {
      h.fpscr = f;
      h.fpr[rt(w)] = v;
      if (rc_bit(w)) set_cr1(h);
      return Status::Ok;
    }
  }
  return arith_exact(h, w, K, Single);
}

// Add and subtract need no FMA: always inline, on every host.
template <Op K, bool Single>
inline Status add_sub(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  const double a = as_double(h.fpr[ra(w)]), b = as_double(h.fpr[rb(w)]);
  return finish<K, Single>(h, w, add_approx(a, K == Op::Sub ? -b : b));
}

template <Op K, bool Single>
PIMNIC_FPU_FAST Status fast(Hart& h, uint32_t w) {
  const double a = as_double(h.fpr[ra(w)]), b = as_double(h.fpr[rb(w)]);
  Approx x;
  if constexpr (K == Op::Mul) x = mul_approx(a, as_double(h.fpr[rc(w)]));
  else if constexpr (K == Op::Div) x = div_approx(a, b);
  else if constexpr (K == Op::Recip) x = div_approx(1.0, b);
  else x = sqrt_approx(b);
  return finish<K, Single>(h, w, x);
}

template <Op K, bool Single>
inline Status run(Hart& h, uint32_t w) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  if (host_fma) [[likely]] return fast<K, Single>(h, w);
  return arith_exact(h, w, K, Single);
}

}  // namespace

Status exec_fadd(Hart& h, uint32_t w) { return add_sub<Op::Add, false>(h, w); }
Status exec_fadds(Hart& h, uint32_t w) { return add_sub<Op::Add, true>(h, w); }
Status exec_fsub(Hart& h, uint32_t w) { return add_sub<Op::Sub, false>(h, w); }
Status exec_fsubs(Hart& h, uint32_t w) { return add_sub<Op::Sub, true>(h, w); }
Status exec_fmul(Hart& h, uint32_t w) { return run<Op::Mul, false>(h, w); }
Status exec_fmuls(Hart& h, uint32_t w) { return run<Op::Mul, true>(h, w); }
Status exec_fdiv(Hart& h, uint32_t w) { return run<Op::Div, false>(h, w); }
Status exec_fdivs(Hart& h, uint32_t w) { return run<Op::Div, true>(h, w); }
Status exec_fsqrt(Hart& h, uint32_t w) { return run<Op::Sqrt, false>(h, w); }
Status exec_fsqrts(Hart& h, uint32_t w) { return run<Op::Sqrt, true>(h, w); }
Status exec_fres(Hart& h, uint32_t w) { return run<Op::Recip, true>(h, w); }

}  // namespace pimnic
