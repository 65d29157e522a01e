// SDK self-test: runs every group and returns non-zero if any check failed. The test driver
// (tests/firmware/check_selftest.py) also compares the printf and conversion lines with the host.
#include <stdio.h>
#include <stdlib.h>

#include "pimnic/test.h"
#include "selftest.h"

namespace {
void announce_exit() { puts("selftest: atexit handler ran"); }
}  // namespace

int main() {
  atexit(announce_exit);
  printf("selftest: profile %s\n", PIMNIC_PROFILE_NAME);
  test_strings();
  test_ctype();
  test_stdlib();
  test_heap();
  test_printf();
  test_int64_div();
  test_int64_conv();
  test_cxx();
  test_platform();
  return pimnic_test_summary("sdk-selftest");
}
