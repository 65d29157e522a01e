/* sin, cos, tan. The argument goes to r = x - k pi/2 (|r| <= pi/4, a double-double): pi/2 in four
 * pieces (Cody and Waite) up to |x| ~ 2^20, beyond that the bits of 2/pi that matter for x
 * (Payne and Hanek); then the Taylor series of sin and cos on r (to r^17 and r^18: the next terms
 * are below 2^-60 of the results). */
#include <math.h>

#include "libm.h"

/* x mod pi/2 for |x| >= 2^20 pi/2, from the bits of 2/pi: x = M 2^E (M a 53-bit integer), and
 * x (2/pi) mod 4 = M H mod 4 where H is 2/pi 2^E mod 4, of which 192 bits (2 integer, 190
 * fraction) are enough for the 106 fraction bits kept. */
static uint32_t bits_of_2_over_pi(int first) { /* the 32 bits from fraction bit `first` (1-based) */
  uint32_t w = 0;
  for (int b = 0; b < 32; ++b) {
    const int k = first + b;
    const uint32_t bit = k < 1 || k > 48 * 32 ? 0 : (__libm_2_over_pi_bits[(k - 1) / 32] >> (31 - (k - 1) % 32)) & 1;
    w = w << 1 | bit;
  }
  return w;
}

static int rem_pio2_large(double x, dd_t* r) {
  const uint64_t u = __libm_bits(x);
  const uint64_t m = (u & LIBM_FRAC_MASK) | (1ull << 52);
  const int e = __libm_exponent(u) - 1075; /* x = m 2^e */
  /* H's bits: the one worth 2^1 is bit e - 1 of 2/pi's fraction. */
  uint32_t h[6];
  for (int i = 0; i < 6; ++i) h[i] = bits_of_2_over_pi(e - 1 + 32 * i);
  /* P = m * H as 8 words, most significant first (H = sum h[i] 2^(-30 - 32 i)). */
  const uint32_t mw[2] = {(uint32_t)(m >> 32), (uint32_t)m};
  uint32_t p[8] = {0};
  for (int i = 5; i >= 0; --i) {
    uint64_t carry = 0;
    for (int k = 1; k >= 0; --k) {
      const int at = i + k + 1; /* word of p the product h[i] * mw[k] lands in */
      const uint64_t t = (uint64_t)h[i] * mw[k] + p[at] + carry;
      p[at] = (uint32_t)t;
      carry = t >> 32;
    }
    for (int at = i; carry && at >= 0; --at) {
      const uint64_t t = (uint64_t)p[at] + carry;
      p[at] = (uint32_t)t;
      carry = t >> 32;
    }
  }
  /* p[2]'s top two bits are the integer part mod 4 (p[0], p[1] are multiples of 4); the
   * fraction follows. */
  int q = (int)(p[2] >> 30);
  uint64_t f0 = ((uint64_t)(p[2] & 0x3FFFFFFFu) << 34) | ((uint64_t)p[3] << 2) | (p[4] >> 30); /* 64 bits */
  uint64_t f1 = ((uint64_t)(p[4] & 0x3FFFFFFFu) << 34) | ((uint64_t)p[5] << 2) | (p[6] >> 30);
  double fhi = (double)(f0 >> 11) * 0x1p-53;
  double flo = ((double)(f0 & 0x7FF) * 0x1p-64) + (double)(f1 >> 11) * 0x1p-117;
  dd_t f = dd_fast_two_sum(fhi, flo);
  if (f.hi >= 0.5) { /* the nearest quadrant */
    f = dd_add_d(f, -1.0);
    ++q;
  }
  *r = dd_mul(f, (dd_t){__libm_pi_2_hi, __libm_pi_2_lo});
  return q & 3;
}

