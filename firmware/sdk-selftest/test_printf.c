/* printf family: every case of printf_cases.h is formatted with snprintf and printed as
 * "printf <index> [<text>] <return value>" for the host comparison; plus the properties that a
 * line comparison cannot show (truncation, return values, %n, the console path). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pimnic/test.h"
#include "selftest.h"

/* The cases include deliberate edge cases (%hhd of an int, flags that cancel each other). */
#pragma clang diagnostic ignored "-Wformat"

static char buf[1024];

void test_printf(void) {
  int index = 0, n;
#define PRINTF_CASE(...)                                 \
  n = snprintf(buf, sizeof buf, __VA_ARGS__);            \
  printf("printf %d [%s] %d\n", index++, buf, n);
#include "printf_cases.h"
#undef PRINTF_CASE
  printf("printf cases: %d\n", index);

  /* Truncation: the return value is the full length; the buffer always ends in NUL. */
  char small[8];
  memset(small, 'X', sizeof small);
  CHECK_EQ(snprintf(small, 5, "%s", "hello world"), 11);
  CHECK_STR_EQ(small, "hell");
  CHECK(small[5] == 'X');
  CHECK_EQ(snprintf(small, 1, "%d", 12345), 5);
  CHECK(small[0] == 0);
  small[0] = 'Q';
  CHECK_EQ(snprintf(small, 0, "%d", 12345), 5);
  CHECK(small[0] == 'Q'); /* size 0 writes nothing */
  CHECK_EQ(snprintf(NULL, 0, "%.3f", 2.5), 5);
  CHECK_EQ(sprintf(buf, "%05.1f", 9.96), 5);
  CHECK_STR_EQ(buf, "010.0");

  int count = -1;
  short hcount = -1;
  snprintf(buf, sizeof buf, "abc%n%d%hn", &count, 12345, &hcount);
  CHECK_EQ(count, 3);
  CHECK_EQ(hcount, 8);

  /* Long output through the console path (more than its 128-byte buffer). */
  n = printf("console: %0200d\n", 7);
  CHECK_EQ(n, 210);
  CHECK_EQ(puts("console: puts works"), 0);
  CHECK_EQ(putchar('\n'), '\n');
}
