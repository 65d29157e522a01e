/* glibc 2.36's fegetround executes mffsl, a POWER9 form of mffs with reserved bits set: qemu 7.2
 * raises SIGILL, older CPUs and pimnic run it as mffs (docs/isa/qemu-divergences.md).
 * scripts/qemu_trace_diff.py names the divergence (trace.qemu_diff.*.fenv_power9). */
#include <fenv.h>
#include <stdio.h>

int main(void) {
  printf("rounding mode %d\n", fegetround());
  return 0;
}
