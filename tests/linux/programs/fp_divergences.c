/* Documented divergences between qemu 7.2 and the PowerPC books that leave the program's results
 * alone (docs/isa/qemu-divergences.md): an inexact divide and then fcmpu, which clears FPSCR[FI]
 * in qemu only; a single-precision result in the denormal range, whose FPRF class qemu calls
 * "normal"; the FPSCR copied to memory (fegetenv: mffs, stfd) and read back into a register.
 * scripts/qemu_trace_diff.py must name and mask each of them (trace.qemu_diff.*.fp_divergences). */
#include <fenv.h>
#include <stdio.h>
#include <string.h>

/* Globals, so that the operations happen before fegetenv (an opaque call may read them). */
volatile double one = 1.0, three = 3.0, q;
volatile float tiny = 1e-20f, d;
volatile int less;

int main(void) {
  q = one / three; /* inexact: FI and XX set */
  less = q < 0.5;  /* fcmpu */
  d = tiny * tiny; /* 1e-40: a single denormal */
  fenv_t env;
  fegetenv(&env); /* the whole FPSCR into memory */
  unsigned words[2];
  memcpy(words, &env, sizeof words);
  int inexact = (words[1] & 0x02000000) != 0; /* XX: the same in both */
  printf("%d %d %d\n", less, d > 0, inexact);
  return 0;
}
