// Clocks and sleeping: the clocks move forward, a sleep is seen to take (at least) its time,
// time() agrees with CLOCK_REALTIME, and the resolution query works. Prints only facts that
// hold on any machine.
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

static double now(clockid_t c) {
  struct timespec ts;
  clock_gettime(c, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  double m0 = now(CLOCK_MONOTONIC), r0 = now(CLOCK_REALTIME);
  struct timespec req = {0, 200000000};
  int rc = nanosleep(&req, NULL);
  double m1 = now(CLOCK_MONOTONIC);
  printf("nanosleep rc=%d slept>=0.2s: %s\n", rc, m1 - m0 >= 0.2 ? "yes" : "no");
  req.tv_nsec = 50000000;
  rc = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
  printf("clock_nanosleep rc=%d monotonic forward: %s\n", rc, now(CLOCK_MONOTONIC) > m1 ? "yes" : "no");
  time_t t = time(NULL);
  printf("time() within 2s of CLOCK_REALTIME: %s\n", (double)t - r0 < 2 && (double)t - r0 > -2 ? "yes" : "no");
  printf("after 2020: %s\n", t > 1577836800 ? "yes" : "no");
  struct timeval tv;
  printf("gettimeofday rc=%d usec<1e6: %s\n", gettimeofday(&tv, NULL), tv.tv_usec < 1000000 ? "yes" : "no");
  struct timespec res;
  printf("getres rc=%d positive: %s\n", clock_getres(CLOCK_MONOTONIC, &res), res.tv_sec == 0 && res.tv_nsec > 0 ? "yes" : "no");
  printf("bad clock rc=%d\n", clock_gettime((clockid_t)99, &res));
  return 0;
}
