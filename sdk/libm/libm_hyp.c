/* sinh, cosh, tanh from e^|x| as a double-double (exp's core), asinh, acosh, atanh from log of a
 * double-double (log's core, plus the first-order term of its low part); cbrt by Newton's
 * iteration with a double-double residual at the end; hypot from x^2 + y^2 formed exactly. */
#include <math.h>

#include "libm.h"

/* e^a (0 <= a < 23) as a double-double, exactly scaled. */
static dd_t exp_dd(double a) {
  int k;
  const dd_t r = __libm_exp_core((dd_t){a, 0}, &k);
  return (dd_t){scalbn(r.hi, k), scalbn(r.lo, k)};
}

/* log of a double-double s > 0. */
static dd_t log_of(dd_t s) { return dd_add_d(__libm_log_dd(s.hi), s.lo / s.hi); }

double sinh(double x) {
  const double ax = fabs(x);
  if (x != x || ax == __builtin_inf()) return x + x;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 28) return x;
  const int mode = __libm_enter();
  double r;
  if (ax < 0.5) { /* x + x^3/3! + ... + x^17/17! */
    const double z = ax * ax;
    const double p = 1.0 / 6 + z * (1.0 / 120 + z * (1.0 / 5040 + z * (1.0 / 362880 + z * (1.0 / 39916800 +
                     z * (1.0 / 6227020800 + z * (1.0 / 1307674368000 + z * (1.0 / 355687428096000)))))));
    r = ax + ax * z * p;
  } else if (ax < 23) { /* (e - 1/e) / 2 */
    const dd_t e = exp_dd(ax);
    const dd_t d = dd_add(e, dd_div((dd_t){-1.0, 0}, e));
    r = 0.5 * (d.hi + d.lo);
  } else if (ax < 711) { /* e^x / 2: 1/e is below the last bit */
    int k;
    r = __libm_scale(__libm_exp_core((dd_t){ax, 0}, &k), k - 1);
  } else {
    r = 0x1p1023 * 0x1p1023; /* overflow */
  }
  __libm_leave(mode);
  return copysign(r, x);
}

double cosh(double x) {
  const double ax = fabs(x);
  if (x != x) return x + x;
  if (ax == __builtin_inf()) return ax;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 27) return 1.0 + 0x1p-60; /* 1, inexact */
  const int mode = __libm_enter();
  double r;
  if (ax < 23) {
    const dd_t e = exp_dd(ax);
    const dd_t s = dd_add(e, dd_div((dd_t){1.0, 0}, e));
    r = 0.5 * (s.hi + s.lo);
  } else if (ax < 711) {
    int k;
    r = __libm_scale(__libm_exp_core((dd_t){ax, 0}, &k), k - 1);
  } else {
    r = 0x1p1023 * 0x1p1023; /* overflow */
  }
  __libm_leave(mode);
  return r;
}

double tanh(double x) {
  const double ax = fabs(x);
  if (x != x) return x + x;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 28) return x;
  if (ax > 22) return copysign(1.0 - 0x1p-60, x); /* +-1, inexact */
  const int mode = __libm_enter();
  const dd_t e = exp_dd(2 * ax); /* (e - 1) / (e + 1) */
  const dd_t t = dd_div(dd_add_d(e, -1.0), dd_add_d(e, 1.0));
  __libm_leave(mode);
  return copysign(t.hi + t.lo, x);
}

double asinh(double x) {
  const double ax = fabs(x);
  if (x != x || ax == __builtin_inf()) return x + x;
  if (__libm_exponent(__libm_bits(x)) < 1023 - 28) return x;
  const int mode = __libm_enter();
  dd_t r;
  if (ax > 0x1p28) { /* log(2 ax) */
    r = dd_add(__libm_log_dd(ax), (dd_t){__libm_ln2_hi, __libm_ln2_lo});
  } else { /* log(ax + sqrt(ax^2 + 1)) */
    const dd_t s = dd_sqrt(dd_add_d(dd_two_prod(ax, ax), 1.0));
    r = log_of(dd_add_d(s, ax));
  }
  __libm_leave(mode);
  return copysign(r.hi + r.lo, x);
}

