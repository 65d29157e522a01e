/* atan, atan2, asin, acos, all through atan of a double-double: t in [0, 1] goes to the nearest
 * k/8, atan t = atan(k/8) + atan v with v = (t - k/8)/(1 + t k/8) (|v| < 1/16) and atan v by its
 * series (to v^13: the next term is below 2^-60 of v); beyond 1, atan t = pi/2 - atan(1/t).
 * asin and acos are atan(x / sqrt(1 - x^2)) and atan(sqrt(1 - x^2) / x), with 1 - x^2 formed
 * exactly. */
#include <math.h>

#include "libm.h"

static const dd_t kPi2 = {0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54};
static const dd_t kPi = {0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53};

static dd_t dd_neg(dd_t a) { return (dd_t){-a.hi, -a.lo}; }

static dd_t atan_unit(dd_t t) { /* 0 <= t <= 1 */
  const int k = (int)(t.hi * 8 + 0.5);
  const double c = k * 0.125;
  const dd_t num = dd_add_d(t, -c);
  const dd_t den = dd_add_d(dd_mul_d(t, c), 1.0);
  const dd_t v = dd_div(num, den);
  const double x = v.hi, z = x * x;
  const double p = -1.0 / 3 + z * (1.0 / 5 + z * (-1.0 / 7 + z * (1.0 / 9 + z * (-1.0 / 11 + z * (1.0 / 13)))));
  const dd_t a = dd_fast_two_sum(x, v.lo + x * z * p);
  const double* tab = __libm_atan_tab[k];
  return dd_add((dd_t){tab[0], tab[1]}, a);
}

dd_t __libm_atan_dd(dd_t x) {
  if (x.hi <= 1) return atan_unit(x);
  return dd_add(kPi2, dd_neg(atan_unit(dd_div((dd_t){1.0, 0}, x))));
}

double atan(double x) {
  if (x != x) return x + x;
  const double ax = fabs(x);
  if (__libm_exponent(__libm_bits(x)) < 1023 - 27) return x; /* atan x = x - x^3/3 rounds to x */
  if (ax > 0x1p60) return copysign(kPi2.hi + kPi2.lo, x);
  const int mode = __libm_enter();
  const dd_t a = __libm_atan_dd((dd_t){ax, 0});
  __libm_leave(mode);
  return copysign(a.hi + a.lo, x);
}

double atan2(double y, double x) {
  if (x != x || y != y) return x + y;
  const double ax = fabs(x), ay = fabs(y);
  const int xneg = __libm_bits(x) >> 63;
  double r;
  if (ay == 0) {
    r = xneg ? kPi.hi : 0.0; /* atan2(+-0, -0 or x<0) = +-pi, atan2(+-0, +0 or x>0) = +-0 */
  } else if (ax == __builtin_inf()) {
    if (ay == __builtin_inf()) r = xneg ? 3 * (kPi.hi / 4) : kPi.hi / 4;
    else r = xneg ? kPi.hi : 0.0;
  } else if (ay == __builtin_inf() || ax == 0) {
    r = kPi2.hi;
  } else {
    const int mode = __libm_enter();
    /* |y|/|x| as a double-double, both scaled near 1 first (a ratio beyond 2^60 or below
     * 2^-60 needs no precision: atan is pi/2 or the ratio). */
    const int e = ilogb(ax > ay ? ax : ay);
    const double sx = scalbn(ax, -e), sy = scalbn(ay, -e);
    dd_t a;
    if (sy > sx * 0x1p60) {
      a = kPi2;
    } else if (sy < sx * 0x1p-60) {
      a = (dd_t){ay / ax, 0}; /* (unscaled: may be subnormal) */
    } else {
      a = __libm_atan_dd(dd_div((dd_t){sy, 0}, (dd_t){sx, 0}));
    }
    if (xneg) a = dd_add(kPi, dd_neg(a));
    r = a.hi + a.lo;
    __libm_leave(mode);
  }
  return copysign(r, y);
}

/* sqrt(1 - x^2) for |x| < 1, as a double-double: 1 - x^2 exactly ((1 - x)(1 + x) near 1). */
static dd_t sqrt_one_minus_square(double ax) {
  dd_t d;
  if (ax < 0.5) {
    const dd_t x2 = dd_two_prod(ax, ax);
    d = dd_add((dd_t){1.0, 0}, dd_neg(x2));
  } else {
    d = dd_mul_d(dd_two_sum(1.0, ax), 1.0 - ax); /* 1 - ax is exact here */
  }
  return dd_sqrt(d);
}

double asin(double x) {
  if (x != x) return x + x;
  const double ax = fabs(x);
  if (ax > 1) return (x - x) / (x - x);
  if (__libm_exponent(__libm_bits(x)) < 1023 - 27) return x;
  if (ax == 1) return copysign(kPi2.hi + kPi2.lo, x);
  const int mode = __libm_enter();
  const dd_t a = __libm_atan_dd(dd_div((dd_t){ax, 0}, sqrt_one_minus_square(ax)));
  __libm_leave(mode);
  return copysign(a.hi + a.lo, x);
}

double acos(double x) {
  if (x != x) return x + x;
  const double ax = fabs(x);
  if (ax > 1) return (x - x) / (x - x);
  if (x == 1) return 0.0;
  if (x == -1) return kPi.hi + kPi.lo;
  const int mode = __libm_enter();
  dd_t a;
  if (ax < 0x1p-60) a = dd_add_d(kPi2, -x);
  else {
    a = __libm_atan_dd(dd_div(sqrt_one_minus_square(ax), (dd_t){ax, 0}));
    if (x < 0) a = dd_add(kPi, dd_neg(a));
  }
  __libm_leave(mode);
  return a.hi + a.lo;
}

float atanf(float x) { return (float)atan(x); }
float atan2f(float y, float x) { return (float)atan2(y, x); }
float asinf(float x) { return (float)asin(x); }
float acosf(float x) { return (float)acos(x); }
