/* The SDK's math library (sdk/libm) against the host's libm (glibc, x86-64), built from the same
 * sources with pimnic_ names (names.h) and the same IEEE double arithmetic (SSE2, no contraction):
 *
 *   libm_check exact N      the exact functions, bit for bit equal to glibc's double functions,
 *                           in each of the four rounding modes, on N random operands each plus edges
 *   libm_check accuracy N   the others: the largest error in ulps against glibc's long double
 *                           functions (64-bit significands: their own error is below 2^-10 ulp of
 *                           a double) over N random operands each plus edges, each within the
 *                           bound docs/sdk.md gives
 *   libm_check verify       lines "FN MODE X [Y [Z]] RESULT" (hex bit patterns) from the firmware
 *                           test (firmware/math-test) on stdin: each result equal to what this
 *                           build computes (so the PowerPC builds give the same bits), and for
 *                           exact functions to glibc's
 *
 * Exit status 0 when everything holds. */
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libm_check_decls.h"

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t next(void) { /* xorshift64* */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 0x2545F4914F6CDD1Dull;
}
static double uniform(double lo, double hi) { return lo + (hi - lo) * (double)(next() >> 11) * 0x1p-53; }
static double any_double(void) { /* every exponent equally likely, both signs, no nan */
  for (;;) {
    uint64_t u = next();
    double d;
    memcpy(&d, &u, 8);
    if (d == d && fabs(d) != INFINITY) return d;
  }
}
static double log_uniform(double lo, double hi) { return exp(uniform(log(lo), log(hi))); }
static uint64_t bits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static double from_bits(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}
static float from_fbits(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static int same(double a, double b) { return (a != a && b != b) || bits(a) == bits(b); }
static int samef(float a, float b) { return (a != a && b != b) || fbits(a) == fbits(b); }

static const int kModes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
static const char* const kModeNames[4] = {"nearest", "zero", "up", "down"};
static int failures;

/* ---- exact ------------------------------------------------------------------------------------- */
static const double kEdges[] = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 1.0, -1.0,
                                0x1p52, -0x1p52, 0x1p52 + 0.5, 0x1p53, 4503599627370495.5, 0x1p-1074, -0x1p-1074,
                                0x1p-1022, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN, 3.0, 7.0, 1e300, 1e-300,
                                2147483647.5, -2147483648.5, 9.2233720368547758e18};
#define NEDGES (sizeof kEdges / sizeof kEdges[0])

static double exact_operand(unsigned i, int small) {
  if (i < NEDGES) return kEdges[i];
  switch (next() % 4) {
    case 0: return any_double();
    case 1: return uniform(-1e6, 1e6);
    case 2: return (double)(int64_t)(next() % 2000001) / 2 - 500000; /* halves: ties */
    default: return small ? uniform(-100, 100) : ldexp(uniform(-2, 2), (int)(next() % 120) - 60);
  }
}

