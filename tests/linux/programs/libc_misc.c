// More of libc: setjmp/longjmp (glibc's AltiVec-saving __vmx__sigsetjmp), sscanf, gmtime and
// strftime (no time zone files needed), rand with a fixed seed, strerror, div/ldiv, and
// wide-character conversion in the C locale.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

static jmp_buf env;
static int depth;

static void dive(int n) {
  depth = n;
  if (n == 25) longjmp(env, n * 2);
  dive(n + 1);
}

int main(void) {
  int v = setjmp(env);
  if (v == 0) dive(0);
  printf("longjmp returned %d from depth %d\n", v, depth);

  int a, b;
  double x;
  char word[16];
  int n = sscanf("  42 -17 3.25e2 hello", "%d %d %lf %15s", &a, &b, &x, word);
  printf("sscanf %d: %d %d %g %s\n", n, a, b, x, word);
  unsigned h;
  sscanf("ff", "%x", &h);
  printf("hex %u\n", h);

  time_t t = 1234567890;
  struct tm *tm = gmtime(&t);
  char buf[64];
  strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %b %j", tm);
  printf("gmtime %s\n", buf);
  printf("day of year %d\n", tm->tm_yday);

  srand(12345);
  printf("rand:");
  for (int i = 0; i < 5; i++) printf(" %d", rand() % 1000);
  printf("\n");
  printf("strerror: %s | %s | %s\n", strerror(2), strerror(12), strerror(38));
  div_t d = div(-17, 5);
  ldiv_t ld = ldiv(1000000007L, 97L);
  printf("div %d %d ldiv %ld %ld\n", d.quot, d.rem, ld.quot, ld.rem);
  wchar_t w[32];
  size_t wl = mbstowcs(w, "plain ascii", 32);
  printf("mbstowcs %zu last %lc\n", wl, (wint_t)w[wl - 1]);
  char *end;
  printf("strtod hex %a end '%s'\n", strtod("0x1.8p3rest", &end), end);
  return 0;
}
