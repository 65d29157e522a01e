/* Every function of the SDK's <math.h> on operands from a fixed generator and on edge values,
 * the exact ones in each of the four rounding modes, printed one result a line:
 *   FN MODE X [Y [Z]] RESULT      (hex bit patterns: doubles 16 digits, floats 8)
 * tests/libm/check_firmware.py hands the lines to `libm_check verify`. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 0x2545F4914F6CDD1Dull;
}
static double uniform(double lo, double hi) { return lo + (hi - lo) * (double)(next() >> 11) * 0x1p-53; }
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
static double from(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}
static double any_double(void) {
  for (;;) {
    double d = from(next());
    if (d == d && fabs(d) != INFINITY) return d;
  }
}

static const char* const kModes[4] = {"nearest", "zero", "up", "down"};
static const int kModeValues[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
static const double kEdges[] = {0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 1.0, -1.0, 0x1p52 + 0.5, 0x1p-1074, 0x1p-1022,
                                1e300, -1e-300, 3.0, 0.1, 2147483646.5, INFINITY, -INFINITY, NAN};
#define NEDGES (sizeof kEdges / sizeof kEdges[0])

static void d1(const char* fn, const char* mode, double x, double r) {
  printf("%s %s %016llx %016llx\n", fn, mode, (unsigned long long)bits(x), (unsigned long long)bits(r));
}
static void d2(const char* fn, const char* mode, double x, double y, double r) {
  printf("%s %s %016llx %016llx %016llx\n", fn, mode, (unsigned long long)bits(x), (unsigned long long)bits(y),
         (unsigned long long)bits(r));
}
static void f1(const char* fn, const char* mode, float x, float r) {
  printf("%s %s %08lx %08lx\n", fn, mode, (unsigned long)fbits(x), (unsigned long)fbits(r));
}
static void f2(const char* fn, const char* mode, float x, float y, float r) {
  printf("%s %s %08lx %08lx %08lx\n", fn, mode, (unsigned long)fbits(x), (unsigned long)fbits(y),
         (unsigned long)fbits(r));
}
static void i1(const char* fn, const char* mode, double x, long long r) {
  printf("%s %s %016llx %016llx\n", fn, mode, (unsigned long long)bits(x), (unsigned long long)r);
}

#define N 60

static void exact_functions(void) {
  for (int m = 0; m < 4; ++m) {
    fesetround(kModeValues[m]);
    const char* md = kModes[m];
    for (unsigned i = 0; i < NEDGES + N; ++i) {
      const double x = i < NEDGES ? kEdges[i] : (i & 1) ? any_double() : uniform(-1e4, 1e4);
      const double y = i < NEDGES ? kEdges[(i * 7 + 3) % NEDGES] : uniform(-50, 50);
      const double z = uniform(-1, 1);
      d1("floor", md, x, floor(x));
      d1("ceil", md, x, ceil(x));
      d1("trunc", md, x, trunc(x));
      d1("round", md, x, round(x));
      d1("rint", md, x, rint(x));
      d1("nearbyint", md, x, nearbyint(x));
      d1("sqrt", md, x, sqrt(x));
      d1("fabs", md, x, fabs(x));
      if (fabs(x) < 2e9) {
        i1("lrint", md, x, lrint(x));
        i1("llrint", md, x, llrint(x));
        i1("lround", md, x, lround(x));
        i1("llround", md, x, llround(x));
      }
      d2("fmod", md, x, y, fmod(x, y));
      d2("remainder", md, x, y, remainder(x, y));
      d2("copysign", md, x, y, copysign(x, y));
      d2("nextafter", md, x, y, nextafter(x, y));
      d2("fmin", md, x, y, fmin(x, y));
      d2("fmax", md, x, y, fmax(x, y));
      d2("fdim", md, x, y, fdim(x, y));
      printf("fma %s %016llx %016llx %016llx %016llx\n", md, (unsigned long long)bits(x), (unsigned long long)bits(y),
             (unsigned long long)bits(z), (unsigned long long)bits(fma(x, y, z)));
      const float xf = (float)x, yf = (float)y, zf = (float)z;
      f1("floorf", md, xf, floorf(xf));
      f1("ceilf", md, xf, ceilf(xf));
      f1("truncf", md, xf, truncf(xf));
      f1("roundf", md, xf, roundf(xf));
      f1("rintf", md, xf, rintf(xf));
      f1("sqrtf", md, xf, sqrtf(xf));
      f2("fmodf", md, xf, yf, fmodf(xf, yf));
      printf("fmaf %s %08lx %08lx %08lx %08lx\n", md, (unsigned long)fbits(xf), (unsigned long)fbits(yf),
             (unsigned long)fbits(zf), (unsigned long)fbits(fmaf(xf, yf, zf)));
    }
  }
  fesetround(FE_TONEAREST);
}

static void approximate_functions(void) {
  const char* md = "nearest";
  for (unsigned i = 0; i < NEDGES + N; ++i) {
    const double e = i < NEDGES ? kEdges[i] : 0;
    const int edge = i < NEDGES;
    double x;
    x = edge ? e : uniform(-745, 709);
    d1("exp", md, x, exp(x));
    d1("exp2", md, x, exp2(x));
    x = edge ? e : uniform(-5, 5);
    d1("expm1", md, x, expm1(x));
    d1("sinh", md, x, sinh(x));
    d1("cosh", md, x, cosh(x));
    d1("tanh", md, x, tanh(x));
    d1("asinh", md, x, asinh(x));
    d1("atan", md, x, atan(x));
    x = edge ? e : fabs(any_double());
    d1("log", md, x, log(x));
    d1("log2", md, x, log2(x));
    d1("log10", md, x, log10(x));
    d1("cbrt", md, x, cbrt(x));
    d1("acosh", md, x, acosh(x));
    x = edge ? e : uniform(-0.999, 5);
    d1("log1p", md, x, log1p(x));
    x = edge ? e : uniform(-1, 1);
    d1("asin", md, x, asin(x));
    d1("acos", md, x, acos(x));
    d1("atanh", md, x, atanh(x));
    x = edge ? e : (i % 3 == 0 ? uniform(-1e6, 1e6) : i % 3 == 1 ? any_double() : uniform(-10, 10));
    d1("sin", md, x, sin(x));
    d1("cos", md, x, cos(x));
    d1("tan", md, x, tan(x));
    const double y = edge ? kEdges[(i * 5 + 1) % NEDGES] : uniform(-20, 20);
    x = edge ? e : uniform(0, 30);
    d2("pow", md, x, y, pow(x, y));
    d2("atan2", md, y, x, atan2(y, x));
    d2("hypot", md, x, y, hypot(x, y));
    const float xf = (float)x, yf = (float)y;
    f1("expf", md, (float)y, expf((float)y));
    f1("logf", md, xf, logf(xf));
    f2("powf", md, xf, yf, powf(xf, yf));
    f1("sinf", md, yf, sinf(yf));
    f1("cosf", md, yf, cosf(yf));
    f1("tanf", md, yf, tanf(yf));
    f1("atanf", md, yf, atanf(yf));
    f2("atan2f", md, yf, xf, atan2f(yf, xf));
    f1("cbrtf", md, yf, cbrtf(yf));
  }
}

int main(void) {
  exact_functions();
  approximate_functions();
  printf("math-test: done\n");
  return 0;
}
