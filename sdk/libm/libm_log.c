/* log, log2, log10, log1p, pow. The core: x = 2^e m with m in [sqrt(2)/2, sqrt(2)), c = j/128
 * the nearest table point, m = c (1 + u) with u = (m - c)/c (|u| < 2^-7.5, as a double-double),
 * log x = e ln2 + log c + log1p(u), log1p(u) by its series (to u^8: the next term is below 2^-64 of
 * u); everything as double-doubles, so that pow can multiply by y and exponentiate without
 * losing the last bits. */
#include <math.h>

#include "libm.h"

dd_t __libm_log_dd(double x) {
  uint64_t u = __libm_bits(x);
  int e = __libm_exponent(u) - 1023;
  if (e == -1023) { /* subnormal */
    u = __libm_bits(x * 0x1p54);
    e = __libm_exponent(u) - 1023 - 54;
  }
  double m = __libm_double((u & LIBM_FRAC_MASK) | 0x3FF0000000000000ull); /* [1, 2) */
  if (m > 1.4142135623730951) {
    m *= 0.5;
    ++e;
  }
  const int j = (int)(m * 128 + 0.5);
  const double c = j * (1.0 / 128);
  const double d = m - c; /* exact (Sterbenz) */
  const double uh = d / c;
  const dd_t p = dd_two_prod(uh, c);
  const double ul = ((d - p.hi) - p.lo) / c;
  const double z = uh * uh;
  const double series =
      uh * z * (1.0 / 3 + uh * (-1.0 / 4 + uh * (1.0 / 5 + uh * (-1.0 / 6 + uh * (1.0 / 7 + uh * (-1.0 / 8)))))) - 0.5 * z;
  dd_t r = dd_fast_two_sum(uh, ul - uh * ul + series); /* log1p(u) */
  const double* t = __libm_log_tab[j - LOG_TABLE_FIRST];
  r = dd_add(r, (dd_t){t[0], t[1]});
  if (e) {
    const dd_t el = dd_two_prod((double)e, __libm_ln2_hi);
    r = dd_add(dd_fast_two_sum(el.hi, el.lo + e * __libm_ln2_lo), r);
  }
  return r;
}

/* NaN, zero, negative and infinite arguments of the log family; 0 when x is finite and positive. */
static int log_special(double x, double* out) {
  if (x != x) return *out = x + x, 1;
  if (x == 0) return *out = -1.0 / (x * x), 1;        /* -inf, divide-by-zero */
  if (x < 0) return *out = (x - x) / (x - x), 1;      /* nan, invalid */
  if (x == __builtin_inf()) return *out = x, 1;
  return 0;
}

double log(double x) {
  double out;
  if (log_special(x, &out)) return out;
  if (x == 1) return 0;
  const int mode = __libm_enter();
  const dd_t r = __libm_log_dd(x);
  __libm_leave(mode);
  return r.hi + r.lo;
}

double log2(double x) {
  double out;
  if (log_special(x, &out)) return out;
  const int mode = __libm_enter();
  const dd_t r = dd_mul(__libm_log_dd(x), (dd_t){__libm_inv_ln2_hi, __libm_inv_ln2_lo});
  __libm_leave(mode);
  return r.hi + r.lo;
}

double log10(double x) {
  double out;
  if (log_special(x, &out)) return out;
  const int mode = __libm_enter();
  const dd_t r = dd_mul(__libm_log_dd(x), (dd_t){__libm_inv_ln10_hi, __libm_inv_ln10_lo});
  __libm_leave(mode);
  return r.hi + r.lo;
}

double log1p(double x) {
  if (x != x) return x + x;
  if (x <= -1) return x == -1 ? -1.0 / (x + 1) : (x - x) / (x - x); /* -inf (divide-by-zero), nan */
  if (x == __builtin_inf()) return x;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 54) return x;
  const int mode = __libm_enter();
  const dd_t s = dd_two_sum(1.0, x); /* 1 + x exactly */
  dd_t r = __libm_log_dd(s.hi);
  r = dd_add_d(r, s.lo / s.hi);      /* log(a + b) = log a + b/a + O((b/a)^2) */
  __libm_leave(mode);
  return r.hi + r.lo;
}

/* ---- pow -------------------------------------------------------------------------------------- */

/* 0: not an integer, 1: an odd integer, 2: an even integer. */
static int integer_kind(double y) {
  const uint64_t u = __libm_bits(y);
  const int e = __libm_exponent(u) - 1023;
  if (e >= 53) return 2;
  if (e < 0) return (u << 1) == 0 ? 2 : 0;
  const uint64_t frac = LIBM_FRAC_MASK >> e;
  if (u & frac) return 0;
  if (e == 0) return 1;
  return ((u >> (52 - e)) & 1) ? 1 : 2;
}

double pow(double x, double y) {
  const double ax = fabs(x), ay = fabs(y);
  if (y == 0 || x == 1) return 1.0;
  if (x != x || y != y) return x + y;
  const int yk = integer_kind(y);
  const int negative = x < 0 && yk == 1; /* (-0 too) */
  if (ay == __builtin_inf()) {
    if (ax == 1) return 1.0;
    return (ax < 1) == (y < 0) ? __builtin_inf() : 0.0;
  }
  if (ax == 0 || ax == __builtin_inf()) {
    const int big = (ax == 0) == (y < 0); /* 0^-y and inf^y are infinite */
    double r = big ? __builtin_inf() : 0.0;
    if (ax == 0 && y < 0) r = 1.0 / ax; /* divide-by-zero */
    return negative ? -r : r;
  }
  if (x < 0 && yk == 0) return (x - x) / (x - x); /* nan, invalid */
  const int mode = __libm_enter();
  const dd_t l = __libm_log_dd(ax);
  const dd_t p = dd_two_prod(y, l.hi);
  const dd_t t = dd_fast_two_sum(p.hi, p.lo + y * l.lo);
  double r;
  if (t.hi > 709.8) {
    r = 0x1p1023 * 0x1p1023; /* overflow */
  } else if (t.hi < -745.2) {
    r = 0x1p-1022 * 0x1p-1022; /* underflow */
  } else {
    int k;
    r = __libm_scale(__libm_exp_core(t, &k), k);
  }
  __libm_leave(mode);
  return negative ? -r : r;
}

float logf(float x) { return (float)log(x); }
float log2f(float x) { return (float)log2(x); }
float log10f(float x) { return (float)log10(x); }
float log1pf(float x) { return (float)log1p(x); }
float powf(float x, float y) { return (float)pow(x, y); }
