/* Rounding to integers. floor, ceil, trunc and round clear fraction bits (no flags); rint and
 * nearbyint add and subtract 2^52, which rounds in the current mode on every profile (the FPU's
 * on host, SoftFloat's on nic and pim) and raises inexact as IEEE's roundToIntegralExact does
 * (nearbyint puts the flags back); lrint, lround and friends convert those integral results. */
#include <fenv.h>
#include <math.h>

#include "libm.h"

/* Keep the integral part: clear the bits worth less than 1 (e: unbiased exponent, 0..51). */
static double clear_fraction(uint64_t u, int e) { return __libm_double(u & ~(LIBM_FRAC_MASK >> e)); }

double trunc(double x) {
  const uint64_t u = __libm_bits(x);
  const int e = __libm_exponent(u) - 1023;
  if (e >= 52) return x;                         /* integral, inf, nan */
  if (e < 0) return __libm_double(u & LIBM_SIGN); /* |x| < 1 */
  return clear_fraction(u, e);
}

double floor(double x) {
  const uint64_t u = __libm_bits(x);
  const int e = __libm_exponent(u) - 1023;
  if (e >= 52) return x;
  if (e < 0) {
    if ((u << 1) == 0 || !(u & LIBM_SIGN)) return __libm_double(u & LIBM_SIGN); /* +-0, 0 < x < 1 */
    return -1.0;
  }
  const double t = clear_fraction(u, e);
  return (u & LIBM_SIGN) && t != x ? t - 1.0 : t; /* (exact: t is an integer below 2^52) */
}

double ceil(double x) {
  const uint64_t u = __libm_bits(x);
  const int e = __libm_exponent(u) - 1023;
  if (e >= 52) return x;
  if (e < 0) {
    if ((u << 1) == 0 || (u & LIBM_SIGN)) return __libm_double(u & LIBM_SIGN); /* +-0, -1 < x < 0 */
    return 1.0;
  }
  const double t = clear_fraction(u, e);
  return !(u & LIBM_SIGN) && t != x ? t + 1.0 : t;
}

double round(double x) { /* half away from zero */
  const uint64_t u = __libm_bits(x);
  const int e = __libm_exponent(u) - 1023;
  if (e >= 52) return x;
  if (e < -1) return __libm_double(u & LIBM_SIGN);            /* |x| < 0.5 */
  if (e == -1) return __libm_double((u & LIBM_SIGN) | 0x3FF0000000000000ull); /* 0.5 <= |x| < 1 */
  const uint64_t half = 0x0008000000000000ull >> e; /* the bit worth 0.5 */
  return clear_fraction(u + half, e);               /* (a carry into the exponent is right) */
}

double rint(double x) {
  const uint64_t u = __libm_bits(x);
  if (__libm_exponent(u) >= 1023 + 52) return x; /* integral, inf, nan */
  const double big = (u & LIBM_SIGN) ? -0x1p52 : 0x1p52;
  const double r = (x + big) - big;
  return copysign(r, x); /* rint(-0.25) is -0 */
}

double nearbyint(double x) {
  fexcept_t flags;
  fegetexceptflag(&flags, FE_INEXACT);
  const double r = rint(x);
  fesetexceptflag(&flags, FE_INEXACT);
  return r;
}

/* The conversions: out of range (and nan) raise invalid and give the most negative value, as
 * glibc does on PowerPC (fctiw); in range they are exact. */
static long long to_ll(double r) {
  if (!(r >= -0x1p63 && r < 0x1p63)) {
    feraiseexcept(FE_INVALID);
    return (long long)0x8000000000000000ull;
  }
  return (long long)r;
}
static long to_l(double r) {
  const double limit = (double)__LONG_MAX__ + 1.0; /* 2^31 on PowerPC */
  if (!(r >= -limit && r < limit)) {
    feraiseexcept(FE_INVALID);
    return -__LONG_MAX__ - 1;
  }
  return (long)r;
}
long lrint(double x) { return to_l(rint(x)); }
long long llrint(double x) { return to_ll(rint(x)); }
long lround(double x) { return to_l(round(x)); }
long long llround(double x) { return to_ll(round(x)); }

/* float: through double (exact both ways: a float's integral part is a float). */
float truncf(float x) { return (float)trunc(x); }
float floorf(float x) { return (float)floor(x); }
float ceilf(float x) { return (float)ceil(x); }
float roundf(float x) { return (float)round(x); }
float rintf(float x) {
  const uint32_t u = __libm_fbits(x);
  if (((u >> 23) & 0xFF) >= 127 + 23) return x;
  const float big = (u & 0x80000000u) ? -0x1p23f : 0x1p23f;
  const float r = (x + big) - big;
  return copysignf(r, x);
}
float nearbyintf(float x) {
  fexcept_t flags;
  fegetexceptflag(&flags, FE_INEXACT);
  const float r = rintf(x);
  fesetexceptflag(&flags, FE_INEXACT);
  return r;
}
long lrintf(float x) { return to_l(rintf(x)); }
long long llrintf(float x) { return to_ll(rintf(x)); }
long lroundf(float x) { return to_l(round(x)); }
long long llroundf(float x) { return to_ll(round(x)); }
