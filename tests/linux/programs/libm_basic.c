// libm functions that qemu-ppc 7.2 can run (Debian's sin/cos/tan/atan/atan2/tgamma use POWER9
// forms qemu rejects; libm_trig covers those against the host's libm).
#include <math.h>
#include <stdio.h>

static volatile double xs[] = {0.5, 1.0, 2.0, 3.7, 10.25, 1e-3, 123.456};

int main(void) {
  for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double x = xs[i];
    printf("x=%g\n", x);
    printf("  sqrt %.17g cbrt %.17g\n", sqrt(x), cbrt(x));
    printf("  exp %.17g exp2 %.17g expm1 %.17g\n", exp(x), exp2(x), expm1(x));
    printf("  log %.17g log2 %.17g log10 %.17g log1p %.17g\n", log(x), log2(x), log10(x), log1p(x));
    printf("  pow %.17g hypot %.17g fmod %.17g remainder %.17g\n", pow(x, 1.7), hypot(x, 2.0), fmod(x, 0.3),
           remainder(x, 0.7));
    printf("  sinh %.17g cosh %.17g tanh %.17g asin %.17g acos %.17g\n", sinh(x), cosh(x), tanh(x),
           asin(x / 200), acos(x / 200));
    printf("  erf %.17g lgamma %.17g\n", erf(x), lgamma(x));
    printf("  floor %g ceil %g round %g trunc %g rint %g\n", floor(-x), ceil(-x), round(x), trunc(-x), rint(x));
    int e;
    double m = frexp(x, &e);
    printf("  frexp %.17g %d ldexp %.17g fma %.17g\n", m, e, ldexp(x, 5), fma(x, x, -1.0));
    printf("  sqrtf %.9g expf %.9g logf %.9g powf %.9g\n", sqrtf((float)x), expf((float)x), logf((float)x),
           powf((float)x, 0.5f));
  }
  return 0;
}
