/* glibc libm functions (double and float) on edge and ordinary arguments, in each rounding mode,
 * printed as bit patterns. Leaves out sin, cos, tan, atan, atan2, tgamma, lgamma and fegetround:
 * glibc 2.36 runs POWER9 instructions in them (lgamma: for negative arguments) that qemu 7.2
 * rejects (tests/linux libm_trig covers those against a host build). Output must be identical
 * under pimnic and qemu. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void set_rn(int rn) {
  switch (rn) {
    case 0: __asm__ volatile("mtfsfi 7,0"); break;
    case 1: __asm__ volatile("mtfsfi 7,1"); break;
    case 2: __asm__ volatile("mtfsfi 7,2"); break;
    default: __asm__ volatile("mtfsfi 7,3"); break;
  }
}

static uint64_t b(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

static uint32_t bf(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

typedef double (*F1)(double);
typedef double (*F2)(double, double);
typedef float (*G1)(float);
typedef float (*G2)(float, float);

static const struct { const char *name; F1 f; } f1[] = {
    {"exp", exp},     {"exp2", exp2},   {"expm1", expm1}, {"log", log},     {"log2", log2},
    {"log10", log10}, {"log1p", log1p}, {"sqrt", sqrt},   {"cbrt", cbrt},   {"sinh", sinh},
    {"cosh", cosh},   {"tanh", tanh},   {"asinh", asinh}, {"acosh", acosh}, {"atanh", atanh},
    {"erf", erf},     {"erfc", erfc},   {"floor", floor}, {"ceil", ceil},
    {"trunc", trunc}, {"round", round}, {"rint", rint},   {"nearbyint", nearbyint}, {"logb", logb},
    {"asin", asin},   {"acos", acos},
};
static const struct { const char *name; F2 f; } f2[] = {
    {"pow", pow}, {"hypot", hypot}, {"fmod", fmod}, {"remainder", remainder}, {"fdim", fdim},
    {"fmax", fmax}, {"fmin", fmin}, {"nextafter", nextafter}, {"copysign", copysign},
};
static const struct { const char *name; G1 f; } g1[] = {
    {"expf", expf}, {"logf", logf}, {"log2f", log2f}, {"sqrtf", sqrtf}, {"cbrtf", cbrtf},
    {"expm1f", expm1f}, {"log1pf", log1pf}, {"tanhf", tanhf}, {"erff", erff}, {"rintf", rintf},
    {"floorf", floorf}, {"asinf", asinf},
};
static const struct { const char *name; G2 f; } g2[] = {
    {"powf", powf}, {"hypotf", hypotf}, {"fmodf", fmodf}, {"remainderf", remainderf},
};

static volatile double xs[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, -3.75, 1e-310, 700.0, -745.5,
                               1e300, INFINITY, -INFINITY, NAN, 0.7853981633974483, 123.456, 1e-8};
static volatile double ys[] = {2.0, 0.5, -1.0, 3.0, 1e-5, -0.0};

int main(void) {
  const int nx = sizeof xs / sizeof xs[0], ny = sizeof ys / sizeof ys[0];
  for (int rn = 0; rn < 4; rn++) {
    set_rn(rn);
    printf("== RN %d\n", rn);
    for (size_t k = 0; k < sizeof f1 / sizeof f1[0]; k++) {
      printf("%-9s", f1[k].name);
      for (int i = 0; i < nx; i++) printf(" %016" PRIx64, b(f1[k].f(xs[i])));
      printf("\n");
    }
    for (size_t k = 0; k < sizeof f2 / sizeof f2[0]; k++) {
      printf("%-9s", f2[k].name);
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) printf(" %016" PRIx64, b(f2[k].f(xs[i], ys[j])));
      printf("\n");
    }
    for (size_t k = 0; k < sizeof g1 / sizeof g1[0]; k++) {
      printf("%-9s", g1[k].name);
      for (int i = 0; i < nx; i++) printf(" %08" PRIx32, bf(g1[k].f((float)xs[i])));
      printf("\n");
    }
    for (size_t k = 0; k < sizeof g2 / sizeof g2[0]; k++) {
      printf("%-9s", g2[k].name);
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) printf(" %08" PRIx32, bf(g2[k].f((float)xs[i], (float)ys[j])));
      printf("\n");
    }
    for (int i = 0; i < nx; i++) {
      int e;
      double m = frexp(xs[i], &e);
      printf("frexp %016" PRIx64 " %d ldexp %016" PRIx64 " fma %016" PRIx64 " %016" PRIx64 " lround %ld\n",
             b(m), isfinite(xs[i]) ? e : 0, b(ldexp(xs[i], 7)), b(fma(xs[i], 1.0 / 3.0, -0.25)),
             b(fma(xs[i], xs[i], -xs[i] * xs[i])), fabs(xs[i]) < 1e9 ? lround(xs[i]) : 0L);
    }
  }
  set_rn(0);
  return 0;
}
