// Trigonometry through Debian's libm, which executes mffscrni/mffsl (POWER9 forms a 7400 runs
// as mffs). qemu-ppc 7.2 raises SIGILL there, so the expected output is this same program
// built for and run on the host (glibc's correctly rounded routines; printed to 15 digits).
#include <math.h>
#include <stdio.h>

static volatile double xs[] = {0.5, 1.0, 2.0, -3.7, 10.25, 1e-3, 100.0};

int main(void) {
  for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double x = xs[i];
    printf("x=%g sin %.15g cos %.15g tan %.15g atan %.15g atan2 %.15g\n", x, sin(x), cos(x), tan(x), atan(x),
           atan2(x, 1.5));
  }
  printf("tgamma(4.5) %.15g\n", tgamma(4.5));
  return 0;
}
