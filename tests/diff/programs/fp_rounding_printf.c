/* Floating point under all four rounding modes: arithmetic, conversions, printf and strtod (glibc
 * honours the current rounding mode in both). The mode is set with mtfsfi (not fesetround /
 * fegetround, which glibc 2.36 implements with POWER9 instructions qemu 7.2 rejects).
 * Output must be byte-identical under `pimnic linux` and qemu-ppc-static -cpu 7400. */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_rn(int rn) {
  switch (rn) {
    case 0: __asm__ volatile("mtfsfi 7,0"); break;
    case 1: __asm__ volatile("mtfsfi 7,1"); break;
    case 2: __asm__ volatile("mtfsfi 7,2"); break;
    default: __asm__ volatile("mtfsfi 7,3"); break;
  }
}

static uint32_t fpscr(void) {
  union { double d; uint64_t u; } v;
  __asm__ volatile("mffs %0" : "=f"(v.d));
  return (uint32_t)v.u;
}

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

static volatile double vals[] = {1.0, -1.0, 3.0, 0.1, -0.1, 1e300, 1e-300, 4.9e-324, 2.2250738585072014e-308,
                                 1.7976931348623157e308, 0.5, 2.5, -2.5, 1.0 / 3.0, 123456789.123456789,
                                 0.0, -0.0, 16777217.0, 9007199254740993.0, 2147483647.5, -2147483648.5};
static volatile float fvals[] = {1.0f, 0.1f, 3.4028235e38f, 1.17549435e-38f, 1.4e-45f, 16777217.0f, -7.5f};
static const char *decimals[] = {"0.1", "1e-320", "2.4703282292062327e-324", "1.7976931348623158e308",
                                 "3.14159265358979323846264338327950288", "-0.30000000000000004",
                                 "123456789012345678901234567890", "0x1.fffffffffffffp1023", "1e400", "nan",
                                 "-inf", "4.9406564584124654e-324"};

int main(void) {
  const char *names[] = {"nearest", "zero", "+inf", "-inf"};
  for (int rn = 0; rn < 4; rn++) {
    set_rn(rn);
    printf("== rounding %s (fpscr %08" PRIx32 ")\n", names[rn], fpscr() & 3);
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
      double x = vals[i];
      double q = x / 3.0, s = sqrt(fabs(x)), m = x * 1.1, a = x + 1e-17;
      float f = (float)x;
      printf("%-3d %.17g %a | /3 %.17g | sqrt %.17g | *1.1 %016" PRIx64 " | +e-17 %016" PRIx64
             " | (float) %08" PRIx32 " %.9g | %.3f %.0f %e %g\n",
             i, x, x, q, s, bits(m), bits(a), fbits(f), f, x, x, x, x);
      printf("    rint %.17g nearbyint %.17g lrint %ld (int) %d llrint %lld\n", rint(x), nearbyint(x),
             (fabs(x) < 2e9) ? lrint(x) : 0L, (fabs(x) < 2e9) ? (int)x : 0,
             (fabs(x) < 9e18) ? llrint(x) : 0LL);
    }
    int nf = sizeof fvals / sizeof fvals[0];
    for (int i = 0; i < nf; i++) {
      float f = fvals[i];
      float g = f / 7.0f, h = f * f, k = f + 1e-7f;
      printf("f%-2d %.9g %a | /7 %08" PRIx32 " | sq %08" PRIx32 " | +1e-7 %08" PRIx32 " | %.2f\n", i, f,
             (double)f, fbits(g), fbits(h), fbits(k), f);
    }
    for (size_t i = 0; i < sizeof decimals / sizeof decimals[0]; i++) {
      double d = strtod(decimals[i], 0);
      float f = strtof(decimals[i], 0);
      printf("strtod(%s) = %016" PRIx64 " %.17g  strtof = %08" PRIx32 "\n", decimals[i], bits(d), d, fbits(f));
    }
    printf("fpscr after %s: %08" PRIx32 "\n", names[rn], fpscr() & 0x1ff80700);
  }
  set_rn(0);
  return 0;
}
