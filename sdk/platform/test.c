/* Counters and failure reports for pimnic/test.h. */
#include "pimnic/test.h"

#include <stdio.h>
#include <string.h>

static unsigned checks, failures;

void pimnic_test_pass(void) { ++checks; }

void pimnic_test_fail(const char* file, int line, const char* what) {
  ++checks, ++failures;
  printf("FAIL %s:%d: %s\n", file, line, what);
}

void pimnic_test_fail_values(const char* file, int line, const char* what, unsigned long long a,
                             unsigned long long b) {
  ++checks, ++failures;
  printf("FAIL %s:%d: %s: %lld (%#llx) != %lld (%#llx)\n", file, line, what, (long long)a, a, (long long)b, b);
}

void pimnic_test_fail_strings(const char* file, int line, const char* what, const char* a, const char* b) {
  ++checks, ++failures;
  printf("FAIL %s:%d: %s: \"%s\" != \"%s\"\n", file, line, what, a ? a : "(null)", b ? b : "(null)");
}

int pimnic_test_str_eq(const char* a, const char* b) { return a && b ? strcmp(a, b) == 0 : a == b; }

int pimnic_test_failures(void) { return (int)failures; }

int pimnic_test_summary(const char* name) {
  printf("%s: %u checks, %u failure%s\n", name, checks, failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