#define CHECK1(fn)                                                                                       \
  do {                                                                                                   \
    double r = pimnic_##fn(x), w = fn(x);                                                                \
    if (!same(r, w)) {                                                                                   \
      printf("FAIL %s(%a) rounding %s: %a, glibc %a\n", #fn, x, kModeNames[m], r, w);                    \
      ++failures;                                                                                        \
    }                                                                                                    \
    float rf = pimnic_##fn##f((float)x), wf = fn##f((float)x);                                           \
    if (!samef(rf, wf)) {                                                                                \
      printf("FAIL %sf(%a) rounding %s: %a, glibc %a\n", #fn, (double)(float)x, kModeNames[m], rf, wf);  \
      ++failures;                                                                                        \
    }                                                                                                    \
  } while (0)
/* Where the standards leave a choice or glibc leaves IEEE 754, what counts instead of glibc's bits:
 * fmin/fmax of two zeros may be either zero (C17 F.10.9.2; pimnic: fmin -0, fmax +0, as IEEE
 * 754-2019's minimum/maximum; glibc's double and float versions disagree); a zero remainder has
 * the sign of x (IEEE 754-2008 5.3.1), which glibc's remainder and remainderf miss for some
 * operands (a negative x whose remainder is zero, and any zero under round-downward). */
static unsigned glibc_zero_sign_misses;
static int agreed(const char* fn, double r, double w, double x, double y) {
  if (same(r, w)) return 1;
  if ((!strcmp(fn, "fmin") || !strcmp(fn, "fmax")) && r == 0 && w == 0 && x == 0 && y == 0) return 1;
  if (!strcmp(fn, "remainder") && r == 0 && w == 0 && signbit(r) == signbit(x)) {
    ++glibc_zero_sign_misses;
    return 1;
  }
  return 0;
}

#define CHECK2(fn)                                                                                       \
  do {                                                                                                   \
    double r = pimnic_##fn(x, y), w = fn(x, y);                                                          \
    if (!agreed(#fn, r, w, x, y)) {                                                                      \
      printf("FAIL %s(%a, %a) rounding %s: %a, glibc %a\n", #fn, x, y, kModeNames[m], r, w);            \
      ++failures;                                                                                        \
    }                                                                                                    \
    float rf = pimnic_##fn##f((float)x, (float)y), wf = fn##f((float)x, (float)y);                       \
    if (!samef(rf, wf) && !agreed(#fn, rf, wf, (float)x, (float)y)) {                                   \
      printf("FAIL %sf(%a, %a) rounding %s: %a, glibc %a\n", #fn, (double)(float)x, (double)(float)y,   \
             kModeNames[m], rf, wf);                                                                     \
      ++failures;                                                                                        \
    }                                                                                                    \
  } while (0)
#define CHECK_INT(fn, type)                                                                              \
  do {                                                                                                   \
    if (fabs(x) < 2147483647.0) { /* (out of range: unspecified) */                                       \
      type r = pimnic_##fn(x), w = fn(x);                                                                \
      if (r != w) {                                                                                      \
        printf("FAIL %s(%a) rounding %s: %lld, glibc %lld\n", #fn, x, kModeNames[m], (long long)r, (long long)w); \
        ++failures;                                                                                      \
      }                                                                                                  \
      type rf = pimnic_##fn##f((float)x), wf = fn##f((float)x);                                          \
      if (rf != wf) {                                                                                    \
        printf("FAIL %sf(%a) rounding %s: %lld, glibc %lld\n", #fn, (double)(float)x, kModeNames[m],     \
               (long long)rf, (long long)wf);                                                            \
        ++failures;                                                                                      \
      }                                                                                                  \
    }                                                                                                    \
  } while (0)

static void exact(unsigned n) {
  unsigned checks = 0;
  for (int m = 0; m < 4; ++m) {
    fesetround(kModes[m]);
    for (unsigned i = 0; i < NEDGES + n; ++i, ++checks) {
      const double x = exact_operand(i, 0), y = exact_operand((unsigned)(next() % (NEDGES + 8)), 1);
      const double z = exact_operand(i + 3, 1);
      CHECK1(fabs);
      CHECK1(floor);
      CHECK1(ceil);
      CHECK1(trunc);
      CHECK1(round);
      CHECK1(rint);
      CHECK1(nearbyint);
      CHECK1(sqrt);
      CHECK1(logb);
      CHECK_INT(lrint, long);
      CHECK_INT(llrint, long long);
      CHECK_INT(lround, long);
      CHECK_INT(llround, long long);
      CHECK2(copysign);
      CHECK2(fmod);
      CHECK2(remainder);
      CHECK2(nextafter);
      CHECK2(fmin);
      CHECK2(fmax);
      CHECK2(fdim);
      {
        double r = pimnic_fma(x, y, z), w = fma(x, y, z);
        if (!same(r, w)) printf("FAIL fma(%a, %a, %a) rounding %s: %a, glibc %a\n", x, y, z, kModeNames[m], r, w), ++failures;
        float rf = pimnic_fmaf((float)x, (float)y, (float)z), wf = fmaf((float)x, (float)y, (float)z);
        if (!samef(rf, wf)) printf("FAIL fmaf rounding %s: %a, glibc %a\n", kModeNames[m], rf, wf), ++failures;
      }
      {
        int q1, q2;
        double r = pimnic_remquo(x, y, &q1), w = remquo(x, y, &q2);
        const int quo_ok = w != w || ((abs(q1) & 7) == (abs(q2) & 7) && (q2 == 0 || (q1 < 0) == (q2 < 0)));
        if (!agreed("remainder", r, w, x, y) || !quo_ok)
          printf("FAIL remquo(%a, %a): %a quo %d, glibc %a quo %d\n", x, y, r, q1, w, q2), ++failures;
        int e1, e2;
        r = pimnic_frexp(x, &e1);
        w = frexp(x, &e2);
        if (!same(r, w) || (w == w && fabs(w) != INFINITY && e1 != e2)) printf("FAIL frexp(%a)\n", x), ++failures;
        const int k = (int)(next() % 4300) - 2150;
        if (!same(pimnic_ldexp(x, k), ldexp(x, k)) || !same(pimnic_scalbn(x, k), scalbn(x, k)) ||
            !same(pimnic_scalbln(x, k), scalbln(x, k)))
          printf("FAIL ldexp/scalbn(%a, %d) rounding %s: %a, glibc %a\n", x, k, kModeNames[m], pimnic_ldexp(x, k),
                 ldexp(x, k)), ++failures;
        if (!samef(pimnic_ldexpf((float)x, k), ldexpf((float)x, k)))
          printf("FAIL ldexpf(%a, %d) rounding %s\n", (double)(float)x, k, kModeNames[m]), ++failures;
        if (pimnic_ilogb(x) != ilogb(x)) printf("FAIL ilogb(%a): %d, glibc %d\n", x, pimnic_ilogb(x), ilogb(x)), ++failures;
        double i1, i2;
        r = pimnic_modf(x, &i1);
        w = modf(x, &i2);
        if (!same(r, w) || !same(i1, i2)) printf("FAIL modf(%a)\n", x), ++failures;
      }
    }
  }
  fesetround(FE_TONEAREST);
  printf("exact: %u operand sets in 4 rounding modes, %d differences from glibc (and %u zero remainders whose "
         "sign glibc gets wrong by IEEE 754)\n", checks, failures, glibc_zero_sign_misses);
}

/* ---- accuracy ----------------------------------------------------------------------------------- */
typedef struct {
  const char* name;
  int arity;
  double (*mine)(double, double);
  long double (*ref)(long double, long double);
  double (*gen)(int arg);
  double bound; /* ulps (docs/sdk.md) */
} Approx;

#define WRAP1(fn)                                                                        \
  static double my_##fn(double x, double y) { (void)y; return pimnic_##fn(x); }          \
  static long double ref_##fn(long double x, long double y) { (void)y; return fn##l(x); }
#define WRAP2(fn)                                                                        \
  static double my_##fn(double x, double y) { return pimnic_##fn(x, y); }                \
  static long double ref_##fn(long double x, long double y) { return fn##l(x, y); }
WRAP1(exp) WRAP1(exp2) WRAP1(expm1) WRAP1(log) WRAP1(log2) WRAP1(log10) WRAP1(log1p) WRAP2(pow) WRAP1(cbrt)
WRAP2(hypot) WRAP1(sin) WRAP1(cos) WRAP1(tan) WRAP1(asin) WRAP1(acos) WRAP1(atan) WRAP2(atan2) WRAP1(sinh)
WRAP1(cosh) WRAP1(tanh) WRAP1(asinh) WRAP1(acosh) WRAP1(atanh)

static double g_exp(int a) { (void)a; return next() % 8 ? uniform(-745.2, 709.8) : uniform(-1, 1); }
static double g_exp2(int a) { (void)a; return next() % 8 ? uniform(-1075, 1024) : uniform(-1, 1); }
static double g_expm1(int a) { (void)a; return next() % 2 ? uniform(-40, 709.7) : ldexp(uniform(-1, 1), -(int)(next() % 40)); }
static double g_pos(int a) { (void)a; return fabs(any_double()); }
static double g_log1p(int a) { (void)a; return next() % 2 ? uniform(-1, 1) : fabs(any_double()); }
static double g_pow(int a) {
  if (a == 0) return next() % 4 ? log_uniform(1e-10, 1e10) : uniform(0.5, 2);
  return next() % 4 ? uniform(-30, 30) : (double)(int)(next() % 60) - 30;
}
static double g_any(int a) { (void)a; return any_double(); }
static double g_trig(int a) {
  (void)a;
  switch (next() % 4) {
    case 0: return uniform(-4, 4);
    case 1: return uniform(-1e6, 1e6);
    case 2: return log_uniform(1e6, 1e300) * (next() % 2 ? 1 : -1);
    default: return uniform(-100, 100);
  }
}
static double g_unit(int a) { (void)a; return next() % 4 ? uniform(-1, 1) : (1 - ldexp(uniform(0, 1), -(int)(next() % 50))) * (next() % 2 ? 1 : -1); }
static double g_hyp(int a) { (void)a; return next() % 2 ? uniform(-30, 30) : uniform(-710, 710); }
static double g_acosh(int a) { (void)a; return next() % 2 ? 1 + ldexp(uniform(0, 1), -(int)(next() % 50)) : log_uniform(1, 1e300); }

static const Approx kApprox[] = {
    {"exp", 1, my_exp, ref_exp, g_exp, 1.0},          {"exp2", 1, my_exp2, ref_exp2, g_exp2, 1.0},
    {"expm1", 1, my_expm1, ref_expm1, g_expm1, 1.0},  {"log", 1, my_log, ref_log, g_pos, 1.0},
    {"log2", 1, my_log2, ref_log2, g_pos, 1.0},       {"log10", 1, my_log10, ref_log10, g_pos, 1.0},
    {"log1p", 1, my_log1p, ref_log1p, g_log1p, 1.0},  {"pow", 2, my_pow, ref_pow, g_pow, 1.0},
    {"cbrt", 1, my_cbrt, ref_cbrt, g_any, 1.0},       {"hypot", 2, my_hypot, ref_hypot, g_any, 1.0},
    {"sin", 1, my_sin, ref_sin, g_trig, 1.0},         {"cos", 1, my_cos, ref_cos, g_trig, 1.0},
    {"tan", 1, my_tan, ref_tan, g_trig, 1.5},         {"asin", 1, my_asin, ref_asin, g_unit, 1.0},
    {"acos", 1, my_acos, ref_acos, g_unit, 1.0},      {"atan", 1, my_atan, ref_atan, g_any, 1.0},
    {"atan2", 2, my_atan2, ref_atan2, g_any, 1.0},    {"sinh", 1, my_sinh, ref_sinh, g_hyp, 1.0},
    {"cosh", 1, my_cosh, ref_cosh, g_hyp, 1.0},       {"tanh", 1, my_tanh, ref_tanh, g_hyp, 1.0},
    {"asinh", 1, my_asinh, ref_asinh, g_any, 1.0},    {"acosh", 1, my_acosh, ref_acosh, g_acosh, 1.0},
    {"atanh", 1, my_atanh, ref_atanh, g_unit, 1.0},
};

/* |got - want| in units of the last place of want rounded to double. */
static double ulps(double got, long double want) {
  if (got != got || want != want) return (got != got && want != want) ? 0 : INFINITY;
  if (isinf(got) || isinf(want)) {
    if ((double)want == got) return 0;
    return isinf(got) && fabsl(want) > DBL_MAX * 0.99999999999999L ? 0.5 : INFINITY;
  }
  const double w = (double)want;
  int e;
  frexp(w == 0 ? DBL_MIN : w, &e);
  if (e < -1021) e = -1021;
  return (double)(fabsl((long double)got - want) / ldexpl(1.0L, e - 53));
}

static void accuracy(unsigned n) {
  printf("%-8s %10s %10s  %s\n", "function", "max ulps", "bound", "at");
  for (size_t f = 0; f < sizeof kApprox / sizeof kApprox[0]; ++f) {
    const Approx* a = &kApprox[f];
    double worst = 0, wx = 0, wy = 0;
    for (unsigned i = 0; i < n; ++i) {
      const double x = a->gen(0), y = a->arity == 2 ? a->gen(1) : 0;
      const double u = ulps(a->mine(x, y), a->ref(x, y));
      if (u > worst) worst = u, wx = x, wy = y;
    }
    const int bad = !(worst <= a->bound);
    failures += bad;
    if (a->arity == 2) printf("%-8s %10.3f %10.1f  %a, %a %s\n", a->name, worst, a->bound, wx, wy, bad ? "FAIL" : "");
    else printf("%-8s %10.3f %10.1f  %a %s\n", a->name, worst, a->bound, wx, bad ? "FAIL" : "");
  }
}

/* ---- verify ------------------------------------------------------------------------------------- */
static void verify(void) {
  char line[512], fn[32], mode[16];
  unsigned long lines = 0;
  while (fgets(line, sizeof line, stdin)) {
    uint64_t v[4] = {0, 0, 0, 0};
    int n = sscanf(line, "%31s %15s %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64, fn, mode, &v[0], &v[1], &v[2], &v[3]);
    if (n < 4) continue;
    int m = 0;
    while (m < 4 && strcmp(mode, kModeNames[m])) ++m;
    if (m == 4) continue;
    ++lines;
    fesetround(kModes[m]);
    const int args = n - 3; /* operands, the last value is the result */
    const uint64_t got = v[args];
    uint64_t want = 0;
    int known = 1;
    const double x = from_bits(v[0]), y = from_bits(v[1]), z = from_bits(v[2]);
    const float xf = from_fbits((uint32_t)v[0]), yf = from_fbits((uint32_t)v[1]), zf = from_fbits((uint32_t)v[2]);
    (void)xf, (void)yf, (void)zf;
#define D1(f) else if (!strcmp(fn, #f)) want = bits(pimnic_##f(x));
#define D2(f) else if (!strcmp(fn, #f)) want = bits(pimnic_##f(x, y));
#define F1(f) else if (!strcmp(fn, #f)) want = fbits(pimnic_##f(xf));
#define F2(f) else if (!strcmp(fn, #f)) want = fbits(pimnic_##f(xf, yf));
#define I1(f) else if (!strcmp(fn, #f)) want = (uint64_t)(int64_t)pimnic_##f(x);
    if (0) {
    }
    D1(exp) D1(exp2) D1(expm1) D1(log) D1(log2) D1(log10) D1(log1p) D2(pow) D1(cbrt) D2(hypot) D1(sin) D1(cos) D1(tan)
    D1(asin) D1(acos) D1(atan) D2(atan2) D1(sinh) D1(cosh) D1(tanh) D1(asinh) D1(acosh) D1(atanh)
    F1(expf) F1(logf) F2(powf) F1(sinf) F1(cosf) F1(tanf) F1(atanf) F2(atan2f) F1(cbrtf) F1(sqrtf)
    D1(fabs) D1(floor) D1(ceil) D1(trunc) D1(round) D1(rint) D1(nearbyint) D1(sqrt) D2(fmod) D2(remainder) D2(copysign)
    D2(nextafter) D2(fmin) D2(fmax) D2(fdim) F1(floorf) F1(ceilf) F1(truncf) F1(roundf) F1(rintf) F2(fmodf)
    I1(lrint) I1(llrint) I1(lround) I1(llround)
    else if (!strcmp(fn, "fma")) want = bits(pimnic_fma(x, y, z));
    else if (!strcmp(fn, "fmaf")) want = fbits(pimnic_fmaf(xf, yf, zf));
    else known = 0;
    if (!known) {
      printf("FAIL unknown function in: %s", line);
      ++failures;
    } else if (want != got) {
      /* NaNs: any NaN for a NaN (their payloads follow each platform's NaN rules). */
      const int is_float = fn[strlen(fn) - 1] == 'f';
      const int nan_ok = is_float ? (from_fbits((uint32_t)want) != from_fbits((uint32_t)want) &&
                                     from_fbits((uint32_t)got) != from_fbits((uint32_t)got))
                                  : (from_bits(want) != from_bits(want) && from_bits(got) != from_bits(got));
      if (!nan_ok) {
        printf("FAIL %s %s: firmware %016" PRIx64 ", x86 build %016" PRIx64 " (line %lu)\n", fn, mode, got, want, lines);
        ++failures;
      }
    }
  }
  fesetround(FE_TONEAREST);
  printf("verify: %lu results from the firmware, %d differences\n", lines, failures);
  if (lines < 1000) {
    printf("FAIL: too few results (%lu)\n", lines);
    ++failures;
  }
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const unsigned n = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 10000;
  if (!strcmp(argv[1], "exact")) exact(n);
  else if (!strcmp(argv[1], "accuracy")) accuracy(n);
  else if (!strcmp(argv[1], "verify")) verify();
  else return 2;
  return failures ? 1 : 0;
}
