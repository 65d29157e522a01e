// abort() must end the process as SIGABRT does: exit status 134, unflushed stdio lost.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  printf("about to abort\n");
  fflush(stdout);
  abort();
}
