// The FPU fast path: the host FPU computes the round-to-nearest result and an exact error term
// (TwoSum, FMA residuals, Boldo-Muller's ErrFma), and the sign of that error gives everything
// else: the other three rounding modes (step one unit toward or away from zero), FR, FI and XX,
// and round-to-odd for single-precision results (no double rounding). The host stays in its
// default mode (round to nearest, no traps, no DAZ/FTZ), so nothing here touches MXCSR: other
// host code that changes MXCSR must restore it before guest code runs again.
//
// Used only when the answer is certain: operands and result well inside the normal range (no
// overflow, underflow, NaN, infinity or zero result), FPSCR[NI] = FPSCR[XE] = 0. Everything else
// goes to the exact path (cpu/fpu_exact.h).
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

#include "cpu/fpu_bits.h"

// Fast-path functions use the host's fused multiply-add; on x86 they are compiled for FMA and
// called only when the CPU has it (fpu::host_fma).
#if defined(__x86_64__) || defined(__i386__)
#define PIMNIC_FPU_FAST __attribute__((target("fma"), noinline))
#define PIMNIC_FPU_FAST_INLINE __attribute__((target("fma"), always_inline)) inline
#else
#define PIMNIC_FPU_FAST __attribute__((noinline))
#define PIMNIC_FPU_FAST_INLINE __attribute__((always_inline)) inline
#endif

namespace pimnic::fpu {

extern const bool host_fma;

// A round-to-nearest result r and the sign of (exact - r): err is zero iff r is exact, otherwise
// its sign bit is the sign of the difference. ok: the error is known to be exact.
struct Approx {
  double r;
  double err;
  bool ok;
};

// Biased exponent of d within [lo, hi].
inline bool exp_in(double d, uint32_t lo, uint32_t hi) { return biased_exp(as_bits(d)) - lo <= hi - lo; }

// (No FMA here: add and subtract need no target and can inline anywhere.)
inline Approx add_approx(double a, double b) {
  double s = a + b, bb = s - a;
  double err = (a - (s - bb)) + (b - bb);  // TwoSum: exact for any finite a, b
  return {s, err, exp_in(s, 2, 2045)};
}

PIMNIC_FPU_FAST_INLINE Approx mul_approx(double a, double c) {
  double p = a * c;
  // Exact while the product's low half stays above the denormal range.
  return {p, std::fma(a, c, -p), exp_in(p, 64, 2045)};
}

PIMNIC_FPU_FAST_INLINE Approx div_approx(double a, double b) {
  double q = a / b;
  double rem = std::fma(-q, b, a);  // a - q*b exactly (a not tiny, b normal)
  double err = as_double(as_bits(rem) ^ (as_bits(b) & SIGN));
  return {q, err, exp_in(q, 2, 2045) && exp_in(a, 64, 2046) && exp_in(b, 1, 2046)};
}

PIMNIC_FPU_FAST_INLINE Approx sqrt_approx(double b) {
  double r = std::sqrt(b);
  return {r, std::fma(-r, r, b), !sign_of(as_bits(b)) && exp_in(b, 64, 2046)};
}

// a*c + b: Boldo & Muller's ErrFma (2011) gives the error as r2 + r3 with |r3| <= ulp(r2)/2; the
// sign of r2 = RN(gamma + alpha2) is its sign (zero only when the error is zero).
PIMNIC_FPU_FAST_INLINE Approx fma_approx(double a, double c, double b) {
  double r = std::fma(a, c, b);
  double u1 = a * c, u2 = std::fma(a, c, -u1);
  double a1 = b + u2, t1 = a1 - b;
  double z1 = (b - (a1 - t1)) + (u2 - t1);
  double b1 = u1 + a1, t2 = b1 - u1;
  double b2 = (u1 - (b1 - t2)) + (a1 - t2);
  double g = (b1 - r) + b2;
  return {r, g + z1, exp_in(r, 64, 2045) && exp_in(u1, 64, 2045) && exp_in(b, 0, 2046)};
}

// What a normal result sets, indexed by sign | FR << 1 | FI << 2 | old XX << 3: FPRF, FR, FI,
// and for an inexact result XX, plus FX when XX was clear (its first setting).
inline constexpr auto kNormalStatus = [] {
  std::array<uint32_t, 16> t{};
  for (unsigned i = 0; i < 16; ++i) {
    uint32_t n = fprf(i & 1 ? CLASS_NNORM : CLASS_PNORM);
    if (i & 2) n |= FR;
    if (i & 4) n |= FI | XX | (i & 8 ? 0 : FX);
    t[i] = n;
  }
  return t;
}();

// The FPSCR after a normal result (sign neg) given the old FPSCR f.
inline uint32_t normal_status(uint32_t f, bool neg, bool fr, bool fi) {
  unsigned i = unsigned(neg) | unsigned(fr) << 1 | unsigned(fi) << 2 | ((f & XX) ? 8u : 0u);
  return (f & ~RESULT_STATUS) | kNormalStatus[i];
}

// err's bits say all: nonzero magnitude = inexact, sign = direction of the exact value.
inline bool inexact_of(const Approx& x) { return (as_bits(x.err) << 1) != 0; }
// |exact| > |r|: the error has r's sign.
inline bool away_of(const Approx& x) { return !((as_bits(x.err) ^ as_bits(x.r)) >> 63); }

// Double-precision result bits from an Approx under FPSCR f; updates f. negate: fnmadd/fnmsub.
inline uint64_t finish_double(const Approx& x, uint32_t& f, bool negate) {
  uint64_t rb = as_bits(x.r);
  const bool neg = sign_of(rb), inexact = inexact_of(x), away = away_of(x);
  bool fr = inexact && !away;
  if ((f & RN) != RoundNearest && inexact) [[unlikely]] {
    uint64_t trunc = away ? rb : rb - 1;  // the neighbour toward zero (same sign, still normal)
    uint32_t mode = f & RN;
    fr = (mode == RoundUp && !neg) || (mode == RoundDown && neg);
    rb = trunc + fr;
  }
  if (negate) rb ^= SIGN;
  f = normal_status(f, sign_of(rb), fr, inexact);
  return rb;
}

// Single-precision result bits (in double format) from an Approx: round to odd in double, then
// to 24 bits. false if the result is not safely inside the single normal range.
inline bool finish_single(const Approx& x, uint32_t& f, bool negate, uint64_t& out) {
  uint64_t rb = as_bits(x.r);
  const bool neg = sign_of(rb);
  if (inexact_of(x)) rb = (away_of(x) ? rb : rb - 1) | 1;  // truncate, then a sticky lowest bit
  const uint64_t low = rb & 0x1FFFFFFF, trunc = rb - low, half = 0x10000000;
  const bool inexact = low != 0;
  bool inc;
  switch (f & RN) {
    case RoundNearest: inc = low > half || (low == half && (trunc & 0x20000000)); break;
    case RoundZero: inc = false; break;
    case RoundUp: inc = inexact && !neg; break;
    default: inc = inexact && neg; break;
  }
  uint64_t res = trunc + (inc ? 0x20000000ull : 0);
  if (biased_exp(res) - 898u > 1149u - 898u) return false;  // beyond [2^-125, 2^127)
  if (negate) res ^= SIGN;
  f = normal_status(f, sign_of(res), inc, inexact);
  out = res;
  return true;
}

// FPSCR settings the fast path cannot follow: non-IEEE mode, enabled inexact traps.
inline bool fast_mode(uint32_t f) { return !(f & (NI | XE)); }

}  // namespace pimnic::fpu
