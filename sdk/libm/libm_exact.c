/* The functions whose result is exact by their nature, on the bit patterns: fabs, copysign,
 * frexp, ldexp/scalbn (one rounding when the result is subnormal), ilogb, logb, modf, nextafter,
 * fmin, fmax, fdim, nan. */
#include <math.h>

#include "libm.h"

double fabs(double x) { return __libm_double(__libm_bits(x) & ~LIBM_SIGN); }
double copysign(double x, double y) {
  return __libm_double((__libm_bits(x) & ~LIBM_SIGN) | (__libm_bits(y) & LIBM_SIGN));
}

double nan(const char* tag) {
  (void)tag;
  return __libm_double(0x7FF8000000000000ull);
}

double frexp(double x, int* e) {
  uint64_t u = __libm_bits(x);
  int be = __libm_exponent(u);
  *e = 0;
  if (be == 0x7FF || (u << 1) == 0) return x; /* inf, nan, zero */
  if (be == 0) {                             /* subnormal: normalise first */
    x *= 0x1p64;
    u = __libm_bits(x);
    be = __libm_exponent(u) - 64;
  }
  *e = be - 1022;
  return __libm_double((u & ~LIBM_EXP_MASK) | (1022ull << 52));
}

double scalbn(double x, int n) {
  /* Multiplications by powers of two are exact until the last one, which rounds once. */
  if (n > 1023) {
    x *= 0x1p1023;
    n -= 1023;
    if (n > 1023) {
      x *= 0x1p1023;
      n -= 1023;
      if (n > 1023) n = 1023;
    }
  } else if (n < -1022) {
    x *= 0x1p-1022 * 0x1p53; /* keep 53 bits: the final multiply rounds once */
    n += 1022 - 53;
    if (n < -1022) {
      x *= 0x1p-1022 * 0x1p53;
      n += 1022 - 53;
      if (n < -1022) n = -1022;
    }
  }
  return x * __libm_double((uint64_t)(0x3FF + n) << 52);
}
double ldexp(double x, int n) { return scalbn(x, n); }
double scalbln(double x, long n) { return scalbn(x, n > 100000 ? 100000 : n < -100000 ? -100000 : (int)n); }

int ilogb(double x) {
  uint64_t u = __libm_bits(x);
  int be = __libm_exponent(u);
  if (be == 0x7FF) return (u & LIBM_FRAC_MASK) ? FP_ILOGBNAN : 2147483647;
  if (be == 0) {
    if ((u << 1) == 0) return FP_ILOGB0;
    return __libm_exponent(__libm_bits(x * 0x1p64)) - 1023 - 64;
  }
  return be - 1023;
}

double logb(double x) {
  uint64_t u = __libm_bits(x);
  if (__libm_exponent(u) == 0x7FF) return x * x; /* inf -> inf, nan -> nan */
  if ((u << 1) == 0) return -1.0 / fabs(x);      /* -inf, divide-by-zero */
  return (double)ilogb(x);
}

double modf(double x, double* ip) {
  uint64_t u = __libm_bits(x);
  int e = __libm_exponent(u) - 1023;
  if (e >= 52) { /* integral (or inf/nan) */
    *ip = x;
    if (e == 0x400 && (u & LIBM_FRAC_MASK)) return x; /* nan */
    return __libm_double(u & LIBM_SIGN);
  }
  if (e < 0) {
    *ip = __libm_double(u & LIBM_SIGN);
    return x;
  }
  const uint64_t frac = LIBM_FRAC_MASK >> e;
  if (!(u & frac)) {
    *ip = x;
    return __libm_double(u & LIBM_SIGN);
  }
  *ip = __libm_double(u & ~frac);
  return x - *ip; /* exact */
}

double nextafter(double x, double y) {
  if (x != x || y != y) return x + y;
  if (x == y) return y;
  uint64_t u = __libm_bits(x);
  if ((u << 1) == 0) {
    u = (__libm_bits(y) & LIBM_SIGN) | 1;
  } else if ((x < y) == !(u & LIBM_SIGN)) {
    ++u;
  } else {
    --u;
  }
  return __libm_double(u);
}

double fmin(double x, double y) {
  if (x != x) return y;
  if (y != y) return x;
  if (x == y) return (__libm_bits(x) & LIBM_SIGN) ? x : y; /* fmin(-0, +0) = -0 */
  return x < y ? x : y;
}
double fmax(double x, double y) {
  if (x != x) return y;
  if (y != y) return x;
  if (x == y) return (__libm_bits(x) & LIBM_SIGN) ? y : x;
  return x > y ? x : y;
}
double fdim(double x, double y) {
  if (x != x || y != y) return x + y;
  return x > y ? x - y : 0.0;
}

/* float: each through double is exact (float -> double is exact, and the double result is a
 * float value, or rounds once when converted back). */
float fabsf(float x) { return __libm_float(__libm_fbits(x) & 0x7FFFFFFFu); }
float copysignf(float x, float y) {
  return __libm_float((__libm_fbits(x) & 0x7FFFFFFFu) | (__libm_fbits(y) & 0x80000000u));
}
float nanf(const char* tag) {
  (void)tag;
  return __libm_float(0x7FC00000u);
}
float frexpf(float x, int* e) { return (float)frexp(x, e); }
float scalbnf(float x, int n) {
  if (n > 400) n = 400;
  if (n < -400) n = -400;
  return (float)scalbn((double)x, n); /* exact in double, one rounding to float */
}
float ldexpf(float x, int n) { return scalbnf(x, n); }
float scalblnf(float x, long n) { return scalbnf(x, n > 400 ? 400 : n < -400 ? -400 : (int)n); }
int ilogbf(float x) { return ilogb(x); }
float logbf(float x) { return (float)logb(x); }
float modff(float x, float* ip) {
  double i;
  const float f = (float)modf(x, &i);
  *ip = (float)i;
  return f;
}
float nextafterf(float x, float y) {
  if (x != x || y != y) return x + y;
  if (x == y) return y;
  uint32_t u = __libm_fbits(x);
  if ((u << 1) == 0) u = (__libm_fbits(y) & 0x80000000u) | 1;
  else if ((x < y) == !(u & 0x80000000u)) ++u;
  else --u;
  return __libm_float(u);
}
float fminf(float x, float y) { return (float)fmin(x, y); }
float fmaxf(float x, float y) { return (float)fmax(x, y); }
float fdimf(float x, float y) {
  if (x != x || y != y) return x + y;
  return x > y ? x - y : 0.0f;
}
