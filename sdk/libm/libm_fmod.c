/* fmod, remainder and remquo: exact results by long division of the significands (x - n y is
 * always representable), the quotient's low bits kept for remquo. */
#include <math.h>

#include "libm.h"

/* |x| mod |y| for finite x, y with y != 0, and the low 31 bits of the truncated quotient. */
static double mod_abs(double x, double y, uint32_t* quo) {
  uint64_t ux = __libm_bits(x) & ~LIBM_SIGN, uy = __libm_bits(y) & ~LIBM_SIGN;
  *quo = 0;
  if (ux < uy) return __libm_double(ux);
  int ex = __libm_exponent(ux), ey = __libm_exponent(uy);
  /* Significands as integers with the leading bit, and their exponents (subnormals normalised). */
  uint64_t mx = ux & LIBM_FRAC_MASK, my = uy & LIBM_FRAC_MASK;
  if (ex) mx |= 1ull << 52;
  else for (ex = 1; !(mx & (1ull << 52)); --ex) mx <<= 1;
  if (ey) my |= 1ull << 52;
  else for (ey = 1; !(my & (1ull << 52)); --ey) my <<= 1;
  uint32_t q = 0;
  for (int n = ex - ey; n > 0; --n) { /* one quotient bit at a time */
    q <<= 1;
    if (mx >= my) {
      mx -= my;
      q |= 1;
    }
    mx <<= 1;
  }
  q <<= 1;
  if (mx >= my) {
    mx -= my;
    q |= 1;
  }
  *quo = q & 0x7FFFFFFFu;
  if (!mx) return 0.0;
  for (; !(mx & (1ull << 52)); --ey) mx <<= 1; /* normalise at y's exponent */
  if (ey > 0) return __libm_double((uint64_t)ey << 52 | (mx & LIBM_FRAC_MASK));
  return __libm_double(mx >> (1 - ey)); /* subnormal: exact (the result is a multiple of y's ulp) */
}

static int special(double x, double y) { return x != x || y != y || y == 0 || __libm_exponent(__libm_bits(x)) == 0x7FF; }

double fmod(double x, double y) {
  if (special(x, y)) return (x * y) / (x * y); /* nan, invalid */
  if (__libm_exponent(__libm_bits(y)) == 0x7FF) return x;
  uint32_t q;
  return copysign(mod_abs(x, y, &q), x);
}

double remquo(double x, double y, int* quo) {
  *quo = 0;
  if (special(x, y)) return (x * y) / (x * y);
  if (__libm_exponent(__libm_bits(y)) == 0x7FF) return x;
  uint32_t q;
  double r = mod_abs(x, y, &q);
  const double ay = fabs(y);
  /* r in [0, |y|): the nearest multiple, ties to an even quotient. */
  if (r > ay - r || (r == ay - r && (q & 1))) {
    r -= ay; /* exact */
    ++q;
  }
  const int neg = (__libm_bits(x) ^ __libm_bits(y)) >> 63;
  *quo = neg ? -(int)(q & 0x7FFFFFFFu) : (int)(q & 0x7FFFFFFFu);
  if (r == 0) return copysign(0.0, x);
  return (__libm_bits(x) & LIBM_SIGN) ? -r : r; /* r is |x|'s remainder */
}

double remainder(double x, double y) {
  int q;
  return remquo(x, y, &q);
}

float fmodf(float x, float y) { return (float)fmod(x, y); }
float remainderf(float x, float y) { return (float)remainder(x, y); }
float remquof(float x, float y, int* quo) { return (float)remquo(x, y, quo); }
