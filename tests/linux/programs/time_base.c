/* The time base, read with mftbu/mftb as a program that times itself would: already large at
 * start (the machine has been up for a while, as a real one has), increasing, and moving on
 * across a sleep. */
#include <assert.h>
#include <stdio.h>
#include <time.h>

static unsigned long long time_base(void) {
  unsigned hi, lo, hi2;
  do {
    __asm__ volatile("mftbu %0\n\tmftb %1\n\tmftbu %2" : "=r"(hi), "=r"(lo), "=r"(hi2));
  } while (hi != hi2);
  return (unsigned long long)hi << 32 | lo;
}

int main(void) {
  unsigned long long t0 = time_base();
  printf("time base past 2^32 at start: %s\n", t0 >> 32 ? "yes" : "no");
  assert(t0 > 1ull << 32);
  volatile unsigned sum = 0;
  for (unsigned i = 0; i < 100000; ++i) sum += i;
  unsigned long long t1 = time_base();
  printf("advances while running: %s\n", t1 > t0 ? "yes" : "no");
  struct timespec ten_ms = {0, 10000000};
  nanosleep(&ten_ms, NULL);
  unsigned long long t2 = time_base();
  printf("advances across a sleep: %s\n", t2 > t1 ? "yes" : "no");
  return 0;
}
