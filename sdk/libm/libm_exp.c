/* exp, exp2, expm1. The core: x = n ln2/64 + r with |r| <= ln2/128, exp(x) = 2^(n/64) e^r,
 * 2^(j/64) from a table of double-doubles and e^r from its Taylor series (to r^7: the next term
 * is below 2^-75 of the result); the result is kept as a double-double and rounded once. */
#include <math.h>

#include "libm.h"

dd_t __libm_exp_core(dd_t x, int* k) {
  const double shift = 0x1.8p52; /* adding it rounds to an integer (round-to-nearest) */
  const double t = x.hi * (64.0 * __libm_inv_ln2_hi);
  const double n = (t + shift) - shift;
  const int ni = (int)n;
  /* n ln2/64 with ln2/64 cut to 32 bits: n * hi is exact (|n| < 2^17), and x - n * hi too. */
  const dd_t r = dd_fast_two_sum(x.hi - n * __libm_ln2_64_hi, x.lo - n * __libm_ln2_64_lo);
  const double z = r.hi;
  const double p =
      z * z * (0.5 + z * (1.0 / 6 + z * (1.0 / 24 + z * (1.0 / 120 + z * (1.0 / 720 + z * (1.0 / 5040))))));
  const double e = r.hi + (r.lo + p); /* e^r - 1, |e| < 2^-7 */
  const double* tab = __libm_exp2_64[ni & 63];
  *k = (ni - (ni & 63)) / 64;
  return dd_fast_two_sum(tab[0], tab[0] * e + (tab[1] + tab[1] * e));
}

/* Exact scaling (or overflow); a subnormal result is rounded twice (to 53 bits, then to its
 * precision): within 1 ulp there. */
double __libm_scale(dd_t r, int k) { return scalbn(r.hi + r.lo, k); }

/* Beyond these exp overflows or is below half the smallest subnormal. */
#define EXP_OVERFLOW 709.78271289338400
#define EXP_UNDERFLOW -745.13321910194122

double exp(double x) {
  const uint64_t u = __libm_bits(x);
  if (__libm_exponent(u) == 0x7FF) return (u & LIBM_FRAC_MASK) ? x + x : (u & LIBM_SIGN) ? 0.0 : x;
  if (x > EXP_OVERFLOW) return 0x1p1023 * 0x1p1023;     /* +inf, overflow */
  if (x < EXP_UNDERFLOW) return 0x1p-1022 * 0x1p-1022;  /* +0, underflow */
  if (__libm_exponent(u) < 1023 - 54) return 1.0 + x;   /* |x| < 2^-54 */
  const int mode = __libm_enter();
  int k;
  const dd_t r = __libm_exp_core((dd_t){x, 0}, &k);
  const double y = __libm_scale(r, k);
  __libm_leave(mode);
  return y;
}

double exp2(double x) {
  const uint64_t u = __libm_bits(x);
  if (__libm_exponent(u) == 0x7FF) return (u & LIBM_FRAC_MASK) ? x + x : (u & LIBM_SIGN) ? 0.0 : x;
  if (x >= 1024) return 0x1p1023 * 0x1p1023;
  if (x < -1075) return 0x1p-1022 * 0x1p-1022;
  const int mode = __libm_enter();
  double y;
  if (x == (double)(int)x) {
    y = scalbn(1.0, (int)x); /* exact */
  } else {
    int k;
    const dd_t p = dd_two_prod(x, __libm_ln2_hi);
    const dd_t r = __libm_exp_core(dd_fast_two_sum(p.hi, p.lo + x * __libm_ln2_lo), &k);
    y = __libm_scale(r, k);
  }
  __libm_leave(mode);
  return y;
}

double expm1(double x) {
  const uint64_t u = __libm_bits(x);
  if (__libm_exponent(u) == 0x7FF) return (u & LIBM_FRAC_MASK) ? x + x : (u & LIBM_SIGN) ? -1.0 : x;
  if (x > EXP_OVERFLOW) return 0x1p1023 * 0x1p1023;
  if (x < -40) return 0x1p-1022 - 1.0; /* -1, inexact */
  if (__libm_exponent(u) < 1023 - 54) return x;
  const int mode = __libm_enter();
  double y;
  if (fabs(x) < 0.25) { /* Taylor to x^16: the next term is below 2^-75 of the result */
    double p = 1.0 / 20922789888000;
    static const double c[] = {1.0 / 1307674368000, 1.0 / 87178291200, 1.0 / 6227020800, 1.0 / 479001600,
                               1.0 / 39916800,      1.0 / 3628800,     1.0 / 362880,      1.0 / 40320,
                               1.0 / 5040,          1.0 / 720,         1.0 / 120,         1.0 / 24,
                               1.0 / 6,             0.5};
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; ++i) p = c[i] + x * p;
    y = x + x * x * p;
  } else {
    int k;
    const dd_t r = __libm_exp_core((dd_t){x, 0}, &k);
    if (k > 60) {
      y = __libm_scale(r, k);
    } else {
      const dd_t s = dd_add_d((dd_t){scalbn(r.hi, k), scalbn(r.lo, k)}, -1.0);
      y = s.hi + s.lo;
    }
  }
  __libm_leave(mode);
  return y;
}

float expf(float x) { return (float)exp(x); }
float exp2f(float x) { return (float)exp2(x); }
float expm1f(float x) { return (float)expm1(x); }
