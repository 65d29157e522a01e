// __builtin_trap() is the trap instruction: SIGTRAP, exit status 133.
#include <stdio.h>

int main(void) {
  printf("trapping\n");
  fflush(stdout);
  __builtin_trap();
}