double acosh(double x) {
  if (x != x) return x + x;
  if (x < 1) return (x - x) / (x - x);
  if (x == 1) return 0.0;
  if (x == __builtin_inf()) return x;
  const int mode = __libm_enter();
  dd_t r;
  if (x > 0x1p28) {
    r = dd_add(__libm_log_dd(x), (dd_t){__libm_ln2_hi, __libm_ln2_lo});
  } else { /* log(x + sqrt((x - 1)(x + 1))), x - 1 exact */
    const dd_t s = dd_sqrt(dd_mul_d(dd_two_sum(x, 1.0), x - 1.0));
    r = log_of(dd_add_d(s, x));
  }
  __libm_leave(mode);
  return r.hi + r.lo;
}

double atanh(double x) {
  const double ax = fabs(x);
  if (x != x) return x + x;
  if (ax > 1) return (x - x) / (x - x);
  if (ax == 1) return x / (ax - 1); /* +-inf, divide-by-zero */
  if (__libm_exponent(__libm_bits(x)) < 1023 - 28) return x;
  const int mode = __libm_enter();
  const dd_t q = dd_div(dd_two_sum(1.0, ax), dd_two_sum(1.0, -ax)); /* (1 + ax) / (1 - ax) */
  const dd_t r = log_of(q);
  __libm_leave(mode);
  return copysign(0.5 * (r.hi + r.lo), x);
}

double cbrt(double x) {
  const uint64_t u = __libm_bits(x);
  if (__libm_exponent(u) == 0x7FF || (u << 1) == 0) return x + x; /* nan, inf, zero */
  const int mode = __libm_enter();
  double ax = fabs(x);
  int e = ilogb(ax), scale = 0;
  if (e < -1000 || e > 1000) { /* far down (subnormals) or up (y^3 would overflow): 2^(-+999) */
    ax = scalbn(ax, e < 0 ? 999 : -999);
    scale = e < 0 ? -333 : 333;
    e = ilogb(ax);
  }
  /* A first guess within a few percent: 2^(e/3) times a line through the mantissa's cube root. */
  const int e3 = (e >= 0 ? e : e - 2) / 3, rest = e - 3 * e3; /* 0, 1, 2 */
  const double m = scalbn(ax, -e); /* [1, 2) */
  double y = scalbn((0.7 + 0.3 * m) * (rest == 0 ? 1.0 : rest == 1 ? 1.2599210498948732 : 1.5874010519681994), e3);
  for (int i = 0; i < 5; ++i) y = y - (y * y * y - ax) / (3 * y * y);
  /* The last correction from the exact residual ax - y^3. */
  const dd_t y3 = dd_mul_d(dd_two_prod(y, y), y);
  const dd_t res = dd_add_d((dd_t){-y3.hi, -y3.lo}, ax);
  y = y + (res.hi + res.lo) / (3 * y * y);
  __libm_leave(mode);
  return copysign(scalbn(y, scale), x);
}

double hypot(double x, double y) {
  double ax = fabs(x), ay = fabs(y);
  if (ax == __builtin_inf() || ay == __builtin_inf()) return __builtin_inf();
  if (x != x || y != y) return x + y;
  if (ax < ay) {
    const double t = ax;
    ax = ay;
    ay = t;
  }
  if (ay == 0) return ax;
  if (ax > ay * 0x1p60) return ax + ay; /* ay is below the last bit */
  const int mode = __libm_enter();
  const int e = ilogb(ax);
  const double sx = scalbn(ax, -e), sy = scalbn(ay, -e);
  const dd_t s = dd_sqrt(dd_add(dd_two_prod(sx, sx), dd_two_prod(sy, sy)));
  const double r = scalbn(s.hi + s.lo, e);
  __libm_leave(mode);
  return r;
}

float sinhf(float x) { return (float)sinh(x); }
float coshf(float x) { return (float)cosh(x); }
float tanhf(float x) { return (float)tanh(x); }
float asinhf(float x) { return (float)asinh(x); }
float acoshf(float x) { return (float)acosh(x); }
float atanhf(float x) { return (float)atanh(x); }
float cbrtf(float x) { return (float)cbrt(x); }
float hypotf(float x, float y) { return (float)hypot(x, y); }