int __libm_rem_pio2(double x, dd_t* r) {
  const double ax = fabs(x);
  if (ax <= 0.7853981633974483) {
    *r = (dd_t){x, 0};
    return 0;
  }
  int q;
  if (ax < 0x1p20 * 1.5707963267948966) {
    const double shift = 0x1.8p52;
    const double n = ((x * __libm_2_pi_hi) + shift) - shift;
    const double* p = __libm_pio2_cw;
    dd_t s = dd_two_sum(x - n * p[0], -(n * p[1])); /* the first product and difference are exact */
    s = dd_add_d(s, -(n * p[2]));
    s = dd_add_d(s, -(n * p[3]));
    *r = s;
    q = (int)n;
  } else {
    dd_t t;
    q = rem_pio2_large(ax, &t);
    if (x < 0) {
      t = (dd_t){-t.hi, -t.lo};
      q = -q;
    }
    *r = t;
  }
  return q & 3;
}

/* Taylor coefficients: (-1)^k / (2k+1)! and (-1)^k / (2k)!. Results as double-doubles (for tan's
 * quotient); sin and cos round them once. */
static dd_t sin_dd(dd_t r) {
  const double x = r.hi, z = x * x;
  const double p = -1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5040 + z * (1.0 / 362880 + z * (-1.0 / 39916800 +
                   z * (1.0 / 6227020800 + z * (-1.0 / 1307674368000 + z * (1.0 / 355687428096000)))))));
  return dd_fast_two_sum(x, r.lo * (1 - 0.5 * z) + x * z * p);
}

static dd_t cos_dd(dd_t r) {
  const double x = r.hi, z = x * x;
  const double q = 1.0 / 24 + z * (-1.0 / 720 + z * (1.0 / 40320 + z * (-1.0 / 3628800 + z * (1.0 / 479001600 +
                   z * (-1.0 / 87178291200 + z * (1.0 / 20922789888000 + z * (-1.0 / 6402373705728000)))))));
  const double hz = 0.5 * z, w = 1 - hz;
  return dd_fast_two_sum(w, ((1 - w) - hz) + (z * z * q - x * r.lo));
}

double __libm_sin_kernel(dd_t r) {
  const dd_t s = sin_dd(r);
  return s.hi + s.lo;
}

double __libm_cos_kernel(dd_t r) {
  const dd_t c = cos_dd(r);
  return c.hi + c.lo;
}

static int trig_special(double x, double* out) {
  if (x != x || fabs(x) == __builtin_inf()) return *out = (x - x) / (x - x), 1; /* nan, invalid for inf */
  return 0;
}

double sin(double x) {
  double out;
  if (trig_special(x, &out)) return out;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 27) return x; /* |x| < 2^-27: sin x = x - x^3/6 rounds to x */
  const int mode = __libm_enter();
  dd_t r;
  const int q = __libm_rem_pio2(x, &r);
  const double y = q == 0 ? __libm_sin_kernel(r) : q == 1 ? __libm_cos_kernel(r) : q == 2 ? -__libm_sin_kernel(r)
                                                                                          : -__libm_cos_kernel(r);
  __libm_leave(mode);
  return y;
}

double cos(double x) {
  double out;
  if (trig_special(x, &out)) return out;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 27) return 1.0 - 0x1p-60; /* 1, inexact */
  const int mode = __libm_enter();
  dd_t r;
  const int q = __libm_rem_pio2(x, &r);
  const double y = q == 0 ? __libm_cos_kernel(r) : q == 1 ? -__libm_sin_kernel(r) : q == 2 ? -__libm_cos_kernel(r)
                                                                                          : __libm_sin_kernel(r);
  __libm_leave(mode);
  return y;
}

double tan(double x) {
  double out;
  if (trig_special(x, &out)) return out;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 27) return x;
  const int mode = __libm_enter();
  dd_t r;
  const int q = __libm_rem_pio2(x, &r);
  const dd_t s = sin_dd(r), c = cos_dd(r);
  const dd_t t = (q & 1) ? dd_div(c, s) : dd_div(s, c);
  const double y = (q & 1) ? -(t.hi + t.lo) : t.hi + t.lo;
  __libm_leave(mode);
  return y;
}

float sinf(float x) { return (float)sin(x); }
float cosf(float x) { return (float)cos(x); }
float tanf(float x) { return (float)tan(x); }
