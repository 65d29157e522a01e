// The smallest integer loop: add/addi/or/addi/cmpwi/bne, six instructions per iteration, written
// in assembly so that every compiler produces the same one. It measures pure dispatch cost.
#include "bench_common.h"

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, 200000000);
  unsigned a = 1, b = 3, n = (unsigned)reps;
  __asm__ volatile(
      "1:\n\t"
      "add %0,%0,%1\n\t"
      "addi %1,%1,7\n\t"
      "or %0,%0,%1\n\t"
      "addi %2,%2,-1\n\t"
      "cmpwi %2,0\n\t"
      "bne 1b\n"
      : "+r"(a), "+r"(b), "+r"(n)
      :
      : "cc");
  printf("int_loop %ld %08x %08x\n", reps, a, b);
  return 0;
}
