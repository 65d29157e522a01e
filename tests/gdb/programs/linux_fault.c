/* For the Linux-mode gdb tests: recursion to backtrace through, then a store to an unmapped
 * address (SIGSEGV) unless an argument is given, in which case it exits with status 3. */
#include <stdio.h>

int depth(int n, int fault) {
  if (n == 0) {
    if (fault) *(volatile int *)0x1234 = 1;
    return 0;
  }
  return depth(n - 1, fault) + 1;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("before\n");
  fflush(stdout);
  return depth(3, argc < 2);
}
