/* The host's C library formatting the same cases as the firmware self-test (printf_cases.h):
 * its output is the expectation for the SDK's printf. Lines: "printf <index> [<text>] <ret>". */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"

int main(void) {
  static char buf[1024];
  int index = 0, n;
#define PRINTF_CASE(...)                      \
  n = snprintf(buf, sizeof buf, __VA_ARGS__); \
  printf("printf %d [%s] %d\n", index++, buf, n);
#include "printf_cases.h"
#undef PRINTF_CASE
  printf("printf cases: %d\n", index);
  return 0;
}
